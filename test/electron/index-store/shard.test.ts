/**
 * A shard held whole (shard.ts), against plain lookups and scans: the document of each
 * phrase start, found through a small table of every 2^shift-th position, for documents
 * of every length and more documents than 16 bits can number; distinct live documents of
 * any range, counted and listed by scanning; and the bounds of a binary search.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Shard } from '../../../electron/index-store/shard.js';
import { sortShard, type TokenizedShard } from '../../../electron/index-store/shard-builder.js';

/**
 * Token ids 1..vocabulary as they are, or spread over both sides of the escape (`wide`), so
 * that a shard held whole escapes some of them (escaped-tokens.ts: ids of 32,767 or more).
 */
function idOf(t: number, wide: boolean): number {
  return wide && t % 2 === 0 ? 32_765 + t * 1_000 : t;
}

/** The largest id of a vocabulary (see idOf). */
function largestId(vocabulary: number, wide: boolean): number {
  return Math.max(vocabulary, idOf(vocabulary - (vocabulary % 2), wide));
}

/** Documents of the given token counts, ids 1..vocabulary (see idOf), each segment and document ending in 0. */
function tokenized(lengths: readonly number[], vocabulary: number, seed: number, wide = false): TokenizedShard {
  let s = seed >>> 0;
  const next = (): number => (s = (Math.imul(s, 1103515245) + 12345) >>> 0);
  const tokens: number[] = [];
  const starts: number[] = [];
  for (const length of lengths) {
    starts.push(tokens.length);
    for (let t = 0; t < length; t++) {
      tokens.push(idOf(1 + (next() % vocabulary), wide));
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

function expectDocumentsOfSuffixes(batch: TokenizedShard, maxTokenId: number): void {
  const parts = sortShard(batch, maxTokenId);
  const shard = Shard.fromParts(parts, maxTokenId, () => true);
  const byPosition = new Uint32Array(batch.tokens.length);
  for (let d = 0; d + 1 < batch.documentStarts.length; d++) byPosition.fill(d, batch.documentStarts[d]!, batch.documentStarts[d + 1]!);
  const expected = Array.from(parts.suffixes, (position) => byPosition[position]!);
  expect(Array.from({ length: shard.suffixCount }, (_, i) => shard.documentOfSuffixAt(i))).toEqual(expected);
  // Held whole, a phrase starts at a token position: the tokens before it in the stream, sentinels not counted.
  const tokensBefore = new Uint32Array(batch.tokens.length + 1);
  for (let p = 0; p < batch.tokens.length; p++) tokensBefore[p + 1] = tokensBefore[p]! + (batch.tokens[p] === 0 ? 0 : 1);
  expect(Array.from({ length: shard.suffixCount }, (_, i) => shard.suffixAt(i))).toEqual(Array.from(parts.suffixes, (p) => tokensBefore[p]!));
  // Each phrase reads as the stream does, up to and including the 0 that ends its segment.
  for (let i = 0; i < shard.suffixCount; i++) {
    const stream = parts.suffixes[i]!;
    for (let j = 0; ; j++) {
      expect(shard.phraseTokenAt(shard.suffixAt(i), j)).toBe(batch.tokens[stream + j]);
      if (batch.tokens[stream + j] === 0) break;
    }
  }
  expect(shard.streamLength).toBe(batch.tokens.length);
  const documents = Array.from({ length: shard.documentCount }, (_, d) => Array.from(shard.documentTokens(d)));
  expect(documents).toEqual(
    Array.from({ length: shard.documentCount }, (_, d) => Array.from(batch.tokens.subarray(batch.documentStarts[d], batch.documentStarts[d + 1]))),
  );
}

describe('Shard.documentOfSuffixAt', () => {
  it('agrees with the lookup by position for documents of any mix of lengths', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1000, max: 3000 })), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.integer({ min: 2, max: 50 }),
        fc.integer(),
        fc.boolean(),
        (lengths, vocabulary, seed, wide) => expectDocumentsOfSuffixes(tokenized(lengths, vocabulary, seed, wide), largestId(vocabulary, wide)),
      ),
      { numRuns: 60 },
    );
  });

  it('numbers more than 65,535 documents', () => {
    const batch = tokenized(
      Array.from({ length: 70_000 }, (_, i) => 1 + (i % 3)),
      20,
      7,
    );
    expectDocumentsOfSuffixes(batch, 20);
  });
});

describe('Shard.countDocuments and sortedDocumentNumbers', () => {
  it('count and list the distinct live documents of any range, as a scan of the range does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer(),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 40 })), { minLength: 1, maxLength: 20 }),
        (lengths, vocabulary, seed, ranges) => {
          const batch = tokenized(lengths, vocabulary, seed);
          const parts = sortShard(batch, vocabulary);
          // Every third document removed: a removed document is never counted.
          const isLive = (n: number): boolean => n % 3 !== 0;
          const shard = Shard.fromParts(parts, vocabulary, isLive);
          const documentOf = (position: number): number => {
            let d = 0;
            while (batch.documentStarts[d + 1]! <= position) d++;
            return batch.documentNumbers[d]!;
          };
          const entries = shard.suffixCount;
          for (const [a, b, cap] of ranges) {
            const lo = a % (entries + 1);
            const hi = lo + (b % (entries - lo + 1));
            const distinct = [...new Set(Array.from(parts.suffixes.subarray(lo, hi), documentOf))].filter(isLive).sort((x, y) => x - y);
            expect(shard.countDocuments(lo, hi, cap)).toBe(Math.min(cap, distinct.length));
            const out = new Int32Array(distinct.length + 2).fill(-7);
            const end = shard.sortedDocumentNumbers(lo, hi, out, 1);
            expect(Array.from(out.subarray(1, end))).toEqual(distinct);
            expect(out[0]).toBe(-7);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** −1, 0, 1: entry i's phrase against path[from..] (tokens [from, path.length); a segment end sorts first). */
function comparePhrase(shard: Shard, i: number, from: number, path: readonly number[]): number {
  const start = shard.suffixAt(i);
  for (let j = from; j < path.length; j++) {
    const t = shard.phraseTokenAt(start, j);
    if (t !== path[j]) return t < path[j]! ? -1 : 1;
  }
  return 0;
}

describe('Shard.boundPath', () => {
  // Few token ids and long documents: ranges of thousands of entries, so the sampled
  // phrases (suffix-samples.ts) narrow them before the plain search. Half the time, half
  // the ids are above 16 bits, so that the search reads escaped tokens.
  it('finds the same bounds as a scan, in ranges large and small, from any depth', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 2, max: 5 }),
        fc.integer(),
        fc.array(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 7 }), { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        (lengths, vocabulary, seed, paths, wide) => {
          const largest = largestId(vocabulary, wide);
          const shard = Shard.fromParts(sortShard(tokenized(lengths, vocabulary, seed, wide), largest), largest, () => true);
          const entries = shard.suffixCount;
          for (const raw of paths) {
            const path = raw.map((t) => idOf(1 + ((t - 1) % vocabulary), wide));
            for (let from = 0; from < path.length; from++) {
              // The range of the entries holding path[0..from), found by scanning.
              let low = 0;
              while (low < entries && comparePhrase(shard, low, 0, path.slice(0, from)) < 0) low++;
              let high = low;
              while (high < entries && comparePhrase(shard, high, 0, path.slice(0, from)) === 0) high++;
              for (const strictlyAbove of [false, true]) {
                let expected = low;
                while (
                  expected < high &&
                  (comparePhrase(shard, expected, from, path) < 0 || (strictlyAbove && comparePhrase(shard, expected, from, path) === 0))
                )
                  expected++;
                expect(shard.boundPath(low, high, from, path, strictlyAbove)).toBe(expected);
              }
              expect(low < high ? shard.holdsPathAt(low, from, path) : false).toBe(low < high && comparePhrase(shard, low, from, path) === 0);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
