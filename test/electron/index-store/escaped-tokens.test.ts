/**
 * The escaped 16-bit token stream (escaped-tokens.ts) against a plain array: ids below,
 * at and above the escape, escapes in runs across block edges, streams built from runs
 * of any lengths, and the misuse it refuses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ESCAPE, EscapedTokensBuilder, escapedByteLength, sliceTokens, tokenAt } from '../../../electron/index-store/escaped-tokens.js';

/** Mostly small ids, some at the escape itself and some far above it. */
const anId = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 300 }) },
  { weight: 1, arbitrary: fc.integer({ min: ESCAPE - 2, max: ESCAPE + 2 }) },
  { weight: 2, arbitrary: fc.integer({ min: ESCAPE + 3, max: 2 ** 22 }) },
);

function build(values: readonly number[], runLengths: readonly number[]) {
  const builder = new EscapedTokensBuilder(values.length, 2 ** 22);
  for (let at = 0, r = 0; at < values.length; r++) {
    const count = Math.min(runLengths[r % runLengths.length]!, values.length - at);
    builder.setFrom(at, values.slice(at, at + count), count);
    at += count;
  }
  return builder.finish();
}

describe('EscapedTokens', () => {
  it('gives back every value, escaped or not, whatever the runs it was built from', () => {
    fc.assert(
      fc.property(fc.array(anId, { maxLength: 700 }), fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 8 }), (values, runLengths) => {
        const tokens = build(values, runLengths);
        expect(Array.from({ length: values.length }, (_, i) => tokenAt(tokens, i))).toEqual(values);
        expect(Array.from(sliceTokens(tokens, 0, values.length))).toEqual(values);
        if (values.length >= 2) expect(Array.from(sliceTokens(tokens, 1, values.length - 1))).toEqual(values.slice(1, -1));
      }),
      { numRuns: 300 },
    );
  });

  it('finds escapes in long runs of them, across many blocks', () => {
    const values = Array.from({ length: 5_000 }, (_, i) => (i % 7 === 0 ? 17 : ESCAPE + i));
    const tokens = build(values, [4_096]);
    expect(Array.from({ length: values.length }, (_, i) => tokenAt(tokens, i))).toEqual(values);
  });

  it('takes 16 bits a value plus the escapes, not the width of the largest id', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => (i % 20 === 0 ? 600_000 + i : i % 60_000));
    const tokens = build(values, [4_096]);
    // 200,000 bytes of 16-bit values, 5,000 escapes at 23 bits (the width of 2^22), a count per 128 values.
    expect(escapedByteLength(tokens)).toBeLessThan(200_000 + (5_000 * 23) / 8 + 4 * 800 + 64);
    expect(escapedByteLength(tokens)).toBeLessThan((100_000 * 20) / 8);
  });

  it('refuses runs out of order, values above the largest, and a stream left short', () => {
    const builder = new EscapedTokensBuilder(10, 100);
    expect(() => builder.setFrom(2, [1], 1)).toThrow(RangeError);
    expect(() => builder.setFrom(0, [101], 1)).toThrow(RangeError);
    builder.setFrom(0, [1, 2, 3], 3);
    expect(() => builder.setFrom(3, new Array<number>(8).fill(1), 8)).toThrow(RangeError);
    expect(() => builder.finish()).toThrow(RangeError);
  });
});
