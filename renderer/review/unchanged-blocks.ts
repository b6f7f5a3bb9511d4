/**
 * Keeping what a block of the text draws (TextChunk.tsx) the same object while it has not
 * changed, so that the block is not drawn again.
 *
 * Why: every block's pieces are cut anew when any preview changes (a card rejected, a pass
 * undone), and every block read all the previews. So rejecting one card drew the whole
 * text again: 0.8–1.2 s on the 35,117-word text of BENCHMARKS.md, with its 6,151 cards.
 * A block whose pieces and own previews are as they were now keeps them, and only the
 * block of the card rejected is drawn again. (An accept changes the text, which every
 * block draws from, so it still draws them all.)
 */
import type { Piece } from './TextChunk.js';
import type { PreviewMarks } from './sorted-marks.js';

/** Whether two lists of pieces draw alike. */
export function samePieces(a: readonly Piece[], b: readonly Piece[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.start !== y.start || x.end !== y.end || x.anchor !== y.anchor || !sameNumbers(x.findings, y.findings) || !sameNumbers(x.groups, y.groups))
      return false;
  }
  return true;
}

/** Whether two blocks' previews draw alike: the same spans and replacements, in the same order. */
export function samePreviews(a: PreviewMarks | undefined, b: PreviewMarks | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.overlapping !== b.overlapping || a.marks.length !== b.marks.length) return false;
  return a.marks.every((m, i) => m.start === b.marks[i]!.start && m.end === b.marks[i]!.end && m.after === b.marks[i]!.after);
}

/**
 * The previews of each block: those that overlap it (a preview across a block's start is in
 * both), in text order. `previews` are in text order.
 */
export function previewsOfBlocks(previews: PreviewMarks | undefined, blocks: readonly { start: number; end: number }[]): (PreviewMarks | undefined)[] {
  if (previews === undefined) return blocks.map(() => undefined);
  const { marks, overlapping } = previews;
  let first = 0;
  return blocks.map((block) => {
    // Previews that end before this block will end before every later one too, unless some
    // overlap (then a long one may reach further): the whole list is read for each block.
    while (!overlapping && first < marks.length && marks[first]!.end <= block.start) first++;
    // (An empty preview covers no piece of the text: it is in no block.)
    const own = [];
    for (let i = overlapping ? 0 : first; i < marks.length && marks[i]!.start < block.end; i++) if (marks[i]!.end > block.start) own.push(marks[i]!);
    return { marks: own, overlapping };
  });
}

export function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
