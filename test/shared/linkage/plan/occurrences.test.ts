/** occurrenceFinder (first-key positions, remembered) finds exactly what keyOccurrences (a scan of the text) finds. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyOccurrences, occurrenceFinder } from '../../../../shared/linkage/plan/occurrences.js';
import { tokenize } from '../../../../shared/tokenizer/tokenize.js';
import { randomText } from '../../../helpers/random-texts.js';

const WORDS = ['the', 'court', 'held', 'that', 'applicant', 'a', '[REDACTED]'];

describe('occurrenceFinder', () => {
  it('agrees with a scan of the whole text, segments respected, for every phrase asked (twice)', () => {
    fc.assert(
      fc.property(randomText(WORDS, 40), fc.array(fc.array(fc.constantFrom(...WORDS, 'absent'), { maxLength: 4 }), { maxLength: 12 }), (text, phrases) => {
        const tokens = tokenize(text);
        const find = occurrenceFinder(tokens);
        // Phrases of the text itself too, so that most have occurrences, some crossing a segment's end.
        const own = Array.from({ length: Math.max(0, tokens.count - 2) }, (_, i) => tokens.keys.slice(i, i + 3));
        for (const keys of [...phrases, ...own, ...phrases]) expect(find(keys)).toEqual(keyOccurrences(tokens, keys));
      }),
      { numRuns: 500 },
    );
  });
});
