/**
 * Tokenizing a whole text into arrays: what detection and highlighting consume.
 */
import { compilePlaceholderPattern, findPlaceholderRanges } from './placeholders.js';
import { scanTokens } from './scan.js';
import { tokenKey } from './token-key.js';

/** The tokens of a text, as parallel arrays, with their segments. */
export interface TokenizedText {
  /** Number of tokens. */
  readonly count: number;
  /** UTF-16 start offset of each token. */
  readonly starts: Int32Array;
  /** UTF-16 end offset (exclusive) of each token. */
  readonly ends: Int32Array;
  /** Normalised key of each token. */
  readonly keys: string[];
  /** Token index where each segment starts, plus a final entry equal to `count`. */
  readonly segmentStarts: Int32Array;
  /** Placeholder ranges found, flat [start, end, …]. */
  readonly placeholders: readonly number[];
}

/** Options shared by every caller of the tokenizer. */
export interface TokenizeOptions {
  /** Placeholder pattern (a regex source or a compiled regex); the default covers [REDACTED] and <PERSON>. */
  readonly placeholderPattern?: string | RegExp;
}

function resolvePattern(pattern: string | RegExp | undefined): RegExp {
  if (pattern instanceof RegExp) return pattern;
  return compilePlaceholderPattern(pattern);
}

/** Tokenizes `text` into keys with offsets and segment boundaries. */
export function tokenize(text: string, options: TokenizeOptions = {}): TokenizedText {
  const placeholders = findPlaceholderRanges(text, resolvePattern(options.placeholderPattern));
  const starts: number[] = [];
  const ends: number[] = [];
  const keys: string[] = [];
  const segmentStarts: number[] = [];
  scanTokens(text, placeholders, (start, end, opensSegment, flags) => {
    if (opensSegment) segmentStarts.push(starts.length);
    starts.push(start);
    ends.push(end);
    keys.push(tokenKey(text, start, end, flags));
  });
  segmentStarts.push(starts.length);
  return {
    count: starts.length,
    starts: Int32Array.from(starts),
    ends: Int32Array.from(ends),
    keys,
    segmentStarts: Int32Array.from(segmentStarts),
    placeholders,
  };
}

/** A token as the golden vectors write it: [key, start, end]. */
export type TokenTriple = [key: string, start: number, end: number];

/** The segments of a text as lists of [key, start, end]: the golden-vector layout. */
export function segmentsOf(text: string, options: TokenizeOptions = {}): TokenTriple[][] {
  const tokens = tokenize(text, options);
  const segments: TokenTriple[][] = [];
  for (let s = 0; s + 1 < tokens.segmentStarts.length; s++) {
    const segment: TokenTriple[] = [];
    for (let t = tokens.segmentStarts[s]!; t < tokens.segmentStarts[s + 1]!; t++) {
      segment.push([tokens.keys[t]!, tokens.starts[t]!, tokens.ends[t]!]);
    }
    segments.push(segment);
  }
  return segments;
}
