/**
 * A check that answers in parts: on a large collection opened in place, the first check
 * takes seconds, and the engine answers every CHECK_PAUSE_MS with what it has settled so
 * far. The demo collection is small, so here every check request is made to pause at
 * once (pauseAfterMs 0: one position of the text an answer), and the combinations job
 * waits until the last part is in. The engine really pauses and goes on; the page must
 * show each part's highlights at once, say how far the check got, dim the text not yet
 * checked, claim no verdict meanwhile, and end on the verdict an unpaused check gives.
 */
import { expect, test } from './host-fixture.js';

declare global {
  interface Window {
    __partial: { progress: string; unchecked: number; marks: number; verdict: string }[];
  }
}

test('a check answered in parts shows its highlights as they come, and no verdict until the last part', async ({ page, host }) => {
  await page.addInitScript(() => {
    window.__partial = [];
    const record = () => {
      const entry = {
        progress: document.querySelector('[data-testid="check-progress"]')?.textContent ?? '',
        unchecked: document.querySelectorAll('[data-testid="unchecked-text"]').length,
        marks: document.querySelectorAll('[data-testid="document-text"] mark.single').length,
        verdict: document.querySelector('[data-testid="verdict"]')?.getAttribute('data-verdict') ?? '',
      };
      const last = window.__partial.at(-1);
      if (last === undefined || JSON.stringify(last) !== JSON.stringify(entry)) window.__partial.push(entry);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  let answers = 0;
  let partialAnswers = 0;
  let lastPartDone: () => void = () => undefined;
  const lastPart = new Promise<void>((resolve) => (lastPartDone = resolve));
  await page.route('**/api/invoke/detection:check', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { pauseAfterMs?: number };
    expect(body.pauseAfterMs).toBe(200);
    const response = await route.fetch({ postData: JSON.stringify({ ...body, pauseAfterMs: 0 }) });
    const answer = (await response.json()) as { ok: boolean; value?: { partial?: unknown } };
    answers++;
    if (answer.ok && answer.value?.partial !== undefined) partialAnswers++;
    else lastPartDone();
    await route.fulfill({ response });
  });
  // The combinations (the final word at arity ≤ 3) wait for the last part of the check.
  await page.route('**/api/invoke/detection:combinations', async (route) => {
    await lastPart;
    await route.continue();
  });
  await page.goto(host.url);
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
  await expect(page.getByTestId('check-progress')).toHaveCount(0);
  await expect(page.getByTestId('unchecked-text')).toHaveCount(0);
  const verdict = await page.getByTestId('verdict').textContent();
  expect(verdict).toMatch(/^\d+ linkable/u);

  const states = await page.evaluate(() => window.__partial);
  const partial = states.filter((s) => s.progress !== '');
  // Many answers, each shown: the progress line, the text not yet checked dimmed, highlights growing.
  expect(partialAnswers).toBeGreaterThan(10);
  expect(answers).toBe(partialAnswers + 1);
  expect(partial.length).toBeGreaterThan(3);
  expect(partial.every((s) => /^Checked \d+ % of the text…$/u.test(s.progress.trim()))).toBe(true);
  expect(partial.some((s) => s.unchecked > 0)).toBe(true);
  expect(partial.some((s) => s.marks > 0)).toBe(true);
  expect(partial[0]!.marks).toBeLessThan(states.at(-1)!.marks);
  // No verdict while the check is partial.
  expect(partial.every((s) => s.verdict === 'checking')).toBe(true);

  // The same judgment opened again as a new document, its check never paused: the same verdict.
  await page.unrouteAll();
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await page.getByRole('button', { name: 'Open…' }).click();
  await page.getByLabel('Document file').setInputFiles('demo/deidentified.jsonl');
  await page.getByLabel('Record').selectOption(title);
  await page.getByRole('button', { name: 'Open record' }).click();
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('verdict')).toHaveText(verdict!);
});
