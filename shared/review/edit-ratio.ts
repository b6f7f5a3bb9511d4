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

/** Levenshtein distance between two word sequences (unit costs). */
export function wordLevenshtein(a: readonly string[], b: readonly string[]): number {
  const ids = new Map<string, number>();
  const encode = (words: readonly string[]): Int32Array => Int32Array.from(words, (w) => ids.get(w) ?? ids.set(w, ids.size).size - 1);
  const x = encode(a);
  const y = encode(b);
  let previous = Int32Array.from({ length: y.length + 1 }, (_, j) => j);
  let current = new Int32Array(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    current[0] = i;
    const xi = x[i - 1];
    for (let j = 1; j <= y.length; j++) {
      const substitution = previous[j - 1]! + (xi === y[j - 1] ? 0 : 1);
      current[j] = Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1);
    }
    [previous, current] = [current, previous];
  }
  return previous[y.length]!;
}

/** The edit size of `rewrite` against `released` (see the module comment). */
export function editSize(released: string, rewrite: string, placeholderPattern?: string): EditSize {
  const before = wordsOf(released, placeholderPattern);
  const distance = wordLevenshtein(before, wordsOf(rewrite, placeholderPattern));
  return { distance, words: before.length, ratio: before.length > 0 ? distance / before.length : null };
}
