/**
 * Phrases compared as the engine compares them: by token keys (case and apostrophe
 * variants folded), within a segment (punctuation and placeholders break phrases). A
 * rewrite that keeps a flagged phrase with other capitals or spacing still links, and one
 * that splits it with a comma no longer does.
 */
import { compilePlaceholderPattern, findPlaceholderRanges } from '../../shared/tokenizer/placeholders.js';
import { tokenize, type TokenizedText } from '../../shared/tokenizer/tokenize.js';
import type { TextSpan } from './types.js';

/** The placeholder every fallback writes (the one of shared/review/redaction.ts). */
export { REDACTED } from '../../shared/review/redaction.js';

/** A phrase's token keys, and for each pair of neighbours whether they share a segment. */
export interface KeyPattern {
  readonly keys: readonly string[];
  readonly joined: readonly boolean[];
}

/** A tokenized text with each token's segment number. */
export interface Tokens extends TokenizedText {
  readonly segmentOf: Int32Array;
}

/** Tokenizes `text` and numbers its segments. */
export function tokensOf(text: string, pattern: RegExp): Tokens {
  const tokens = tokenize(text, { placeholderPattern: pattern });
  const segmentOf = new Int32Array(tokens.count);
  for (let s = 0; s + 1 < tokens.segmentStarts.length; s++) segmentOf.fill(s, tokens.segmentStarts[s]!, tokens.segmentStarts[s + 1]!);
  return { ...tokens, segmentOf };
}

/** The key pattern of each span: the tokens it overlaps. A span without tokens gives an empty pattern. */
export function patternsOf(tokens: Tokens, spans: readonly TextSpan[]): KeyPattern[] {
  return spans.map((span) => {
    const keys: string[] = [];
    const joined: boolean[] = [];
    let previous = -1;
    for (let t = 0; t < tokens.count; t++) {
      if (tokens.ends[t]! <= span.start || tokens.starts[t]! >= span.end) continue;
      if (previous >= 0) joined.push(tokens.segmentOf[previous] === tokens.segmentOf[t]);
      keys.push(tokens.keys[t]!);
      previous = t;
    }
    return { keys, joined };
  });
}

/** Token index ranges [first, last] where `pattern` occurs in `tokens`. */
function occurrences(tokens: Tokens, pattern: KeyPattern): [number, number][] {
  const found: [number, number][] = [];
  const n = pattern.keys.length;
  if (n === 0) return found;
  outer: for (let i = 0; i + n <= tokens.count; i++) {
    for (let j = 0; j < n; j++) {
      if (tokens.keys[i + j] !== pattern.keys[j]) continue outer;
      if (j > 0 && (tokens.segmentOf[i + j - 1] === tokens.segmentOf[i + j]) !== pattern.joined[j - 1]) continue outer;
    }
    found.push([i, i + n - 1]);
  }
  return found;
}

/** The indexes of the patterns that occur in `tokens`. */
export function patternsFound(tokens: Tokens, patterns: readonly KeyPattern[]): number[] {
  return patterns.flatMap((pattern, index) => (occurrences(tokens, pattern).length > 0 ? [index] : []));
}

/**
 * Character ranges covering every occurrence of the patterns, cut at segment breaks (so a
 * placeholder or punctuation between two parts survives), merged, in text order.
 */
export function occurrenceRanges(tokens: Tokens, patterns: readonly KeyPattern[]): TextSpan[] {
  const ranges: TextSpan[] = [];
  for (const pattern of patterns) {
    for (const [first, last] of occurrences(tokens, pattern)) {
      let from = first;
      for (let t = first + 1; t <= last + 1; t++) {
        if (t <= last && tokens.segmentOf[t] === tokens.segmentOf[t - 1]) continue;
        ranges.push({ start: tokens.starts[from]!, end: tokens.ends[t - 1]! });
        from = t;
      }
    }
  }
  ranges.sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last !== undefined && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** The placeholders of a text, in order (a multiset). */
export function placeholdersOf(text: string, pattern: RegExp): string[] {
  const ranges = findPlaceholderRanges(text, pattern);
  const found: string[] = [];
  for (let i = 0; i < ranges.length; i += 2) found.push(text.slice(ranges[i], ranges[i + 1]));
  return found;
}

/** The compiled placeholder pattern (default: [REDACTED], <PERSON>, …). */
export function placeholderRegex(source?: string): RegExp {
  return compilePlaceholderPattern(source);
}
