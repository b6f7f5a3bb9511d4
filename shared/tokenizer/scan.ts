/**
 * The one tokenizer of the project: indexing, detection and highlighting all use it,
 * so a phrase is the same phrase everywhere.
 *
 * Rules (engine issue §2):
 * - a token is a maximal run of \p{L}\p{N}\p{M}, with single internal apostrophes or
 *   hyphens between runs (F-type, applicant's);
 * - two consecutive tokens share a segment only when the text between them is
 *   whitespace with fewer than two line breaks (`\n`); anything else breaks it;
 * - placeholders are not tokens and break the segment.
 */
import { isJoiner, isSegmentWhitespace, isWordCodePoint } from './char-classes.js';

/** Flags passed with each token so that keys can skip Unicode work for plain ASCII. */
export const TOKEN_NON_ASCII = 1;
export const TOKEN_HAS_UPPER = 2;

/**
 * Receives each token: its UTF-16 offsets, whether it opens a new segment, flags, and
 * for ASCII tokens the FNV-1a hash of its lower-cased characters (= its key), so that
 * the indexer can look the token up without making a string (meaningless otherwise).
 */
export type TokenVisitor = (start: number, end: number, opensSegment: boolean, flags: number, asciiKeyHash: number) => void;

/** FNV-1a, the hash the scanner computes for ASCII keys. */
export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/**
 * Walks the tokens of `text`, calling `visit` for each, in order.
 * `placeholderRanges` is the flat sorted list from `findPlaceholderRanges`.
 */
export function scanTokens(text: string, placeholderRanges: readonly number[], visit: TokenVisitor): void {
  const length = text.length;
  let rangeIndex = 0;
  let nextPlaceholder = placeholderRanges.length > 0 ? placeholderRanges[0]! : length + 1;
  let breakPending = true; // the first token always opens a segment
  let newlines = 0;
  let i = 0;
  while (i < length) {
    if (i === nextPlaceholder) {
      i = placeholderRanges[rangeIndex + 1]!;
      rangeIndex += 2;
      nextPlaceholder = rangeIndex < placeholderRanges.length ? placeholderRanges[rangeIndex]! : length + 1;
      breakPending = true;
      continue;
    }
    const code = text.charCodeAt(i);
    const cp = code >= 0xd800 && code <= 0xdbff ? (text.codePointAt(i) as number) : code;
    if (isWordCodePoint(cp)) {
      const start = i;
      let flags = 0;
      let hash = FNV_OFFSET;
      let j = i;
      // Extend over word code points and single joiners followed by a word code point.
      for (;;) {
        if (j >= length || j === nextPlaceholder) break;
        const c = text.charCodeAt(j);
        if (c < 128) {
          if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
            hash = Math.imul(hash ^ c, FNV_PRIME);
            j++;
            continue;
          }
          if (c >= 65 && c <= 90) {
            flags |= TOKEN_HAS_UPPER;
            hash = Math.imul(hash ^ (c + 32), FNV_PRIME);
            j++;
            continue;
          }
        } else {
          const p = c >= 0xd800 && c <= 0xdbff ? (text.codePointAt(j) as number) : c;
          if (isWordCodePoint(p)) {
            flags |= TOKEN_NON_ASCII;
            j += p > 0xffff ? 2 : 1;
            continue;
          }
        }
        if (isJoiner(c) && j + 1 < length && j + 1 !== nextPlaceholder) {
          const after = text.codePointAt(j + 1) as number;
          if (isWordCodePoint(after)) {
            if (c >= 128) flags |= TOKEN_NON_ASCII;
            hash = Math.imul(hash ^ c, FNV_PRIME);
            j++;
            continue;
          }
        }
        break;
      }
      visit(start, j, breakPending || newlines >= 2, flags, hash >>> 0);
      breakPending = false;
      newlines = 0;
      i = j;
      continue;
    }
    if (isSegmentWhitespace(code)) {
      if (code === 10) newlines++;
      i++;
    } else {
      breakPending = true;
      i += cp > 0xffff ? 2 : 1;
    }
  }
}
