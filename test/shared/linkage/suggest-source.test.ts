/**
 * Source suggestions and the doubt about a source given: the doubt must agree with counting
 * every document's rare phrases directly, however far down the ranking the source is.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sourceDoubt, sourceDoubtMessage, suggestSources } from '../../../shared/linkage/suggest-source.js';
import type { LinkableNgram } from '../../../shared/linkage/types.js';

/** A minimal linkable N-gram held by `documents` (only its documents matter here). */
const ngram = (documents: string[]): LinkableNgram => ({ start: 0, end: 1, tokenStart: 0, tokenLength: 1, text: 'x', df: documents.length, documents });

const DOCUMENTS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

describe('source suggestions', () => {
  it('ranks by rare phrases shared, ties by id, and adds the source given after the first ones', () => {
    const minimal = [ngram(['b']), ngram(['b', 'c']), ngram(['a']), ngram(['c']), ngram(['d'])];
    expect(suggestSources(minimal, 2)).toEqual([
      { id: 'b', sharedRarePhrases: 2 },
      { id: 'c', sharedRarePhrases: 2 },
    ]);
    expect(suggestSources(minimal, 2, 'd').at(-1)).toEqual({ id: 'd', sharedRarePhrases: 1 });
    expect(suggestSources(minimal, 2, 'zz').at(-1)).toEqual({ id: 'zz', sharedRarePhrases: 0 });
    expect(suggestSources(minimal, 2, 'b')).toHaveLength(2);
  });

  it('doubts a source exactly when another document shares more rare phrases with the text', () => {
    fc.assert(
      fc.property(fc.array(fc.subarray(DOCUMENTS, { minLength: 1, maxLength: 2 }), { maxLength: 30 }), fc.constantFrom(...DOCUMENTS), (held, source) => {
        const counts = new Map<string, number>();
        for (const documents of held) for (const d of documents) counts.set(d, (counts.get(d) ?? 0) + 1);
        const most = Math.max(0, ...counts.values());
        const doubt = sourceDoubt(suggestSources(held.map(ngram), 3, source), source);
        if (most > (counts.get(source) ?? 0)) {
          expect(doubt).toEqual({ likely: { id: expect.any(String), sharedRarePhrases: most }, givenShares: counts.get(source) ?? 0 });
          expect(doubt!.likely.id).not.toBe(source);
        } else expect(doubt).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('says which document, how many phrases each, and that only the source given counts', () => {
    expect(sourceDoubtMessage('b', { likely: { id: 'a', sharedRarePhrases: 12 }, givenShares: 0 })).toBe(
      "a shares more of the text's rare phrases than b (12 against 0). Only links to b count: check the source, or leave it out to count links to every document.",
    );
  });
});
