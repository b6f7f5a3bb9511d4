/**
 * The highlighted text drawn in blocks (HighlightedText.tsx), so that a long judgment
 * costs what is on screen rather than what is in it.
 *
 * Why: a 37,000-word text carries about 39,000 marks. As one block, the browser laid out
 * every one of them each time the view was drawn (2–3 s here); React, inserting the plan's
 * marks among the phrases' ones, searched past every new sibling for each (about 2 s); and
 * moving the focus to the next finding drew all of them again (0.6 s). In blocks of a few
 * thousand characters, each with `content-visibility: auto` (app.css), the browser lays
 * out only the blocks near the screen, React's search stays inside a block, and a block
 * whose marks did not change is not drawn again.
 *
 * Blocks end only after a line break, so the lines look the same as in one block: the line
 * break that ends a block adds no empty line, and one that begins the next is the blank
 * line it was. The boundaries depend on the text alone, not on the findings, so a block
 * keeps its element (and a mark in it the focus) when the findings or the plan change.
 */

/**
 * The class of a block's element, in the highlighted text, the editor's backdrop and the
 * word diff alike: app.css lays such blocks out only near the screen, and the strip and the
 * window of blocks near the screen find them by it.
 */
export const BLOCK_CLASS = 'text-chunk';

/** A block holds at least this many characters, up to the end of its last line. */
export const CHUNK_TARGET_CHARS = 2000;

/**
 * Where each block begins: 0, then just after the first line break at or past
 * `target` characters into the block. A text without line breaks is one block.
 */
export function chunkStarts(text: string, target = CHUNK_TARGET_CHARS): number[] {
  const starts = [0];
  for (;;) {
    const lineBreak = text.indexOf('\n', starts[starts.length - 1]! + target - 1);
    if (lineBreak < 0 || lineBreak + 1 >= text.length) return starts;
    starts.push(lineBreak + 1);
  }
}

/** What the estimate of a block's height needs: the line height and how many characters a line holds. */
export interface TextMetrics {
  readonly lineHeight: number;
  readonly charsPerLine: number;
}

/** Until the text is measured: 16px Georgia at line height 1.6 in a frame of about 800px. */
export const DEFAULT_TEXT_METRICS: TextMetrics = { lineHeight: 25.6, charsPerLine: 95 };

/**
 * The height a block will take, in pixels, for a block the browser has not laid out yet:
 * each line of the text wraps where it fills a line, less a few characters for the word
 * that did not fit. Only the scroll bar's length and the overview strip of the blocks not
 * yet drawn depend on it; the browser keeps a block's real height once it has drawn it.
 */
export function estimatedChunkHeight(text: string, start: number, end: number, metrics: TextMetrics): number {
  const perLine = Math.max(8, metrics.charsPerLine - 4);
  let lines = 0;
  for (let lineStart = start; lineStart < end;) {
    const lineBreak = text.indexOf('\n', lineStart);
    const lineEnd = lineBreak < 0 || lineBreak >= end ? end : lineBreak;
    lines += Math.max(1, Math.ceil((lineEnd - lineStart) / perLine));
    lineStart = lineEnd + 1;
  }
  return Math.round(lines * metrics.lineHeight);
}
