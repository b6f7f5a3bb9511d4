/**
 * Pair counts past 4,096 candidates are cached in a Map that must stay bounded: a long
 * judgment asked for more pairs than a Map can hold. Past the limit the cache starts
 * again, and every count stays exact. The pair scan of each x (pairCountOnce) does not
 * write to that Map at all.
 */
import { describe, expect, it } from 'vitest';
import { CandidateSets, type CombinationCandidate } from '../../../shared/linkage/candidate-sets.js';

/** 4,200 candidates (past the array cache), each held by a few of 50 documents, and the exact count capped at k. */
function manyCandidates(k: number): { candidates: CombinationCandidate[]; exact: (a: number, b: number) => number } {
  const candidates: CombinationCandidate[] = Array.from({ length: 4200 }, (_, i) => ({
    tokenStart: i,
    tokenLength: 1,
    documents: Int32Array.from(new Set([i % 50, (i * 7) % 50, (i * 13 + 5) % 50])).sort(),
  }));
  const exact = (a: number, b: number): number => {
    const other = new Set(candidates[b]!.documents);
    return Math.min(k, [...candidates[a]!.documents].filter((d) => other.has(d)).length);
  };
  return { candidates, exact };
}

describe('CandidateSets.pairCount', () => {
  it('stays exact, capped at k, when its cache of pair counts is cleared again and again', () => {
    const k = 2;
    const { candidates, exact } = manyCandidates(k);
    const sets = new CandidateSets(candidates, k, 100);
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

describe('CandidateSets.pairCountOnce', () => {
  it('counts exactly, capped at k, and past 4,096 candidates remembers nothing (the Map cost more than the counts)', () => {
    const k = 2;
    const { candidates, exact } = manyCandidates(k);
    const sets = new CandidateSets(candidates, k);
    for (let a = 0; a < 4200; a += 37) for (let b = 1; b < 4200; b += 41) expect(sets.pairCountOnce(a, b)).toBe(exact(a, b));
    expect(sets.cachedPairs).toBe(0);
    // A count pairCount remembered reads the same.
    expect(sets.pairCount(3, 4)).toBe(exact(3, 4));
    expect(sets.pairCountOnce(3, 4)).toBe(exact(3, 4));
  });

  it('below 4,096 candidates agrees with pairCount, which the triple searches read again', () => {
    const k = 3;
    const { candidates, exact } = manyCandidates(k);
    const sets = new CandidateSets(candidates.slice(0, 400), k);
    for (let a = 0; a < 400; a += 7) for (let b = 1; b < 400; b += 11) expect(sets.pairCountOnce(a, b)).toBe(exact(a, b));
  });
});
