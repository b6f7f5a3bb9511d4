/** The binary search agrees with a scan from the start for the first item that passes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstPassing } from '../../shared/sorted-search.js';

describe('firstPassing', () => {
  it('finds the first item passing a test that passes from some point on, or the length', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 })), fc.integer({ min: -60, max: 60 }), (values, threshold) => {
        const sorted = values.sort((a, b) => a - b);
        const scanned = sorted.findIndex((v) => v >= threshold);
        expect(firstPassing(sorted, (v) => v >= threshold)).toBe(scanned < 0 ? sorted.length : scanned);
      }),
      { numRuns: 2000 },
    );
  });
});
