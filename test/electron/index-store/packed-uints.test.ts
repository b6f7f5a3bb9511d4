/**
 * Bit-packed unsigned integers (packed-uints.ts) against a plain array: every width from
 * 1 to 31 bits, values that straddle two words, and the limits it refuses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitsFor, PackedUints } from '../../../electron/index-store/packed-uints.js';

describe('PackedUints', () => {
  it('gives back every value packed, at every width, whatever the neighbours', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 31 })
          .chain((width) => fc.tuple(fc.constant(width), fc.array(fc.integer({ min: 0, max: 2 ** width - 1 }), { minLength: 0, maxLength: 200 }))),
        ([width, values]) => {
          const packed = new PackedUints(values.length, width);
          packed.setFrom(0, values, values.length);
          expect(Array.from({ length: values.length }, (_, i) => packed.get(i))).toEqual(values);
          expect(Array.from(packed.slice(0, values.length))).toEqual(values);
          if (values.length >= 2) expect(Array.from(packed.slice(1, values.length - 1))).toEqual(values.slice(1, -1));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('packs runs of values into any indices, in any order, as value by value', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 31 })
          .chain((width) =>
            fc.tuple(
              fc.constant(width),
              fc.array(fc.integer({ min: 0, max: 2 ** width - 1 }), { minLength: 1, maxLength: 300 }),
              fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }),
              fc.integer(),
            ),
          ),
        ([width, values, lengths, seed]) => {
          // Runs of the given lengths (the last one takes the rest), set in a shuffled order.
          const runs: [number, number][] = [];
          for (let at = 0, r = 0; at < values.length; r++) {
            const count = r < lengths.length - 1 ? Math.min(lengths[r]!, values.length - at) : values.length - at;
            runs.push([at, count]);
            at += count;
          }
          for (let i = runs.length - 1, x = seed >>> 0; i > 0; i--) {
            x = (Math.imul(x, 1103515245) + 12345) >>> 0;
            const j = x % (i + 1);
            [runs[i], runs[j]] = [runs[j]!, runs[i]!];
          }
          const packed = new PackedUints(values.length, width);
          for (const [at, count] of runs) packed.setFrom(at, values.slice(at, at + count), count);
          const expected = new PackedUints(values.length, width);
          values.forEach((value, i) => expected.set(i, value));
          expect(Array.from(packed.words)).toEqual(Array.from(expected.words));
          expect(Array.from(packed.slice(0, values.length))).toEqual(values);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the largest value of each width whole across word boundaries', () => {
    for (let width = 1; width <= 31; width++) {
      const largest = 2 ** width - 1;
      const values = Array.from({ length: 70 }, (_, i) => (i % 3 === 0 ? largest : i % 3 === 1 ? 0 : largest >>> 1));
      const packed = new PackedUints(values.length, width);
      packed.setFrom(0, values, values.length);
      for (let i = 0; i < values.length; i++) expect(packed.get(i)).toBe(values[i]);
    }
  });

  it('takes about width / 32 of a Uint32Array', () => {
    expect(new PackedUints(1_000_000, 20).byteLength).toBe(Math.ceil((1_000_000 * 20) / 32) * 4 + 4);
  });

  it('refuses values wider than its width, and widths it cannot read back', () => {
    const packed = new PackedUints(4, 3);
    expect(() => packed.setFrom(0, [1, 8], 2)).toThrow(RangeError);
    expect(() => packed.setFrom(0, [-1], 1)).toThrow(RangeError);
    expect(() => packed.setFrom(2, [8], 1)).toThrow(RangeError);
    expect(() => new PackedUints(4, 0)).toThrow(RangeError);
    expect(() => new PackedUints(4, 32)).toThrow(RangeError);
    expect(() => new PackedUints(2 ** 28, 16)).toThrow(RangeError);
  });
});

describe('bitsFor', () => {
  it('is the fewest bits that hold the value', () => {
    expect(bitsFor(0)).toBe(1);
    expect(bitsFor(1)).toBe(1);
    expect(bitsFor(2)).toBe(2);
    expect(bitsFor(680_000)).toBe(20);
    expect(bitsFor(15_000_000)).toBe(24);
    expect(bitsFor(2 ** 31 - 1)).toBe(31);
    expect(() => bitsFor(2 ** 31)).toThrow(RangeError);
  });
});
