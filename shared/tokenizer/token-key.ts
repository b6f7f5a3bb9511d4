/**
 * The key of a token: NFKC, then lower case, then the apostrophe and hyphen variants
 * folded to ' and -. Two tokens are the same word exactly when their keys are equal.
 */
import { TOKEN_HAS_UPPER, TOKEN_NON_ASCII } from './scan.js';

const APOSTROPHE_VARIANTS = /[\u2019\u2018\u02bc]/g;
const HYPHEN_VARIANTS = /[\u2010\u2011]/g;

/** Normalises one token's text into its key (the slow path, for any text). */
export function normalizeKey(token: string): string {
  return token.normalize('NFKC').toLowerCase().replace(APOSTROPHE_VARIANTS, "'").replace(HYPHEN_VARIANTS, '-');
}

/** The key of text[start, end), using the scanner's flags to skip work for ASCII. */
export function tokenKey(text: string, start: number, end: number, flags: number): string {
  const raw = text.slice(start, end);
  if ((flags & TOKEN_NON_ASCII) !== 0) return normalizeKey(raw);
  return (flags & TOKEN_HAS_UPPER) !== 0 ? raw.toLowerCase() : raw;
}
