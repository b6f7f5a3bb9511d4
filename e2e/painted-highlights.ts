/**
 * What is highlighted, read from the page in one form for both ways it is drawn: the
 * painted ranges behind the text being edited (editor-highlights.ts; only near the screen)
 * and the marks of the text shown (HighlightedText.tsx).
 */
import type { Page } from '@playwright/test';

export interface Painted {
  readonly kind: string;
  readonly start: number;
  readonly text: string;
}

/** Every painted piece behind the editor, in text order, with its offset in the text and the text it covers. */
export function painted(page: Page): Promise<Painted[]> {
  return page.getByTestId('editor-backdrop').evaluate((backdrop) => {
    // The backdrop holds the text in a node per block: where each begins in the text.
    const offsets = new Map<Node, number>();
    let whole = '';
    const walker = document.createTreeWalker(backdrop, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      offsets.set(node, whole.length);
      whole += (node as Text).data;
    }
    const pieces: { kind: string; start: number; text: string }[] = [];
    for (const kind of ['single', 'combination', 'both']) {
      for (const range of CSS.highlights.get(`edit-${kind}`) ?? []) {
        const start = offsets.get(range.startContainer)! + range.startOffset;
        const end = offsets.get(range.endContainer)! + range.endOffset;
        pieces.push({ kind, start, text: whole.slice(start, end) });
      }
    }
    return pieces.sort((a, b) => a.start - b.start);
  });
}

/**
 * The stretch of the text, [start, end), that the editor's blocks shown in the frame hold
 * (wholly or in part). The backdrop paints at least these (blocks-near-screen.ts).
 */
export function editorTextOnScreen(page: Page): Promise<{ start: number; end: number }> {
  return page.getByTestId('editor-backdrop').evaluate((backdrop) => {
    const frame = backdrop.closest('.text-frame')!.getBoundingClientRect();
    let offset = 0;
    let start = -1;
    let end = -1;
    for (const block of backdrop.querySelectorAll('.text-chunk')) {
      const length = block.textContent!.length;
      const box = block.getBoundingClientRect();
      if (box.bottom > frame.top && box.top < frame.bottom) {
        if (start < 0) start = offset;
        end = offset + length;
      }
      offset += length;
    }
    return { start, end };
  });
}

/** The pieces that begin in `span`. */
export function within(pieces: readonly Painted[], span: { readonly start: number; readonly end: number }): Painted[] {
  return pieces.filter((piece) => piece.start >= span.start && piece.start < span.end);
}

/** The view's marks of findings (the Phrases view), in order, with their offsets in the text. */
export function marked(page: Page): Promise<Painted[]> {
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
export function joined(pieces: readonly Painted[]): Painted[] {
  const out: Painted[] = [];
  for (const piece of pieces) {
    const last = out.at(-1);
    if (last !== undefined && last.kind === piece.kind && last.start + last.text.length === piece.start)
      out[out.length - 1] = { ...last, text: last.text + piece.text };
    else out.push(piece);
  }
  return out;
}
