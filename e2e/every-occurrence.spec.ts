/**
 * A phrase flagged in several places can be replaced everywhere at once from its row: the
 * button counts the rows with the same text, and replacing them leaves none of them.
 */
import { expect, openApp, remainingCount, test } from './host-fixture.js';

test('"Every occurrence" counts the rows with the chosen phrase and replaces them all', async ({ page, host }) => {
  await openApp(page, host);
  await page.getByTestId('view-phrases').click();
  const rows = page.getByTestId('findings').locator('button[data-item]');
  await expect(rows.first()).toBeVisible();
  // The first phrase listed more than once (case aside), and how many times.
  const phrases = (await rows.locator('.phrase').allTextContents()).map((p) => p.toLowerCase());
  const repeated = phrases.findIndex((p) => phrases.filter((q) => q === p).length > 1);
  expect(repeated).toBeGreaterThanOrEqual(0);
  const times = phrases.filter((p) => p === phrases[repeated]).length;

  await rows.nth(repeated).click();
  const everywhere = page.getByRole('button', { name: `Every occurrence (${times})` });
  await expect(everywhere).toBeVisible();
  const before = await remainingCount(page);
  await everywhere.click();
  await expect.poll(() => remainingCount(page), { timeout: 60_000 }).toBeLessThan(before);
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const after = (await page.getByTestId('findings').locator('button[data-item] .phrase').allTextContents()).map((p) => p.toLowerCase());
  expect(after.filter((p) => p === phrases[repeated])).toHaveLength(0);
});
