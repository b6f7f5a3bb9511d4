/**
 * Edit size: the word-level Levenshtein distance between d′ and its rewrite, divided by
 * the number of words in d′.
 *
 * Words are the engine's tokens compared by key (so case and apostrophe variants are not
 * edits, and punctuation is not a word), plus every placeholder such as [REDACTED] as one
 * word of its own (so replacing a phrase by a placeholder costs what it changes).
 * Insertions, deletions and substitutions of one word cost 1 each.
 */
import { tokenize } from '../tokenizer/tokenize.js';

/** Edit distance, word count of d′ and their ratio (null for a d′ without words). */
export interface EditSize {
  readonly distance: number;
  readonly words: number;
  readonly ratio: number | null;
}

/** The words of `text` in order: token keys, and placeholders as written. */
export function wordsOf(text: string, placeholderPattern?: string): string[] {
  const tokens = tokenize(text, placeholderPattern === undefined ? {} : { placeholderPattern });
  const words: { at: number; word: string }[] = tokens.keys.map((key, i) => ({ at: tokens.starts[i]!, word: key }));
  for (let p = 0; p + 1 < tokens.placeholders.length; p += 2) {
    const start = tokens.placeholders[p]!;
    // A prefix keeps placeholders apart from any token key.
    words.push({ at: start, word: `\u0000${text.slice(start, tokens.placeholders[p + 1])}` });
  }
  return words.sort((a, b) => a.at - b.at).map((w) => w.word);
}

/**
 * Levenshtein distance between two word sequences (unit costs), 32 cells of the table at a
 * time: the differences between neighbouring cells of a column are kept as bits
 * (Myers's bit-vector algorithm, in blocks, with the first row counting up as the edit
 * distance needs). The plain table took 4.8 s for a 37,097-word text and its plan, and the
 * review app asks with every plan; test/electron/evaluation/metrics.test.ts holds the plain
 * table and compares the two.
 */
export function wordLevenshtein(a: readonly string[], b: readonly string[]): number {
  // The shorter sequence is the one held as bits (the distance is symmetric).
  const [text, pattern] = a.length >= b.length ? [a, b] : [b, a];
  const m = pattern.length;
  if (m === 0) return text.length;
  const blocks = Math.ceil(m / 32);
  // Where each word of the pattern occurs (a column's matches are set from these).
  const rowsOf = new Map<string, number[]>();
  pattern.forEach((word, row) => {
    const rows = rowsOf.get(word);
    if (rows === undefined) rowsOf.set(word, [row]);
    else rows.push(row);
  });
  // Vertical differences of the current column, +1 and −1, one bit per row; column 0 counts up.
  const plus = new Int32Array(blocks).fill(-1);
  const minus = new Int32Array(blocks);
  const equal = new Int32Array(blocks);
  const lastBit = 1 << ((m - 1) % 32);
  let score = m;
  for (const word of text) {
    const rows = rowsOf.get(word);
    if (rows !== undefined) for (const row of rows) equal[row >>> 5]! |= 1 << (row & 31);
    // The first row counts up too: each block's carry in is the difference above its first row.
    let carry = 1;
    for (let block = 0; block < blocks; block++) {
      const pv = plus[block]!;
      const mv = minus[block]!;
      let eq = equal[block]!;
      const xv = eq | mv;
      if (carry < 0) eq |= 1;
      const xh = (((eq & pv) + pv) ^ pv) | eq;
      let ph = mv | ~(xh | pv);
      let mh = pv & xh;
      const high = block === blocks - 1 ? lastBit : 1 << 31;
      const out = (ph & high) !== 0 ? 1 : (mh & high) !== 0 ? -1 : 0;
      ph = (ph << 1) | (carry > 0 ? 1 : 0);
      mh = (mh << 1) | (carry < 0 ? 1 : 0);
      plus[block] = mh | ~(xv | ph);
      minus[block] = ph & xv;
      carry = out;
    }
    // The last carry is the difference at the pattern's last row: the distance so far.
    score += carry;
    if (rows !== undefined) for (const row of rows) equal[row >>> 5] = 0;
  }
  return score;
}

/** The edit size of `rewrite` against `released` (see the module comment). */
export function editSize(released: string, rewrite: string, placeholderPattern?: string): EditSize {
  const before = wordsOf(released, placeholderPattern);
  const distance = wordLevenshtein(before, wordsOf(rewrite, placeholderPattern));
  return { distance, words: before.length, ratio: before.length > 0 ? distance / before.length : null };
}
