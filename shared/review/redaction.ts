/**
 * Replacing ranges of a text with a placeholder, with the one merging rule every caller
 * uses (the review app, the CLI, the rewriter's fallbacks and the evaluation): two
 * placeholders separated only by whitespace become one; placeholders never merge across
 * punctuation (or anything else), so "the [REDACTED], [REDACTED] court" keeps its comma.
 *
 * Only runs that hold a placeholder written here are merged, and only with the same
 * placeholder: the text's own "[PERSON] [DATE]" stays as the de-identification left it.
 */
import { firstPassing } from '../sorted-search.js';
import { applyReplacements } from './text-change.js';
import { compilePlaceholderPattern, findPlaceholderRanges } from '../tokenizer/placeholders.js';

/** The placeholder redaction writes. */
export const REDACTED = '[REDACTED]';

/** A character range, `end` exclusive. */
export interface CharRange {
  readonly start: number;
  readonly end: number;
}

/** Overlapping or touching ranges merged, in text order, empty ones dropped. */
export function mergeRanges(ranges: readonly CharRange[]): CharRange[] {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ start: range.start, end: range.end });
  }
  return merged;
}

const WHITESPACE = /^\s+$/u;

/**
 * The ranges to replace by one `placeholder` each so that the result follows the merging
 * rule: `ranges` merged where they overlap or touch, then where only whitespace separates
 * them, and extended over an identical placeholder of the text that only whitespace
 * separates from them.
 */
export function redactionRanges(text: string, ranges: readonly CharRange[], placeholder: string = REDACTED, pattern?: string | RegExp): CharRange[] {
  const regex = pattern instanceof RegExp ? pattern : compilePlaceholderPattern(pattern);
  const found = findPlaceholderRanges(text, regex);
  const same: CharRange[] = [];
  for (let i = 0; i < found.length; i += 2) if (text.slice(found[i], found[i + 1]) === placeholder) same.push({ start: found[i]!, end: found[i + 1]! });
  const out: { start: number; end: number }[] = [];
  for (const range of mergeRanges(ranges)) {
    const current = { start: range.start, end: range.end };
    // An identical placeholder just before, only whitespace between: take it in.
    // The text's placeholders are ascending and never overlap, so their ends ascend too: a binary
    // search, where a scan for each range was quadratic on a long text full of placeholders.
    const before = same[firstPassing(same, (p) => p.end > current.start) - 1];
    if (before !== undefined && WHITESPACE.test(text.slice(before.end, current.start))) current.start = before.start;
    const last = out.at(-1);
    if (last !== undefined && (current.start <= last.end || WHITESPACE.test(text.slice(last.end, current.start)))) last.end = Math.max(last.end, current.end);
    else out.push(current);
  }
  // …and identical placeholders just after.
  for (const range of out) {
    for (;;) {
      const after = same[firstPassing(same, (p) => p.start >= range.end)];
      if (after === undefined || !WHITESPACE.test(text.slice(range.end, after.start))) break;
      range.end = after.end;
    }
  }
  return mergeRanges(out);
}

/**
 * `text` with each range replaced by `placeholder`, merged by the rule above. `pattern`
 * says what counts as a placeholder (default: [REDACTED], <PERSON>…).
 */
export function redactRanges(text: string, ranges: readonly CharRange[], placeholder: string = REDACTED, pattern?: string | RegExp): string {
  return replaceMerged(text, redactionRanges(text, ranges, placeholder, pattern), placeholder);
}

/** `text` with each of the ranges redactionRanges gave replaced by `placeholder`. */
export function replaceMerged(text: string, merged: readonly CharRange[], placeholder: string): string {
  return applyReplacements(
    text,
    merged.map((range) => ({ ...range, after: placeholder })),
  );
}
