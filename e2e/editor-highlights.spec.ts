/**
 * The highlights behind the text being edited (editor-highlights.ts) are painted ranges
 * over the text, not marks: they cover the same phrases as the view's marks, and they
 * follow the text as the clerk types, before and after the check that follows.
 */
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './host-fixture.js';

interface Painted {
  readonly kind: string;
  readonly start: number;
  readonly text: string;
}

/** Every painted piece behind the editor, in text order, with the text it covers. */
function painted(page: Page): Promise<Painted[]> {
  return page.evaluate(() => {
    const pieces: { kind: string; start: number; text: string }[] = [];
    for (const kind of ['single', 'combination', 'both']) {
      for (const range of CSS.highlights.get(`edit-${kind}`) ?? []) {
        const node = (range as AbstractRange).startContainer as Text;
        pieces.push({ kind, start: range.startOffset, text: node.data.slice(range.startOffset, range.endOffset) });
      }
    }
    return pieces.sort((a, b) => a.start - b.start);
  });
}

/** The view's marks of findings (the Phrases view), in order, with their offsets in the text. */
function marked(page: Page): Promise<Painted[]> {
  return page.getByTestId('document-text').evaluate((element) => {
    const pieces: { kind: string; start: number; text: string }[] = [];
    let offset = 0;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      // Proposed replacements shown beside previewed words are not part of the text.
      if (node.parentElement?.closest('ins.preview')) continue;
      const mark = node.parentElement?.closest('mark');
      const length = (node as Text).data.length;
      if (mark && (mark.classList.contains('single') || mark.classList.contains('combo'))) {
        const kind = mark.classList.contains('single') ? (mark.classList.contains('combo') ? 'both' : 'single') : 'combination';
        pieces.push({ kind, start: offset, text: (node as Text).data });
      }
      offset += length;
    }
    return pieces;
  });
}

/** Pieces of one kind that touch joined into one, so that two ways of cutting the same highlight compare equal. */
function joined(pieces: readonly Painted[]): Painted[] {
  const out: Painted[] = [];
  for (const piece of pieces) {
    const last = out.at(-1);
    if (last !== undefined && last.kind === piece.kind && last.start + last.text.length === piece.start)
      out[out.length - 1] = { ...last, text: last.text + piece.text };
    else out.push(piece);
  }
  return out;
}

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
  // The backdrop holds exactly the text (one node; the ranges are offsets into it).
  await expect(page.getByTestId('editor-backdrop')).toHaveText(`${text}\n`, { useInnerText: false });
  const before = await painted(page);
  for (const piece of before) expect(text.slice(piece.start, piece.start + piece.text.length)).toBe(piece.text);
  // Adjacent marks in the view may be cut at other places (a finding's members, the plan): compare runs.
  expect(joined(before)).toEqual(joined(shown));

  // Typed at the start: every piece moves by what was typed, while the check runs and after it.
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('Zq ');
  const moved = before.map((piece) => ({ ...piece, start: piece.start + 3 }));
  await expect.poll(() => painted(page)).toEqual(moved);
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(editor).toHaveValue(`Zq ${text}`);
  expect(await painted(page)).toEqual(moved);
});
