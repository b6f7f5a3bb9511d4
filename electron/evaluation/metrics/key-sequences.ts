/**
 * Phrases compared the way the engine compares them: as sequences of token keys inside
 * one segment. Two texts "share" a phrase when the same keys follow each other in one
 * segment of both, whatever the case, spacing or punctuation around them.
 */
import type { TokenizedText } from '../../../shared/tokenizer/tokenize.js';

/** The key sequence of tokens [tokenStart, tokenStart + tokenLength) as one string (keys hold no spaces). */
export function keySequence(tokens: TokenizedText, tokenStart: number, tokenLength: number): string {
  return tokens.keys.slice(tokenStart, tokenStart + tokenLength).join(' ');
}

/** Answers "does this key sequence occur inside one segment of the text?". */
export class KeySequenceFinder {
  private readonly positions = new Map<string, number[]>();
  private readonly segmentOf: Int32Array;

  constructor(private readonly tokens: TokenizedText) {
    this.segmentOf = new Int32Array(tokens.count);
    for (let s = 0; s + 1 < tokens.segmentStarts.length; s++) this.segmentOf.fill(s, tokens.segmentStarts[s]!, tokens.segmentStarts[s + 1]!);
    tokens.keys.forEach((key, i) => {
      const list = this.positions.get(key);
      if (list === undefined) this.positions.set(key, [i]);
      else list.push(i);
    });
  }

  /** True when the keys (a sequence from `keySequence`, split on spaces) occur in one segment. */
  contains(sequence: string): boolean {
    const keys = sequence.split(' ');
    const starts = this.positions.get(keys[0]!);
    if (starts === undefined) return false;
    const { tokens, segmentOf } = this;
    for (const start of starts) {
      const end = start + keys.length - 1;
      if (end >= tokens.count || segmentOf[end] !== segmentOf[start]) continue;
      let i = 1;
      while (i < keys.length && tokens.keys[start + i] === keys[i]) i++;
      if (i === keys.length) return true;
    }
    return false;
  }
}
