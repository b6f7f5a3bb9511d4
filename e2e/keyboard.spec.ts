/** Findings can be reached and used with the keyboard alone. */
import type { Page } from '@playwright/test';
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
  // The row after it in the text, which does not overlap it (those that do go with it).
  const next = await page.getByTestId('findings').evaluate((list, replaced) => {
    // Where a finding lies, from its marks in the text: each says where it begins in its block.
    const span = (id: string): [number, number] => {
      const marks = [...document.querySelectorAll<HTMLElement>('[data-testid="document-text"] mark')].filter((m) =>
        m.dataset.findings!.split(' ').includes(id),
      );
      const start = (m: HTMLElement) => Number(m.closest<HTMLElement>('.text-chunk')!.dataset.start) + Number(m.dataset.offset);
      return [start(marks[0]!), start(marks.at(-1)!) + marks.at(-1)!.textContent!.length];
    };
    const end = span(replaced!)[1];
    const row = [...list.querySelectorAll<HTMLElement>('button[data-item]')].find((b) => span(b.dataset.item!)[0] >= end)!;
    return row.querySelector('.phrase')!.textContent;
  }, target);
  await second.focus();
  await page.keyboard.press('p');
  await expect.poll(() => remainingCount(page), { timeout: 60_000 }).toBeLessThan(before);
  // The focus goes on to that row, through the new check, and Down goes on from there.
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const focusedPhrase = () =>
    page.evaluate(
      () => (document.activeElement as HTMLElement).closest('[data-testid="findings"]') && document.activeElement!.querySelector('.phrase')?.textContent,
    );
  await expect.poll(focusedPhrase).toBe(next);
  await page.keyboard.press('ArrowDown');
  await expect.poll(focusedPhrase).not.toBe(next);
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="findings"]') !== null)).toBe(true);
  // In the text, J goes on from where the replaced finding was (it went back to the first one).
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('j');
  const jumpedTo = () =>
    page.evaluate(() => {
      const id = document.activeElement?.id.replace(/^finding-/u, '');
      return id ? (document.querySelector(`[data-testid="findings"] button[data-item="${id}"] .phrase`)?.textContent ?? null) : null;
    });
  await expect.poll(jumpedTo).toBe(next);

  // Ctrl+Z undoes it; tabs switch with the arrow keys.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect.poll(() => remainingCount(page), { timeout: 60_000 }).toBe(before);
  // The footer names the version shown, the first of two, as the Versions panel and the review log number them.
  await expect(page.getByTestId('version-status')).toContainText('Version 1 of 2');
  await page.getByRole('tab', { name: /Findings/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Suggestions' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Suggestions' })).toHaveAttribute('aria-selected', 'true');
});

test('? lists the keyboard shortcuts; Esc closes the list, and ? typed into the text is only text', async ({ page, host }, testInfo) => {
  await openApp(page, host);
  const dialog = page.getByTestId('shortcuts-dialog');

  await page.keyboard.press('?');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  for (const keys of ['Alt+3', 'J', 'Ctrl+Shift+Z', 'Enter'])
    await expect(dialog.locator('kbd', { hasText: new RegExp(`^${keys.replace(/[+]/gu, '\\+')}$`, 'u') }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('shortcuts.png') });
  // The review's own keys wait while the list is open: E does not start editing behind it.
  await page.keyboard.press('e');
  await expect(page.getByTestId('text-editor')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The top bar's button opens it too, and focus comes back to the button on closing.
  const button = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await button.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();

  // While editing, ? is a character of the text, not a shortcut.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('e');
  const editor = page.getByTestId('text-editor');
  await expect(editor).toBeFocused();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('?');
  await expect(editor).toHaveValue(/\?$/u);
  await expect(dialog).toHaveCount(0);
});

test('Ctrl+F finds words in the text: every match painted, Enter and F3 step through them, Esc closes and gives the keys back', async ({
  page,
  host,
}, testInfo) => {
  await openApp(page, host);
  const text = (await page.getByTestId('document-text').textContent()) ?? '';
  const expected = text.match(/the\s+applicant/giu)?.length ?? 0;
  expect(expected).toBeGreaterThan(2);
  await page.getByTestId('document-text').locator('mark').first().focus();

  await page.keyboard.press('Control+f');
  const field = page.getByRole('searchbox', { name: 'Find in the text' });
  await expect(field).toBeFocused();
  await page.keyboard.type('THE applicant');
  await expect(page.getByTestId('find-count')).toHaveText(`1 of ${expected}`);
  // Every match is painted over exactly its own words, and the one shown is on screen.
  await expect.poll(() => painted(page)).toEqual({ all: Array(expected).fill('the applicant'), current: 'the applicant', inView: true });
  const frame = page.locator('.text-frame');
  const firstAt = Number(await frame.getAttribute('data-find-current'));

  await page.keyboard.press('Enter');
  await expect(page.getByTestId('find-count')).toHaveText(`2 of ${expected}`);
  await expect.poll(async () => Number(await frame.getAttribute('data-find-current'))).toBeGreaterThan(firstAt);
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.press('Shift+Enter');
  await expect(page.getByTestId('find-count')).toHaveText(`${expected} of ${expected}`);
  await expect.poll(async () => (await painted(page)).inView).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('find.png') });

  // F3 steps from outside the field too; J and K typed into the field are only text.
  await page.getByTestId('document-text').locator('mark').first().focus();
  await page.keyboard.press('F3');
  await expect(page.getByTestId('find-count')).toHaveText(`1 of ${expected}`);
  await field.focus();
  await page.keyboard.type(' jk');
  await expect(page.getByTestId('find-count')).toHaveText('No matches');
  await expect.poll(() => painted(page)).toEqual({ all: [], current: null, inView: false });

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('find-bar')).toHaveCount(0);
  await expect(page.getByTestId('document-text').locator('mark').first()).toBeFocused();
});

test('the matches stay painted when the clerk switches between the plan and the phrases (the marks under them change)', async ({ page, host }) => {
  await openApp(page, host);
  await expect(page.getByTestId('findings-panel')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const text = (await page.getByTestId('document-text').textContent()) ?? '';
  const expected = text.match(/the\s+applicant/giu)?.length ?? 0;
  await page.keyboard.press('Control+f');
  await page.keyboard.type('the applicant');
  await expect(page.getByTestId('find-count')).toHaveText(`1 of ${expected}`);
  const all = { all: Array(expected).fill('the applicant'), current: 'the applicant', inView: true };
  await expect.poll(() => painted(page)).toEqual(all);
  const planned = page.getByTestId('document-text').locator('mark.planned');
  await expect(planned.first()).toBeAttached();
  for (const view of ['view-phrases', 'view-plan']) {
    await page.getByTestId(view).click();
    // The planned words' marks go with the plan and come back with it.
    if (view === 'view-phrases') await expect(planned).toHaveCount(0);
    else await expect(planned.first()).toBeAttached();
    await expect.poll(() => painted(page)).toEqual(all);
  }
});

/** What the find bar paints (CSS highlights): the text under every match, lower-cased and spaced as one, and the one shown. */
function painted(page: Page): Promise<{ all: string[]; current: string | null; inView: boolean }> {
  return page.evaluate(() => {
    // The painted ranges are static: a live copy reads their text and measures them.
    const live = (painted: AbstractRange): Range => {
      const range = new Range();
      range.setStart(painted.startContainer, painted.startOffset);
      range.setEnd(painted.endContainer, painted.endOffset);
      return range;
    };
    const words = (range: AbstractRange) => live(range).toString().toLowerCase().replace(/\s+/gu, ' ');
    const all = [...(CSS.highlights.get('find') ?? [])].map(words);
    const [current] = [...(CSS.highlights.get('find-current') ?? [])];
    if (current === undefined) return { all, current: null, inView: false };
    const box = live(current).getBoundingClientRect();
    const view = document.querySelector('.text-frame')!.getBoundingClientRect();
    return { all, current: words(current), inView: box.height > 0 && box.top >= view.top && box.bottom <= view.bottom };
  });
}
