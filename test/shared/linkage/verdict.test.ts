import { describe, expect, it } from 'vitest';
import { verdict } from '../../../shared/linkage/verdict.js';
import { releaseGate } from '../../../shared/review/release-gate.js';

/** A result with `minimal` rare phrases and `combinations` combination spans. */
function result(minimal: number, combinations: number, arity: 1 | 2 | 3) {
  return { minimal: Array<never>(minimal), combinations: Array<never>(combinations), settings: { k: 2, arity } } as unknown as Parameters<typeof verdict>[0];
}

describe('the verdict line', () => {
  it('says how many phrases remain, grouped in thousands as an English sentence writes them', () => {
    expect(verdict(result(1, 0, 1))).toBe('1 linkable phrase remains at k=2, arity 1');
    expect(verdict(result(20_000, 2_276, 3))).toBe('22,276 linkable phrases remain at k=2, arity ≤3');
    expect(verdict(result(0, 0, 3))).toBe('No linkable phrases at k=2, arity ≤3');
  });

  it('gives the release gate the same count', () => {
    const policy = { k: 2, arity: 3, maxN: 8 } as Parameters<typeof releaseGate>[2];
    expect(releaseGate({ k: 2, arity: 3, maxN: 8, sourceId: null }, 1_017, policy).reasons).toEqual(['1,017 linkable phrases remain']);
  });
});
