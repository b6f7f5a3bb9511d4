/**
 * The word diff (shared/review/word-diff.ts) in blocks for the Changes tab and the versions'
 * previews, laid out by the browser only near the screen, as the highlighted text is
 * (text-chunks.ts says why). A 35,000-word text with its plan accepted has 37,000 parts.
 */
import type { DiffPart } from '../../shared/review/word-diff.js';
import { CHUNK_TARGET_CHARS } from './text-chunks.js';

/** A block of the diff, and the text it shows (removed and added words included). */
export interface DiffBlock {
  readonly parts: readonly DiffPart[];
  readonly shown: string;
}

/**
 * The parts cut into blocks of at least `target` characters shown, each ending just after a
 * line break of unchanged text (so that the lines fall as in one block), the last with
 * whatever is left. A part with such a line break is cut in two there.
 */
export function diffBlocks(parts: readonly DiffPart[], target = CHUNK_TARGET_CHARS): DiffBlock[] {
  const blocks: DiffBlock[] = [];
  let current: DiffPart[] = [];
  let shown = '';
  const close = () => {
    if (current.length > 0) blocks.push({ parts: current, shown });
    current = [];
    shown = '';
  };
  for (const part of parts) {
    let text = part.text;
    while (part.kind === 'same') {
      // The first line break at or past the target, counting what the block already shows.
      const lineBreak = text.indexOf('\n', Math.max(0, target - shown.length - 1));
      if (lineBreak < 0 || lineBreak + 1 >= text.length) break;
      const head = text.slice(0, lineBreak + 1);
      current.push({ kind: 'same', text: head });
      shown += head;
      close();
      text = text.slice(lineBreak + 1);
    }
    current.push(text === part.text ? part : { kind: part.kind, text });
    shown += text;
    // Unchanged text that ends with the line break past the target ends the block too.
    if (part.kind === 'same' && text.endsWith('\n') && shown.length >= target) close();
  }
  close();
  return blocks;
}
