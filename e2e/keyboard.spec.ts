/** Findings can be reached and used with the keyboard alone. */
import { expect, openApp, remainingCount, test } from './host-fixture.js';

test('keyboard-only navigation of findings', async ({ page, host }) => {
  await openApp(page, host);
  await page.getByTestId('view-phrases').click();
  const first = page.getByTestId('findings').locator('button[data-item]').first();
  const second = page.getByTestId('findings').locator('button[data-item]').nth(1);

  // J jumps to the first finding in the text.
  await page.keyboard.press('j');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/^finding-/);
  const firstId = await page.evaluate(() => document.activeElement!.id);
  await page.keyboard.press('j');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).not.toBe(firstId);

  // In the list: Down moves, Enter jumps to the phrase in the text.
  await first.focus();
  await page.keyboard.press('ArrowDown');
  await expect(second).toBeFocused();
  const target = await second.getAttribute('data-item');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toBe(`finding-${target}`);

  // P replaces the focused finding with a placeholder; the count drops.
  const before = await remainingCount(page);
  await second.focus();
  await page.keyboard.press('p');
  await expect.poll(() => remainingCount(page), { timeout: 60_000 }).toBeLessThan(before);

  // Ctrl+Z undoes it; tabs switch with the arrow keys.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect.poll(() => remainingCount(page), { timeout: 60_000 }).toBe(before);
  await page.getByRole('tab', { name: /Findings/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Suggestions' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Suggestions' })).toHaveAttribute('aria-selected', 'true');
});
