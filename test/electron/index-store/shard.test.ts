/**
 * A shard's document of each suffix, found through a small table of every 2^shift-th
 * position (see documentsOfSuffixes), against the plain lookup by position: documents of
 * every length, from one token to thousands, and more documents than 16 bits can number.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Shard } from '../../../electron/index-store/shard.js';
import { sortShard, type TokenizedShard } from '../../../electron/index-store/shard-builder.js';

/** Documents of the given token counts, ids 1..vocabulary, each segment and document ending in 0. */
function tokenized(lengths: readonly number[], vocabulary: number, seed: number): TokenizedShard {
  let s = seed >>> 0;
  const next = (): number => (s = (Math.imul(s, 1103515245) + 12345) >>> 0);
  const tokens: number[] = [];
  const starts: number[] = [];
  for (const length of lengths) {
    starts.push(tokens.length);
    for (let t = 0; t < length; t++) {
      tokens.push(1 + (next() % vocabulary));
      if (t + 1 < length && next() % 7 === 0) tokens.push(0);
    }
    tokens.push(0);
  }
  starts.push(tokens.length);
  return {
    tokens: Uint32Array.from(tokens),
    documentStarts: Uint32Array.from(starts),
    documentNumbers: Int32Array.from(lengths, (_, i) => i + 1),
    tokenCounts: Int32Array.from(lengths),
  };
}

function expectDocumentsOfSuffixes(batch: TokenizedShard, vocabulary: number): void {
  const shard = new Shard(sortShard(batch, vocabulary), vocabulary, () => true);
  const byPosition = new Uint32Array(batch.tokens.length);
  for (let d = 0; d + 1 < batch.documentStarts.length; d++) byPosition.fill(d, batch.documentStarts[d]!, batch.documentStarts[d + 1]!);
  const expected = Array.from(shard.suffixes, (position) => byPosition[position]!);
  expect(Array.from(shard.documentOfSuffix)).toEqual(expected);
}

describe('Shard.documentOfSuffix', () => {
  it('agrees with the lookup by position for documents of any mix of lengths', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1000, max: 3000 })), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.integer({ min: 2, max: 50 }),
        fc.integer(),
        (lengths, vocabulary, seed) => expectDocumentsOfSuffixes(tokenized(lengths, vocabulary, seed), vocabulary),
      ),
      { numRuns: 60 },
    );
  });

  it('numbers more than 65,535 documents with 32 bits', () => {
    const batch = tokenized(
      Array.from({ length: 70_000 }, (_, i) => 1 + (i % 3)),
      20,
      7,
    );
    expectDocumentsOfSuffixes(batch, 20);
    expect(new Shard(sortShard(batch, 20), 20, () => true).documentOfSuffix).toBeInstanceOf(Uint32Array);
  });
});
