/**
 * A mark explains itself: pointing at it or reaching it from the keyboard shows what it is
 * (the exact phrase, its documents, its partners), and a combination member outlines the
 * other members of its combination. Handled once for the whole text (HighlightedText.tsx).
 */
import { expect, openApp, test } from './host-fixture.js';

test('pointing at a mark or focusing it explains it, and a combination member outlines its partners', async ({ page, host }) => {
  await openApp(page, host);
  await page.getByTestId('view-phrases').click();
  const text = page.getByTestId('document-text');
  const tooltip = page.getByRole('tooltip');
  const lit = text.locator('.group-lit');

  // A combination member: its combination's members are outlined while it is pointed at.
  const member = text.locator('mark.combo[data-combination]').first();
  await member.hover();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText('together with');
  expect(await lit.count()).toBeGreaterThan(1);
  const groups = ((await member.getAttribute('data-combination')) ?? '').split(' ');
  for (const element of await lit.all()) {
    const own = `${(await element.getAttribute('data-combination')) ?? ''} ${(await element.getAttribute('data-groups')) ?? ''}`.split(' ');
    expect(own.some((g) => groups.includes(g))).toBe(true);
  }

  // Away from the text, nothing is explained or outlined.
  await page.mouse.move(5, 5);
  await expect(tooltip).toHaveCount(0);
  await expect(lit).toHaveCount(0);

  // A rare phrase, then straight on to another mark: the tooltip follows.
  const rare = text.locator('mark.single:not(.combo)').first();
  await rare.hover();
  await expect(tooltip).toContainText('a rare phrase, found in');
  const rareLine = await tooltip.textContent();
  await member.hover();
  await expect(tooltip).toContainText('together with');
  expect(await tooltip.textContent()).not.toBe(rareLine);
  await page.mouse.move(5, 5);
  await expect(tooltip).toHaveCount(0);

  // From the keyboard: J focuses the first finding and explains it; Esc leaves the text.
  await page.keyboard.press('j');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/^finding-/);
  await expect(tooltip).toBeVisible();
  // The tooltip is the focused mark's accessible description, which a screen reader reads
  // on focus; the marks carry no name of their own (ARIA prohibits naming a mark).
  const focused = page.locator('mark:focus');
  const firstLine = (await tooltip.locator('div').first().textContent()) ?? '';
  expect(firstLine.length).toBeGreaterThan(0);
  await expect(focused).toHaveAccessibleDescription(new RegExp(escapeRegExp(firstLine)));
  expect(await text.locator('mark[aria-label]').count()).toBe(0);
  // J again: the next mark is described, and the last one is not any more.
  const previous = await focused.getAttribute('id');
  await page.keyboard.press('j');
  await expect(focused).not.toHaveId(previous ?? '');
  await expect(focused).toHaveAccessibleDescription(/\S/);
  await expect(text.locator(`[id="${previous}"]`)).toHaveAccessibleDescription('');
  expect(await text.locator('mark[aria-describedby]').count()).toBe(1);
});

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
