/**
 * A long judgment: its plan takes seconds (the six demo judgments eight times over as one
 * text, 40,000 words), and a plan no longer wanted must not keep the engine busy.
 * Choosing the Phrases view, or another document, cancels it; so does the clerk's Stop,
 * and the plan shows how far it has got until then.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, openApp, test, type Host } from './host-fixture.js';

declare global {
  interface Window {
    /** The plan progress drawn, as "aria-label of the bar | text shown", each change once. */
    __planProgress: string[];
  }
}

/**
 * The six demo judgments as one text, `copies` times over (each copy about 5,000 words).
 * On this machine, with nothing else running, four copies plan for about 2.5 s and eight
 * for about 5.5 s as the app's bundle runs the engine; in the browser host eight are checked
 * and drawn in about 3.5 s and then planned for about 9 s (2026-12-06). Fewer plan too
 * quickly to be caught still running. A plan started again reuses what the engine learned
 * of the text the first time, and ends sooner: on CI's machine, a plan of fourteen copies
 * started again ended before the panel's 5 s were up (2026-12-06), and one of eight copies
 * started again ended before its Stop was pressed (2026-12-07), and so, twice, did the plan
 * made from nothing once its progress had been seen. So the tests act on plans just
 * started, stop the one made from nothing as soon as it can be stopped, move the page's
 * clock on to reach the panel's 5 s rather than wait for them, and read the progress a
 * plan showed from what the page drew rather than look while it runs.
 */
function longJudgment(copies: number): string {
  const six = readFileSync('demo/deidentified.jsonl', 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { text: string }).text)
    .join('\n\n');
  return Array<string>(copies).fill(six).join('\n\n');
}

/** The state of a job, asked of the host as the page asks it. */
async function jobState(page: Page, host: Host, jobId: string): Promise<string> {
  const token = new URL(host.url).hash.replace(/^#token=/u, '');
  return page.evaluate(
    async ({ jobId, token }) => {
      const response = await fetch('/api/invoke/jobs:get', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ jobId }),
      });
      return ((await response.json()) as { value: { state: string } }).value.state;
    },
    { jobId, token },
  );
}

test('a plan no longer wanted is cancelled: on turning to the Phrases view, and on choosing another document', async ({ page, host }) => {
  await openApp(page, host);
  const text = longJudgment(8);
  await page.getByRole('button', { name: 'Open…' }).click();
  await page.getByLabel('Title').fill('Long judgment');
  await page.getByLabel('Pasted text').fill(text);
  const planOfText = async (): Promise<string> => {
    const response = await page.waitForResponse(
      (r) => r.url().endsWith('/api/invoke/detection:plan') && (r.request().postDataJSON() as { text: string }).text.length === text.length,
    );
    return ((await response.json()) as { value: { id: string } }).value.id;
  };
  const planRequested = planOfText();
  await page.getByRole('button', { name: 'Open pasted text' }).click();
  const planJob = await planRequested;
  await expect(page.getByTestId('findings-panel')).toContainText('Planning the fewest words to change');
  expect(await jobState(page, host, planJob)).toBe('running');

  await page.getByTestId('view-phrases').click();
  await expect.poll(() => jobState(page, host, planJob), { timeout: 30_000 }).toBe('cancelled');
  await expect(page.getByTestId('findings-panel')).toHaveAttribute('data-state', 'ready');

  // Back to the plan, then to another document before it is done.
  const secondRequested = planOfText();
  await page.getByTestId('view-plan').click();
  const secondJob = await secondRequested;
  expect(await jobState(page, host, secondJob)).toBe('running');
  // The document list by its element, not a role looked up over the 40,000 words' marks
  // (see the next test).
  await page.locator('aside.doclist button', { hasText: 'echr-001-78447-deid' }).click();
  await expect(page.locator('h1')).toHaveText('echr-001-78447-deid');
  await expect.poll(() => jobState(page, host, secondJob), { timeout: 30_000 }).toBe('cancelled');
});

test('a plan that runs long can be stopped, offers every phrase at once, and started again shows its progress to its end', async ({ page, host }) => {
  // The 40,000 words are checked before the plan starts, and planned three times.
  test.setTimeout(180_000);
  // Every progress the plan summary shows, as the page draws it: a plan can report its
  // progress and end between two looks of the test, but not between two of the page's
  // mutations.
  await page.addInitScript(() => {
    window.__planProgress = [];
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="plan-summary"] [role="progressbar"]');
      const shown = document.querySelector('[data-testid="plan-progress"]')?.textContent ?? '';
      const entry = `${bar?.getAttribute('aria-label') ?? ''} | ${shown}`;
      if (shown !== '' && window.__planProgress.at(-1) !== entry) window.__planProgress.push(entry);
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  // The page's clock runs as usual, but the test can move it on, so that the offer after
  // 5 s of planning does not hang on the plan's own pace (a plan started again ended
  // before those 5 s on CI's machine, 2026-12-06).
  await page.clock.install();
  await openApp(page, host);
  const text = longJudgment(8);
  await page.getByRole('button', { name: 'Open…' }).click();
  await page.getByLabel('Title').fill('Long judgment');
  await page.getByLabel('Pasted text').fill(text);
  const planOfText = (): Promise<string> =>
    page
      .waitForResponse((r) => r.url().endsWith('/api/invoke/detection:plan') && (r.request().postDataJSON() as { text: string }).text.length === text.length, {
        timeout: 120_000,
      })
      .then(async (response) => ((await response.json()) as { value: { id: string } }).value.id);
  // The plan starts once the text is checked.
  const firstRequested = planOfText();
  await page.getByRole('button', { name: 'Open pasted text' }).click();
  await expect(page.locator('h1')).toHaveText('Long judgment');
  const firstJob = await firstRequested;

  // The clerk stops the first plan, made from nothing, as soon as it shows a Stop: it plans
  // for about 4 s here (2026-12-07), and waiting for its progress first left too little of
  // that on CI's machine, where it twice ended before its Stop was pressed. Every locator
  // from here on is a test id, or a role inside the small plan summary: a role looked up
  // over the whole page weighs the accessible name of each of the 40,000 words' marks
  // (1 to 2 s each on CI's machine).
  const summary = page.getByTestId('plan-summary');
  await page.getByTestId('stop-plan').click({ timeout: 60_000 });
  await expect(page.getByTestId('plan-stopped')).toContainText('Planning stopped: nothing is planned.');
  // Nothing runs any more, and the tab says so rather than "…".
  await expect(page.getByTestId('findings-panel')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('findings-count')).toHaveText(' (–)');
  await expect.poll(() => jobState(page, host, firstJob), { timeout: 30_000 }).toBe('cancelled');
  await expect(page.getByTestId('accept-all')).toHaveCount(0);

  // Started again; five seconds of planning on the page's clock, and the panel offers every phrase.
  const secondRequested = planOfText();
  await summary.getByRole('button', { name: 'Plan again' }).click();
  await expect(page.getByTestId('plan-stopped')).toHaveCount(0);
  const secondJob = await secondRequested;
  const hint = page.getByTestId('long-plan');
  await expect(hint).toHaveCount(0);
  await page.clock.fastForward(5_000);
  await expect(hint).toContainText('A long text can take minutes to plan.');
  await hint.getByRole('button', { name: 'See every phrase now' }).click();
  await expect(page.getByTestId('view-phrases')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('findings-panel')).toHaveAttribute('data-state', 'ready');
  await expect.poll(() => jobState(page, host, secondJob), { timeout: 30_000 }).toBe('cancelled');

  // Back to the plan, which starts afresh and runs to its end, saying on the way which
  // detection it runs and how far that one has got.
  const seenBefore = await page.evaluate(() => window.__planProgress.length);
  await page.getByTestId('view-plan').click();
  await expect(page.getByTestId('accept-all')).toHaveText(/^Accept the plan/u, { timeout: 120_000 });
  await expect(page.getByTestId('plan-progress')).toHaveCount(0);
  const seen = (await page.evaluate(() => window.__planProgress)).slice(seenBefore);
  expect(seen.length).toBeGreaterThan(0);
  for (const entry of seen) expect(entry).toMatch(/^Planning, check (\d+) \| Check \1(: \d+ %)?$/u);
});
