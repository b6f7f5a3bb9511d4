/**
 * Pair counts past 4,096 candidates are cached in a Map that must stay bounded: a long
 * judgment asked for more pairs than a Map can hold. Past the limit the cache starts
 * again, and every count stays exact.
 */
import { describe, expect, it } from 'vitest';
import { CandidateSets, type CombinationCandidate } from '../../../shared/linkage/candidate-sets.js';

describe('CandidateSets.pairCount', () => {
  it('stays exact, capped at k, when its cache of pair counts is cleared again and again', () => {
    // 4,200 candidates (past the array cache), each held by a few of 50 documents.
    const candidates: CombinationCandidate[] = Array.from({ length: 4200 }, (_, i) => ({
      tokenStart: i,
      tokenLength: 1,
      documents: Int32Array.from(new Set([i % 50, (i * 7) % 50, (i * 13 + 5) % 50])).sort(),
    }));
    const k = 2;
    const sets = new CandidateSets(candidates, k, 100);
    const exact = (a: number, b: number): number => {
      const other = new Set(candidates[b]!.documents);
      return Math.min(k, [...candidates[a]!.documents].filter((d) => other.has(d)).length);
    };
    let most = 0;
    for (let round = 0; round < 2; round++) {
      for (let a = 0; a < 4200; a += 37) {
        for (let b = 1; b < 4200; b += 41) {
          expect(sets.pairCount(a, b)).toBe(exact(a, b));
          most = Math.max(most, sets.cachedPairs);
        }
      }
    }
    expect(most).toBe(100);
  });
});
