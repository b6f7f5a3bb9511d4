/**
 * The phrase a candidate is judged in: the replaced token with up to `radius` tokens on
 * each side, without crossing a segment break (punctuation, paragraph, placeholder),
 * so it reads like the short N-grams the linkage attack matches.
 */
import type { TokenizedText } from '../../../shared/tokenizer/index.js';

/** Builds original/candidate phrases around tokens of one tokenized text. */
export class PhraseWindows {
  private readonly text: string;
  private readonly tokens: TokenizedText;
  private readonly radius: number;
  private readonly tokenIndexByStart = new Map<number, number>();
  private readonly segmentOfToken: Int32Array;

  constructor(text: string, tokens: TokenizedText, radius: number) {
    this.text = text;
    this.tokens = tokens;
    this.radius = Math.max(0, Math.floor(radius));
    this.segmentOfToken = new Int32Array(tokens.count);
    for (let s = 0; s + 1 < tokens.segmentStarts.length; s++) {
      for (let t = tokens.segmentStarts[s]!; t < tokens.segmentStarts[s + 1]!; t++) this.segmentOfToken[t] = s;
    }
    for (let t = 0; t < tokens.count; t++) this.tokenIndexByStart.set(tokens.starts[t]!, t);
  }

  /** The phrase around the token at [start, end), with that token replaced by `replacement` (omit for the original). */
  phrase(start: number, end: number, replacement?: string): string {
    const token = this.tokenIndexByStart.get(start);
    if (token === undefined) return replacement ?? this.text.slice(start, end);
    const segment = this.segmentOfToken[token]!;
    const first = Math.max(this.tokens.segmentStarts[segment]!, token - this.radius);
    const last = Math.min(this.tokens.segmentStarts[segment + 1]! - 1, token + this.radius);
    const from = this.tokens.starts[first]!;
    const to = this.tokens.ends[last]!;
    if (replacement === undefined) return this.text.slice(from, to);
    return this.text.slice(from, start) + replacement + this.text.slice(end, to);
  }
}
