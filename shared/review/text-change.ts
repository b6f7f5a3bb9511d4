/**
 * The change between two versions of a text, as one replaced region: what the export
 * report lists and what moves pending suggestions along with an edit.
 */

/** text[start, end) of the old version became `after`. */
export interface TextChange {
  readonly start: number;
  readonly end: number;
  readonly before: string;
  readonly after: string;
}

/** The single region that differs between `before` and `after` (common prefix and suffix trimmed). */
export function diffTexts(before: string, after: string): TextChange {
  let prefix = 0;
  const max = Math.min(before.length, after.length);
  while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  return {
    start: prefix,
    end: before.length - suffix,
    before: before.slice(prefix, before.length - suffix),
    after: after.slice(prefix, after.length - suffix),
  };
}

/**
 * Where a span [start, end) of the old text lies in the new one: shifted when the change
 * is entirely before it, unchanged when entirely after, undefined when they overlap.
 */
export function mapSpan(span: { start: number; end: number }, change: TextChange): { start: number; end: number } | undefined {
  if (change.start === change.end && change.before === change.after) return span;
  if (span.end <= change.start) return span;
  if (span.start >= change.end) {
    const delta = change.after.length - change.before.length;
    return { start: span.start + delta, end: span.end + delta };
  }
  return undefined;
}

/** Where a span [start, end) of the new text lay in the old one: mapSpan's inverse. */
export function unmapSpan(span: { start: number; end: number }, change: TextChange): { start: number; end: number } | undefined {
  return mapSpan(span, { start: change.start, end: change.start + change.after.length, before: change.after, after: change.before });
}

/**
 * Applies replacements (non-overlapping, any order) to a text, in one pass: the text
 * between them and their replacements joined once. (Splicing them in one at a time copied
 * the whole text for each: Accept all of 5,000 suggestions on a 160,000-character text took
 * 1.2 s.)
 */
export function applyReplacements(text: string, replacements: readonly { start: number; end: number; after: string }[]): string {
  const sorted = replacements.slice().sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  let at = 0;
  for (const r of sorted) {
    if (r.start < at || r.start > r.end || r.end > text.length) throw new RangeError('Replacements overlap or fall outside the text.');
    parts.push(text.slice(at, r.start), r.after);
    at = r.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
