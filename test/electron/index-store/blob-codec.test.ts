/**
 * The encodings of the index's large arrays round-trip exactly (values of every byte
 * length, every packing width), and a count that does not match is reported, never
 * silently truncated or padded.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteWidthFor, decodeVarintDeflate, encodeVarintDeflate, packFixedWidth, unpackFixedWidth } from '../../../electron/index-store/blob-codec.js';

const anyValue = fc.oneof(
  fc.integer({ min: 0, max: 0x7f }),
  fc.integer({ min: 0x80, max: 0x3fff }),
  fc.integer({ min: 0x4000, max: 0xfffffff }),
  fc.integer({ min: 0x10000000, max: 0xffffffff }),
);

describe('blob codec', () => {
  it('round-trips varints of every length through deflate', () => {
    fc.assert(
      fc.property(fc.array(anyValue, { maxLength: 300 }), (values) => {
        const array = Uint32Array.from(values);
        expect(Array.from(decodeVarintDeflate(encodeVarintDeflate(array), array.length))).toEqual(values);
      }),
      { numRuns: 200 },
    );
  });

  it('reports a value count that does not match', () => {
    const encoded = encodeVarintDeflate(Uint32Array.from([1, 300, 0, 70000]));
    expect(() => decodeVarintDeflate(encoded, 3)).toThrow(/More values than expected/u);
    expect(() => decodeVarintDeflate(encoded, 5)).toThrow(/Expected 5 values, found 4/u);
  });

  it('packs and unpacks at the narrowest width for the largest value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0xff, 0xffff, 0xffffff, 0xffffffff).chain((max) => fc.array(fc.integer({ min: 0, max }), { minLength: 1, maxLength: 200 })),
        (values) => {
          const array = Uint32Array.from(values);
          const width = byteWidthFor(Math.max(...values));
          expect(Array.from(unpackFixedWidth(packFixedWidth(array, width), width))).toEqual(values);
          // Every value also fits the wider widths.
          for (let wider = width + 1; wider <= 4; wider++) expect(Array.from(unpackFixedWidth(packFixedWidth(array, wider), wider))).toEqual(values);
        },
      ),
      { numRuns: 200 },
    );
    expect(() => unpackFixedWidth(new Uint8Array(7), 3)).toThrow(/not a multiple of its width/u);
  });
});
