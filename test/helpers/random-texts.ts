/** Random short texts for property tests: words from a small vocabulary, so phrases repeat across documents. */
import fc from 'fast-check';

/** Spaces mostly; commas, full stops and line breaks end segments. */
const GAPS = [' ', ' ', ' ', ', ', '. ', '\n'];

/** Texts of 1 to `maxTokens` words drawn from `words`. */
export function randomText(words: readonly string[], maxTokens: number): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(fc.constantFrom(...words), fc.constantFrom(...GAPS)), { minLength: 1, maxLength: maxTokens })
    .map((parts) => parts.map(([w, g]) => w + g).join(''));
}
