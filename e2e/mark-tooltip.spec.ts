/**
 * A mark explains itself: pointing at it or reaching it from the keyboard shows what it is
 * (the exact phrase, its documents, its partners), and a combination member outlines the
 * other members of its combination. Handled once for the whole text (HighlightedText.tsx).
 * The tooltip stays beside its mark as the text scrolls, and is the focused mark's
 * accessible description.
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
  // Pointing at another mark explains that one; pointing away gives the tooltip back to the
  // focused mark, which alone is described.
  const focusedLines = await tooltip.textContent();
  await text.locator('mark.combo[data-combination]').nth(5).hover();
  await expect(tooltip).not.toHaveText(focusedLines ?? '');
  expect(await text.locator('mark[aria-describedby]').count()).toBe(1);
  await page.mouse.move(5, 5);
  await expect(tooltip).toHaveText(focusedLines ?? '');
  await expect(focused).toHaveAccessibleDescription(new RegExp(escapeRegExp(firstLine)));
  expect(await text.locator('mark[aria-describedby]').count()).toBe(1);
  // J again: the next mark is described, and the last one is not any more.
  const previous = await focused.getAttribute('id');
  await page.keyboard.press('j');
  await expect(focused).not.toHaveId(previous ?? '');
  await expect(focused).toHaveAccessibleDescription(/\S/);
  await expect(text.locator(`[id="${previous}"]`)).toHaveAccessibleDescription('');
  expect(await text.locator('mark[aria-describedby]').count()).toBe(1);
  // Pointing at the focused mark and away leaves it explained; leaving the text hides it.
  await focused.hover();
  await page.mouse.move(5, 5);
  await expect(tooltip).toBeVisible();
  await expect(focused).toHaveAccessibleDescription(/\S/);
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
  expect(await text.locator('mark[aria-describedby]').count()).toBe(0);
});

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('the tooltip follows its mark as the text scrolls, and hides while the mark is out of sight', async ({ page, host }) => {
  await openApp(page, host);
  await page.getByTestId('view-phrases').click();
  const tooltip = page.getByTestId('mark-tooltip');
  const frame = page.locator('.text-frame');
  /** How far the tooltip is from where it belongs: just below the focused mark, at its left. */
  const offset = () =>
    page.evaluate(() => {
      const mark = document.activeElement!.getBoundingClientRect();
      const tip = document.querySelector('[data-testid="mark-tooltip"]')?.getBoundingClientRect();
      return tip === undefined ? Infinity : Math.max(Math.abs(tip.top - (mark.bottom + 6)), Math.abs(tip.left - mark.left));
    });

  // J, forty times: each finding takes the focus, then the text scrolls smoothly to it,
  // and the tooltip ends beside the last one, on screen.
  for (let step = 0; step < 40; step++) await page.keyboard.press('j');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/^finding-/);
  await expect.poll(() => frame.evaluate((element) => element.scrollTop)).toBeGreaterThan(300);
  await expect.poll(offset).toBeLessThan(1.5);
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toBeInViewport();

  // Scrolled a little by hand: it follows.
  await frame.evaluate((element) => (element.scrollTop -= 120));
  await expect.poll(offset).toBeLessThan(1.5);
  await expect(tooltip).toBeVisible();

  // Scrolled until the mark is out of the frame: hidden, but still the mark's description.
  await frame.evaluate((element) => (element.scrollTop += element.clientHeight));
  expect(
    await page.locator('mark:focus').evaluate((mark) => mark.getBoundingClientRect().bottom < mark.closest('.text-frame')!.getBoundingClientRect().top),
  ).toBe(true);
  await expect(tooltip).toBeHidden();
  await expect(page.locator('mark:focus')).toHaveAccessibleDescription(/\S/);
  await page.locator('mark:focus').evaluate((mark) => mark.scrollIntoView({ block: 'center' }));
  await expect(tooltip).toBeVisible();
  await expect.poll(offset).toBeLessThan(1.5);
});
