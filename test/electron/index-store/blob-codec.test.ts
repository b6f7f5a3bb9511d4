/**
 * The encodings of the index's large arrays round-trip exactly (values of every byte
 * length, every packing width), and a count that does not match is reported, never
 * silently truncated or padded.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  byteWidthFor,
  decodeVarintDeflate,
  decodeVarintDeflateInto,
  encodeVarintDeflate,
  packFixedWidth,
  unpackFixedWidth,
  unpackFixedWidthInto,
} from '../../../electron/index-store/blob-codec.js';

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

  it('decodes into a slice of a larger array, touching nothing outside it, and returns the largest value', () => {
    fc.assert(
      fc.property(fc.array(anyValue, { maxLength: 300 }), fc.integer({ min: 0, max: 50 }), fc.constantFrom(1, 2, 3, 4), (values, at, width) => {
        const array = Uint32Array.from(values);
        const largest = values.reduce((max, v) => Math.max(max, v), 0);
        const out = new Uint32Array(at + values.length + 7).fill(0xdeadbeef);
        expect(decodeVarintDeflateInto(encodeVarintDeflate(array), out, at, values.length)).toBe(largest);
        expect(Array.from(out.subarray(at, at + values.length))).toEqual(values);
        expect([...out.subarray(0, at), ...out.subarray(at + values.length)].every((v) => v === 0xdeadbeef)).toBe(true);
        const narrow = values.map((v) => v % 2 ** (8 * width));
        out.fill(0xdeadbeef);
        expect(unpackFixedWidthInto(packFixedWidth(Uint32Array.from(narrow), width), width, out, at, values.length)).toBe(
          narrow.reduce((max, v) => Math.max(max, v), 0),
        );
        expect(Array.from(out.subarray(at, at + values.length))).toEqual(narrow);
        expect([...out.subarray(0, at), ...out.subarray(at + values.length)].every((v) => v === 0xdeadbeef)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('stops at the end of its slice when a page holds more values than expected', () => {
    const encoded = encodeVarintDeflate(Uint32Array.from([1, 300, 0, 70000]));
    const out = new Uint32Array(8).fill(7);
    expect(() => decodeVarintDeflateInto(encoded, out, 2, 3)).toThrow(/More values than expected/u);
    // Nothing past the slice [2, 5) was written: in a page cache, that is the next page.
    expect(Array.from(out.subarray(5))).toEqual([7, 7, 7]);
    expect(() => decodeVarintDeflateInto(encoded, out, 0, 5)).toThrow(/Expected 5 values, found 4/u);
    expect(() => unpackFixedWidthInto(new Uint8Array(7), 3, out, 0, 2)).toThrow(/Expected 2 values of 3 bytes/u);
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
