/**
 * The strip beside the text shows where the findings and the plan's words are in the
 * whole judgment, frames the part on screen, and scrolls there when pressed.
 */
import { expect, openApp, test } from './host-fixture.js';

test('the overview strip places the findings and the plan where they are in the text, and pressing it scrolls there', async ({ page, host }, testInfo) => {
  await openApp(page, host);
  await expect(page.getByTestId('findings-panel')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  const strip = page.getByTestId('overview-ruler');
  const frame = page.locator('.text-frame');
  await expect(strip.locator('[data-kind="planned"]').first()).toBeAttached();
  await expect(strip.locator('[data-kind="single"], [data-kind="combo"]').first()).toBeAttached();

  // The first planned word's bar is where that word is, as a share of the text's height.
  const placed = await page.evaluate(() => {
    const text = document.querySelector<HTMLElement>('.text-frame')!;
    const ruler = document.querySelector<HTMLElement>('[data-testid="overview-ruler"]')!;
    const word = text.querySelector<HTMLElement>('mark.planned')!;
    const wordTop = word.getBoundingClientRect().top - text.getBoundingClientRect().top - text.clientTop + text.scrollTop;
    const bar = ruler.querySelector<HTMLElement>('[data-kind="planned"]')!;
    return { expected: (wordTop / text.scrollHeight) * ruler.clientHeight, drawn: bar.offsetTop };
  });
  expect(Math.abs(placed.drawn - placed.expected)).toBeLessThanOrEqual(1);

  // Pressing near the end scrolls there, and the frame on the strip follows.
  expect(await frame.evaluate((e) => e.scrollTop)).toBe(0);
  const box = (await strip.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.8);
  const scrolled = await frame.evaluate((e) => ({ top: e.scrollTop, height: e.scrollHeight, view: e.clientHeight }));
  expect(scrolled.top).toBeGreaterThan(0);
  expect(Math.abs(scrolled.top + scrolled.view / 2 - 0.8 * scrolled.height)).toBeLessThanOrEqual(2);
  await expect
    .poll(async () => (await page.getByTestId('overview-view').evaluate((e) => (e as HTMLElement).offsetTop)) / box.height)
    .toBeCloseTo(scrolled.top / scrolled.height, 1);
  await page.screenshot({ path: testInfo.outputPath('overview-ruler.png') });

  // The phrases view has no plan, so its lane is empty; editing hides the strip.
  await page.getByTestId('view-phrases').click();
  await expect(strip.locator('[data-kind="planned"]')).toHaveCount(0);
  await expect(strip.locator('[data-kind="single"], [data-kind="combo"]').first()).toBeAttached();
  await page.getByRole('button', { name: 'Edit text' }).click();
  await expect(strip).toHaveCount(0);
});
