/**
 * The minimal edit plan in the review app: the default view lists the fewest words to
 * change, accepting it leaves nothing linkable, and it changes fewer words than
 * accepting a placeholder for every flagged phrase.
 */
import { expect, openApp, remainingCount, test } from './host-fixture.js';

async function editRatio(page: import('@playwright/test').Page): Promise<number> {
  await page.getByRole('tab', { name: 'Changes' }).click();
  // The ratio shows "–" until the Changes tab has measured the current text.
  await expect(page.getByTestId('edit-ratio-now')).toHaveText(/^\s*\d/u, { timeout: 30_000 });
  const text = (await page.getByTestId('edit-ratio-now').textContent()) ?? '';
  await page.getByRole('tab', { name: /Findings/ }).click();
  return Number(text);
}

test('accepting the plan ends clean, with fewer words changed than replacing every flagged phrase', async ({ page, host }, testInfo) => {
  await openApp(page, host);
  expect(await remainingCount(page)).toBeGreaterThan(0);
  const panel = page.getByTestId('findings-panel');
  await expect(panel).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await expect(page.getByTestId('plan-summary')).toContainText(/Change [\d,]+ words? \(edit ratio 0\.\d\d\) and nothing links at k=2, arity ≤3/);
  const runs = await page.getByTestId('planned-run').count();
  expect(runs).toBeGreaterThan(0);
  // Every planned run says why it is there: what it breaks, or, in a cover plan, what keeping it would risk.
  for (const detail of await page.getByTestId('planned-run').locator('.kind').allTextContents()) {
    expect(detail).toMatch(/^breaks \d+ (rare phrase|combination)|^its phrases are not in /u);
  }
  await expect(page.locator('mark.planned').first()).toBeVisible();
  await expect(page.getByTestId('legend')).toContainText('planned word');
  await page.screenshot({ path: testInfo.outputPath('plan.png') });

  // Keep the first planned word, with a reason: the plan routes around it.
  await page.getByTestId('planned-run').first().locator('button[data-item]').click();
  const kept = (await page.getByTestId('planned-run').first().locator('.phrase').textContent()) ?? '';
  await page.getByRole('button', { name: 'Keep…' }).click();
  await page.getByLabel('Reason to keep').fill('ok');
  await page.getByTestId('keep-form').getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByTestId('keep-form').getByRole('alert')).toContainText('three words');
  await page.getByLabel('Reason to keep').fill('This is the wording of the Convention itself.');
  await page.getByTestId('keep-form').getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByTestId('kept')).toContainText('wording of the Convention');
  await expect(panel).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await expect(page.getByTestId('planned-run').first().locator('.phrase')).not.toHaveText(kept);
  await page.screenshot({ path: testInfo.outputPath('plan-with-decisions.png') });

  // Accept the whole plan: one placeholder per run, and nothing links any more.
  await page.getByTestId('accept-all').click();
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'clean', { timeout: 90_000 });
  await expect.poll(() => editRatio(page), { timeout: 90_000 }).toBeGreaterThan(0);
  const planRatio = await editRatio(page);
  await page.getByRole('tab', { name: 'Changes' }).click();
  await expect(page.getByTestId('diff').locator('ins').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('before-after.png') });

  // Undo, and replace every flagged phrase instead (what "accept every suggestion" did before the plan).
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('tab', { name: /Findings/ }).click();
  await page.getByTestId('view-phrases').click();
  await expect(page.getByTestId('findings-panel')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await page.getByTestId('accept-all').click();
  await expect.poll(() => editRatio(page), { timeout: 90_000 }).toBeGreaterThan(0);
  const everyPhraseRatio = await editRatio(page);
  expect(planRatio).toBeGreaterThan(0);
  expect(planRatio).toBeLessThan(everyPhraseRatio);
  expect(host.requests.filter((url) => !url.startsWith(`${host.origin}/`))).toEqual([]);
});

test('a plan made to the end is shown again at once after a visit to the phrases, and made anew only when the text changes', async ({ page, host }) => {
  const plansAsked: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/invoke/detection:plan')) plansAsked.push(request.url());
  });
  await openApp(page, host);
  const panel = page.getByTestId('findings-panel');
  await expect(panel).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  const summary = (await page.getByTestId('plan-summary').textContent()) ?? '';
  const runs = await page.getByTestId('planned-run').allTextContents();
  expect(plansAsked).toHaveLength(1);

  // To the phrases and back, twice: the same plan, and the engine is not asked again.
  for (let visit = 0; visit < 2; visit++) {
    await page.getByTestId('view-phrases').click();
    await expect(page.getByTestId('finding').first()).toBeVisible();
    await page.getByTestId('view-plan').click();
    await expect(panel).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('plan-summary')).toHaveText(summary);
    expect(await page.getByTestId('planned-run').allTextContents()).toEqual(runs);
  }
  expect(plansAsked).toHaveLength(1);

  // A changed text is planned anew.
  await page.getByTestId('planned-run').first().locator('button[data-item]').focus();
  await page.keyboard.press('p');
  await expect(panel).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await expect.poll(() => plansAsked.length, { timeout: 90_000 }).toBe(2);
});

test('a kept planned word that only its own document holds is planned around, and the kept list says it still links', async ({ page, host }) => {
  await openApp(page, host);
  const panel = page.getByTestId('findings-panel');
  await expect(panel).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await expect(page.getByTestId('plan-summary')).toContainText('and nothing links');
  // The rare phrases of one word, from the phrases' list ("“astonished”: a rare phrase, found in 1 document").
  await page.getByTestId('view-phrases').click();
  await expect(page.getByTestId('finding').first()).toBeVisible();
  const rareWords = await page
    .getByTestId('findings')
    .locator('button[data-item]')
    .evaluateAll((rows) => rows.flatMap((row) => /“([^” ]+)”: a rare phrase, found in 1 document/u.exec(row.textContent ?? '')?.[1] ?? []));
  await page.getByTestId('view-plan').click();
  await expect(panel).toHaveAttribute('data-state', 'ready');
  // A planned run that is one of them, alone.
  const phrases = await page.getByTestId('planned-run').locator('.phrase').allTextContents();
  const index = phrases.findIndex((phrase) => rareWords.includes(phrase));
  expect(index).toBeGreaterThanOrEqual(0);
  const word = phrases[index]!;
  await page.getByTestId('planned-run').nth(index).locator('button[data-item]').click();
  await page.getByRole('button', { name: 'Keep…' }).click();
  await page.getByLabel('Reason to keep').fill('The word the Court itself used.');
  await page.getByTestId('keep-form').getByRole('button', { name: 'Keep it' }).click();
  await expect(panel).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  // Planned again without it; what still links is what only the clerk can change.
  await expect(page.getByTestId('plan-summary')).toContainText('linkages remain at k=2, arity ≤3 that only kept words could break', { timeout: 90_000 });
  await expect(page.getByTestId('planned-run').locator('.phrase', { hasText: new RegExp(`^${word}$`, 'u') })).toHaveCount(0);
  const keptRow = page.getByTestId('kept').locator('.row.kept', { hasText: `“${word}”` });
  await expect(keptRow.getByTestId('kept-links')).toHaveText('still links');
});

test('the keep form says what keeping a planned word would cost, and once kept the plan says how it moved, shades the newly planned words, and Undo moves it back', async ({
  page,
  host,
}) => {
  await openApp(page, host);
  const panel = page.getByTestId('findings-panel');
  const summary = page.getByTestId('plan-summary');
  await expect(summary).toContainText('and nothing links', { timeout: 90_000 });
  const plannedWords = async (): Promise<number> => Number(/^Change ([\d,]+) words/u.exec((await summary.textContent()) ?? '')![1]!.replace(/,/gu, ''));
  const first = await plannedWords();
  // The first plan of the text has nothing to compare with.
  await expect(page.getByTestId('plan-shift')).toHaveCount(0);
  await expect(page.getByTestId('newly-planned')).toHaveCount(0);

  // Keep the middle planned run.
  const runs = page.getByTestId('planned-run');
  const middle = Math.floor((await runs.count()) / 2);
  await runs.nth(middle).locator('button[data-item]').click();
  await page.getByRole('button', { name: 'Keep…' }).click();
  // While the reason is written, the form works out what keeping the run would cost.
  const cost = page.getByTestId('keep-cost');
  await expect(cost).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const foreseen = /^\s*Kept, the plan would change ([\d,]+) words? instead of ([\d,]+): /u.exec((await cost.textContent()) ?? '');
  expect(foreseen).not.toBeNull();
  expect(Number(foreseen![2]!.replace(/,/gu, ''))).toBe(first);
  await page.getByLabel('Reason to keep').fill('The Court’s own words.');
  await page.getByTestId('keep-form').getByRole('button', { name: 'Keep it' }).click();
  const shift = page.getByTestId('plan-shift');
  await expect(shift).toContainText('The kept words changed', { timeout: 90_000 });
  await expect(panel).toHaveAttribute('data-state', 'ready');

  // The figures add up: the words planned now are those before, plus the new, less the rest.
  const said = (await shift.textContent()) ?? '';
  const figure = (pattern: RegExp): number => Number((pattern.exec(said)?.[1] ?? '0').replace(/,/gu, ''));
  const after = figure(/([\d,]+) words? to change/u);
  const before = figure(/instead of ([\d,]+)/u);
  const fresh = figure(/([\d,]+) words? newly planned/u);
  const released = figure(/([\d,]+) words? no longer planned/u);
  const kept = figure(/([\d,]+) words? of the last plan now kept/u);
  expect(before).toBe(first);
  expect(after).toBe(await plannedWords());
  // What the form foresaw is what the keep did.
  expect(after).toBe(Number(foreseen![1]!.replace(/,/gu, '')));
  expect(kept).toBeGreaterThan(0);
  expect(after).toBe(before + fresh - released - kept);
  // On the demo judgment the plan moves to another cover: words come and go.
  expect(fresh).toBeGreaterThan(0);
  // The rows holding them say "new", and the text shades them (painted, not cut in).
  const newRows = await page.getByTestId('newly-planned').count();
  expect(newRows).toBeGreaterThan(0);
  expect(newRows).toBeLessThanOrEqual(fresh);
  const frame = page.locator('.text-frame');
  await expect(frame).toHaveAttribute('data-painted-newly-planned', /^\d+$/u);
  const painted = Number(await frame.getAttribute('data-painted-newly-planned'));
  expect(painted).toBeGreaterThanOrEqual(newRows);
  expect(painted).toBeLessThanOrEqual(fresh);
  expect(await page.evaluate(() => CSS.highlights.get('newly-planned')?.size)).toBe(painted);
  await expect(page.getByTestId('legend')).toContainText('newly planned since the kept words changed');

  // The phrases list paints no plan; back on the plan, the same shift shows again.
  await page.getByTestId('view-phrases').click();
  await expect(frame).not.toHaveAttribute('data-painted-newly-planned');
  await page.getByTestId('view-plan').click();
  await expect(shift).toHaveText(said);

  // Undo withdraws the keep: the plan moves back to where it was, and says so.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(shift).toContainText(`${first.toLocaleString('en-US')} words to change instead of ${after.toLocaleString('en-US')}`, { timeout: 90_000 });
  expect(await plannedWords()).toBe(first);
});
