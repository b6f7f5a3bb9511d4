/**
 * Character classes of the tokenizer, with an ASCII fast path.
 *
 * Why tables: the collection tokenizer visits ~60M characters; a per-character
 * Unicode regex would dominate the index build. ASCII is answered from a fixed
 * table, the rest of the BMP from a lazily filled cache, astral code points by regex.
 */

const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;

/** 0 = unknown, 1 = word character, 2 = not a word character. */
const bmpCache = new Uint8Array(0x10000);
for (let c = 0; c < 128; c++) {
  const isWord = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  bmpCache[c] = isWord ? 1 : 2;
}

/** True for a code point in \p{L}, \p{N} or \p{M}. */
export function isWordCodePoint(cp: number): boolean {
  if (cp < 0x10000) {
    const cached = bmpCache[cp];
    if (cached !== 0) return cached === 1;
    const isWord = WORD_CHAR.test(String.fromCharCode(cp));
    bmpCache[cp] = isWord ? 1 : 2;
    return isWord;
  }
  return WORD_CHAR.test(String.fromCodePoint(cp));
}

/** Apostrophe variants allowed inside a token: ' ’ ‘ ʼ */
export function isApostrophe(code: number): boolean {
  return code === 0x27 || code === 0x2019 || code === 0x2018 || code === 0x2bc;
}

/** Hyphen variants allowed inside a token: - ‐ ‑ */
export function isHyphen(code: number): boolean {
  return code === 0x2d || code === 0x2010 || code === 0x2011;
}

/** A single internal joiner between two word runs, e.g. F-type, applicant's. */
export function isJoiner(code: number): boolean {
  return isApostrophe(code) || isHyphen(code);
}

/**
 * Unicode White_Space as JavaScript's `\s` sees it, except U+FEFF (a byte-order
 * mark is not a gap a reader sees, so it breaks the segment).
 */
export function isSegmentWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}
