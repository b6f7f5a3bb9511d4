/**
 * The highlights behind the text being edited (editor-highlights.ts) are painted ranges
 * over the text, not marks: they cover the same phrases as the view's marks, and they
 * follow the text as the clerk types, before and after the check that follows. The text is
 * held in a node per block (text-chunks.ts), so a range may begin and end in different nodes.
 */
import { expect, openApp, test } from './host-fixture.js';
import { editorTextOnScreen, joined, marked, painted, within } from './painted-highlights.js';

test('the text being edited is highlighted like the text shown, and the highlights follow what is typed', async ({ page, host }) => {
  await openApp(page, host);
  await page.getByTestId('view-phrases').click();
  const shown = await marked(page);
  expect(shown.some((m) => m.kind === 'single')).toBe(true);
  expect(shown.some((m) => m.kind !== 'single')).toBe(true);

  await page.getByRole('button', { name: 'Edit text' }).click();
  const editor = page.getByTestId('text-editor');
  await expect(editor).toBeFocused();
  const text = await editor.inputValue();
  // The backdrop holds exactly the text (a node per block; the ranges are offsets into them).
  await expect(page.getByTestId('editor-backdrop')).toHaveText(`${text}\n`, { useInnerText: false });
  // What is on screen is painted as the view marked it (the blocks near the screen are
  // painted, blocks-near-screen.ts). Adjacent marks in the view may be cut at other places
  // (a finding's members, the plan): compare runs.
  const screen = await editorTextOnScreen(page);
  expect(screen.end).toBeGreaterThan(screen.start);
  const shownOnScreen = within(joined(shown), screen);
  expect(shownOnScreen.length).toBeGreaterThan(0);
  await expect.poll(async () => within(joined(await painted(page)), screen)).toEqual(shownOnScreen);
  const before = await painted(page);
  for (const piece of before) expect(text.slice(piece.start, piece.start + piece.text.length)).toBe(piece.text);

  // Typed at the start: every piece moves by what was typed, while the check runs and after it.
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('Zq ');
  const moved = before.map((piece) => ({ ...piece, start: piece.start + 3 }));
  await expect.poll(() => painted(page)).toEqual(moved);
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(editor).toHaveValue(`Zq ${text}`);
  expect(await painted(page)).toEqual(moved);
});
