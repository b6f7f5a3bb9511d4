import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortPhraseStarts, suffixArrayInduced } from '../../../electron/index-store/suffix-array.js';

function naiveSuffixArray(text: number[]): number[] {
  const positions = text.map((_, i) => i);
  return positions.sort((a, b) => {
    for (let d = 0; ; d++) {
      const x = text[a + d];
      const y = text[b + d];
      if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
      if (x !== y) return x - y;
    }
  });
}

function compareTruncated(tokens: Uint32Array, a: number, b: number): number {
  for (let d = 0; ; d++) {
    const x = tokens[a + d] ?? 0;
    const y = tokens[b + d] ?? 0;
    if (x !== y) return x - y;
    if (x === 0) return 0;
  }
}

describe('suffixArrayInduced', () => {
  it('matches a naive sort on random texts over small and large alphabets', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 200 }), fc.integer({ min: 0, max: 1 }), (body, wide) => {
        const scaled = body.map((v) => (wide ? v * 1000 : v));
        const text = [...scaled, 0];
        const sa = suffixArrayInduced(Int32Array.from(text), Math.max(...text) + 1);
        expect(Array.from(sa)).toEqual(naiveSuffixArray(text));
      }),
      { numRuns: 300 },
    );
  });

  it('handles long runs of one symbol in linear passes', () => {
    const n = 200_000;
    const text = new Int32Array(n + 1).fill(1);
    text[n] = 0;
    const sa = suffixArrayInduced(text, 2);
    expect(sa[0]).toBe(n);
    expect(sa[1]).toBe(n - 1);
    expect(sa[n]).toBe(0);
  });
});

describe('sortPhraseStarts', () => {
  it('orders every non-sentinel position by its segment-truncated suffix', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 150 }), (values) => {
        const tokens = Uint32Array.from([...values, 0]);
        const starts = sortPhraseStarts(tokens, 5);
        const expected = Array.from(tokens.keys()).filter((i) => tokens[i] !== 0);
        expect(Array.from(starts).sort((a, b) => a - b)).toEqual(expected);
        for (let i = 1; i < starts.length; i++) {
          expect(compareTruncated(tokens, starts[i - 1]!, starts[i]!)).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
