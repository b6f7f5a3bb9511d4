/**
 * Replacing ranges of a text with a placeholder, with the one merging rule every caller
 * uses (the review app, the CLI, the rewriter's fallbacks and the evaluation): two
 * placeholders separated only by whitespace become one; placeholders never merge across
 * punctuation (or anything else), so "the [REDACTED], [REDACTED] court" keeps its comma.
 *
 * Only runs that hold a placeholder this call wrote are merged, and only with the same
 * placeholder: the text's own "[PERSON] [DATE]" stays as the de-identification left it.
 */
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

/**
 * `text` with each range replaced by `placeholder` (overlapping or touching ranges become
 * one), merged by the rule above. `pattern` says what counts as a placeholder (default:
 * [REDACTED], <PERSON>…).
 */
export function redactRanges(text: string, ranges: readonly CharRange[], placeholder: string = REDACTED, pattern?: string | RegExp): string {
  const regex = pattern instanceof RegExp ? pattern : compilePlaceholderPattern(pattern);
  const existing = findPlaceholderRanges(text, regex);
  // Pieces of the output: text, the text's own placeholders, and the ones written here.
  const pieces: { text: string; placeholder: boolean; written: boolean }[] = [];
  const pushText = (from: number, to: number): void => {
    let at = from;
    for (let i = 0; i < existing.length; i += 2) {
      const start = existing[i]!;
      const end = existing[i + 1]!;
      if (end <= from || start >= to) continue;
      if (start > at) pieces.push({ text: text.slice(at, start), placeholder: false, written: false });
      pieces.push({ text: text.slice(Math.max(start, at), Math.min(end, to)), placeholder: start >= from && end <= to, written: false });
      at = Math.min(end, to);
    }
    if (to > at) pieces.push({ text: text.slice(at, to), placeholder: false, written: false });
  };
  let at = 0;
  for (const range of mergeRanges(ranges)) {
    pushText(at, range.start);
    pieces.push({ text: placeholder, placeholder: true, written: true });
    at = range.end;
  }
  pushText(at, text.length);

  let out = '';
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    const previous = pieces[i - 1];
    const before = pieces[i - 2];
    // "…P ␣ P…": drop the whitespace and the second placeholder when one of the two was written here and they are the same.
    if (piece.placeholder && previous !== undefined && !previous.placeholder && /^\s+$/u.test(previous.text) && before?.placeholder === true) {
      if ((piece.written || before.written) && piece.text === before.text) {
        out = out.slice(0, out.length - previous.text.length);
        // The merged run counts as written, so a third one joins it too.
        pieces[i] = { ...piece, written: true };
        pieces[i - 2] = { ...before, written: true };
        continue;
      }
    }
    out += piece.text;
  }
  return out;
}
