// Child process of the benchmark: what a clerk waits for in the review screen with one very
// long text. The same text as bench/long-text.ts (the first 60 de-identified judgments as
// one text, about 37,000 words), dropped on the browser host's review screen (the built
// dist/host.js, on a fresh workspace with the demo collection) in Debian's Chromium, as
// the end-to-end tests drive it. Timed from the page: the findings on screen, the plan
// ready, the switch from the plan to the phrases and back, J to the next finding, a frame
// while editing, a keystroke in the editor until it is painted, placeholder suggestions for
// the whole text, and the Changes tab once the plan is accepted. Each "painted" waits for
// the next frame.
//
// usage: ui-long-text.ts DEIDENTIFIED.jsonl.gz [JUDGMENTS]
// Prints a JSON UiLongTextResults, or one with `skipped` saying what is missing.
import { chromium, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { tokenize } from '../shared/tokenizer/tokenize.js';
import { quantile } from './quantile.js';
import type { UiLongTextResults } from './report-ui-long-text.js';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const [deidentifiedPath, count = '60'] = process.argv.slice(2) as [string, string | undefined];
const browserPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Keys typed into the editor, one at a time, each timed until painted. */
const KEYSTROKES = 5;

function skip(why: string): never {
  process.stdout.write(JSON.stringify({ skipped: why } satisfies UiLongTextResults));
  process.exit(0);
}

/** The Suggestions panel's "Accept all (N)" button. */
const ACCEPT_ALL = '[data-testid="suggestions-panel"] button.primary';

/**
 * In the page: the number in "Accept all (N)", or, given a target, whether it is that number
 * (for waitForFunction). One function, so that reading and waiting count alike.
 */
function acceptAllCount({ selector, target }: { selector: string; target?: number }): number | boolean {
  const count = Number(document.querySelector(selector)?.textContent?.replace(/\D/gu, '') ?? 'NaN');
  return target === undefined ? count : count === target;
}

/**
 * "Suggest placeholders" for every phrase still linkable, timed until the cards are drawn
 * and the job is done; the tab opened again; one card accepted, until the list has one
 * fewer. Every suggestion is then rejected, so that the plan is accepted on the text alone.
 */
async function suggestPlaceholders(page: Page): Promise<NonNullable<Extract<UiLongTextResults, { skipped?: undefined }>['suggestions']>> {
  await page.getByRole('tab', { name: 'Suggestions' }).click();
  const shownMs = await timed(page, async () => {
    await page.getByRole('button', { name: 'Suggest placeholders' }).click();
    await page.waitForSelector('[data-testid=suggestion]', { timeout: 120_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid=suggestions-panel] [data-testid=job-progress]') === null, null, { timeout: 120_000 });
  });
  const count = Number(await page.evaluate(acceptAllCount, { selector: ACCEPT_ALL }));
  await page.getByRole('tab', { name: /^Findings/u }).click();
  const tabAgainMs = await timed(page, async () => {
    await page.getByRole('tab', { name: 'Suggestions' }).click();
    await page.waitForSelector('[data-testid=suggestion]');
  });
  // A rejection first: the text stays as it is, so nothing is being checked again meanwhile.
  const rejectOneMs = await timed(page, async () => {
    await page.locator('[data-testid=suggestion]').first().getByRole('button', { name: 'Reject', exact: true }).click();
    await page.waitForFunction(acceptAllCount, { selector: ACCEPT_ALL, target: count - 1 }, { timeout: 120_000 });
  });
  const acceptOneMs = await timed(page, async () => {
    await page.locator('[data-testid=suggestion]').first().getByRole('button', { name: 'Accept', exact: true }).click();
    await page.waitForFunction(acceptAllCount, { selector: ACCEPT_ALL, target: count - 2 }, { timeout: 120_000 });
  });
  await page.getByRole('button', { name: 'Reject all' }).click();
  await page.waitForSelector(ACCEPT_ALL, { state: 'detached', timeout: 120_000 });
  return { shownMs, count, tabAgainMs, acceptOneMs, rejectOneMs };
}

/** Milliseconds until `action` and the frame after it are done. */
async function timed(page: Page, action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  return performance.now() - started;
}

if (!existsSync(join(root, 'dist', 'host.js'))) skip('dist/host.js is not built (node scripts/build.mjs)');
if (!existsSync(browserPath)) skip(`no Chromium at ${browserPath} (set CHROMIUM_PATH)`);

const text = gunzipSync(readFileSync(deidentifiedPath))
  .toString('utf8')
  .split('\n')
  .filter(Boolean)
  .slice(0, Number(count))
  .map((l) => (JSON.parse(l) as { text: string }).text)
  .join('\n\n');
const workspace = mkdtempSync(join(tmpdir(), 'unlinkable-ui-bench-'));
const host = spawn(process.execPath, ['dist/host.js', '--workspace', workspace, '--demo', 'demo', '--export-folder', join(workspace, 'exports'), '--json'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    host.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) done((JSON.parse(out.split('\n')[0]!) as { url: string }).url);
    });
    host.once('exit', (code) => fail(new Error(`the host exited (${code}) before starting`)));
  });
  const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // Clicks wait for their button without end by default: a step that never comes fails the run, naming itself, instead of hanging it.
    page.setDefaultTimeout(300_000);
    await page.goto(url);
    await page.waitForSelector('[data-testid=findings-panel][data-state=ready]', { timeout: 120_000 });
    // Opened as a file dropped on the text, as a clerk drags a judgment in.
    const started = performance.now();
    await page.evaluate(async (content) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], 'long-text.txt'));
      document
        .querySelector('[data-testid="document-text"]')!
        .dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, text);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'long-text', null, { timeout: 60_000 });
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="workspace"]')?.getAttribute('data-state') === 'ready' &&
        document.querySelectorAll('[data-testid="document-text"] mark').length > 0,
      null,
      {
        timeout: 300_000,
      },
    );
    const findingsShownSeconds = (performance.now() - started) / 1000;
    await page.waitForSelector('[data-testid=findings-panel][data-state=ready]', { timeout: 300_000 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
    const planShownSeconds = (performance.now() - started) / 1000;
    const marks = await page.locator('[data-testid="document-text"] mark').count();

    // Scrolling down the plan view a wheel's step a frame: how long a frame takes, and the
    // longest task (a block laid out near the screen is measured for the overview strip).
    const scrolling = await page.evaluate(async () => {
      const frame = document.querySelector<HTMLElement>('.text-frame')!;
      const tasks: number[] = [];
      const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.duration)));
      observer.observe({ type: 'longtask' });
      const started = performance.now();
      for (let step = 0; step < 200; step++) {
        frame.scrollTop += 100;
        await new Promise((done) => requestAnimationFrame(done));
      }
      const perFrame = (performance.now() - started) / 200;
      await new Promise((done) => setTimeout(done, 200));
      observer.disconnect();
      frame.scrollTop = 0;
      return { perFrame, longest: Math.max(0, ...tasks) };
    });
    const toPhrasesMs = await timed(page, () => page.getByTestId('view-phrases').click());
    const nextFindingMs = await timed(page, () => page.keyboard.press('j'));
    const toPlanMs = await timed(page, async () => {
      await page.getByTestId('view-plan').click();
      await page.waitForSelector('[data-testid=findings-panel][data-state=ready]', { timeout: 300_000 });
    });

    await page.getByRole('button', { name: 'Edit text' }).click();
    await page.getByTestId('text-editor').focus();
    await page.keyboard.press('Control+Home');
    // The first check after opening the editor settles before typing.
    await page.waitForTimeout(3000);
    // A frame while editing, when something small repaints (the caret blinking, a spinner
    // turning): the painted highlights behind the text are prepared again at each frame,
    // so their number shows here (blocks-near-screen.ts). The median of 60 frames.
    const editingFrameMs = await page.evaluate(async () => {
      const probe = document.createElement('div');
      probe.style.cssText = 'position: fixed; left: 0; top: 0; width: 8px; height: 8px; z-index: 99';
      document.body.append(probe);
      const frames: number[] = [];
      let last = performance.now();
      for (let i = 0; i < 60; i++) {
        probe.style.background = i % 2 === 0 ? 'red' : 'blue';
        await new Promise((done) => requestAnimationFrame(done));
        const now = performance.now();
        frames.push(now - last);
        last = now;
      }
      probe.remove();
      return frames.sort((a, b) => a - b)[30]!;
    });
    const keystrokes: number[] = [];
    for (let key = 0; key < KEYSTROKES; key++) {
      keystrokes.push(await timed(page, () => page.keyboard.type('z')));
      // Past the check that each pause in typing starts, as a clerk reads what was typed.
      await page.waitForTimeout(2500);
    }
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=findings-panel][data-state=ready]', { timeout: 300_000 });
    const suggestions = await suggestPlaceholders(page);
    // Accepting the plan, then the Changes tab: the whole text word by word against the text
    // as opened, one placeholder per planned run (shared/review/word-diff.ts, diff-blocks.ts).
    await page.getByRole('tab', { name: /^Findings/u }).click();
    await page.waitForSelector('[data-testid=findings-panel][data-state=ready]', { timeout: 300_000 });
    await page.getByTestId('accept-all').click();
    await page.waitForFunction(() => /^No linkable/u.test(document.querySelector('[data-testid="verdict"]')?.textContent ?? ''), null, { timeout: 300_000 });
    await page.waitForSelector('[data-testid=findings-panel][data-state=ready]', { timeout: 300_000 });
    const changesTabMs = await timed(page, async () => {
      await page.getByRole('tab', { name: 'Changes' }).click();
      await page.waitForSelector('[data-testid="diff"] ins', { timeout: 60_000 });
    });
    const changesShown = await page.getByTestId('diff').locator('ins').count();
    const results: UiLongTextResults = {
      // Counted as the engine counts words (bench/long-text.ts), so the two sections agree.
      words: tokenize(text).count,
      marks,
      findingsShownSeconds,
      planShownSeconds,
      toPhrasesMs,
      toPlanMs,
      nextFindingMs,
      scrollFrameMs: scrolling.perFrame,
      scrollLongestTaskMs: scrolling.longest,
      editingFrameMs,
      keystrokeMedianMs: quantile(keystrokes, 0.5),
      keystrokeMaxMs: Math.max(...keystrokes),
      changesTabMs,
      changesShown,
      suggestions,
      chromium: browser.version(),
    };
    process.stdout.write(JSON.stringify(results));
  } finally {
    await browser.close();
  }
} finally {
  host.kill('SIGTERM');
  rmSync(workspace, { recursive: true, force: true });
}
