/**
 * The 16-bit token stream without sentinels (escaped-tokens.ts) against the file's stream
 * as a plain array: ids below, at and above the escape, escapes in runs across block edges,
 * sentinels alone, in runs and first, streams built from runs of any lengths, the map of
 * stream positions to token positions, and the misuse it refuses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ESCAPE, EscapedTokensBuilder, escapedByteLength, phraseTokenAt, sliceAsStream, tokenAt } from '../../../electron/index-store/escaped-tokens.js';

/** Sentinels, mostly small ids, some at the escape itself and some far above it. */
const aValue = fc.oneof(
  { weight: 2, arbitrary: fc.constant(0) },
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 300 }) },
  { weight: 1, arbitrary: fc.integer({ min: ESCAPE - 2, max: ESCAPE + 2 }) },
  { weight: 2, arbitrary: fc.integer({ min: ESCAPE + 3, max: 2 ** 22 }) },
);

function build(values: readonly number[], runLengths: readonly number[]) {
  const builder = new EscapedTokensBuilder(values.length, values.filter((v) => v !== 0).length, 2 ** 22);
  for (let at = 0, r = 0; at < values.length; r++) {
    const count = Math.min(runLengths[r % runLengths.length]!, values.length - at);
    builder.setFrom(at, values.slice(at, at + count), count);
    at += count;
  }
  return { tokens: builder.finish(), positions: builder.positions() };
}

describe('EscapedTokens', () => {
  it('gives back every token, its phrases as the stream reads them, and where each stream position lands', () => {
    fc.assert(
      fc.property(fc.array(aValue, { maxLength: 700 }), fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 8 }), (body, runLengths) => {
        // A shard's stream ends with a sentinel.
        const values = [...body, 0];
        const { tokens, positions } = build(values, runLengths);
        const ids = values.filter((v) => v !== 0);
        expect(tokens.length).toBe(ids.length);
        expect(Array.from({ length: ids.length }, (_, i) => tokenAt(tokens, i))).toEqual(ids);
        let before = 0;
        for (let p = 0; p <= values.length; p++) {
          expect(positions.tokenPosition(p)).toBe(before);
          if (p < values.length && values[p] !== 0) {
            // The phrase at p, up to the 0 that ends its segment.
            for (let j = 0; ; j++) {
              expect(phraseTokenAt(tokens, before, j)).toBe(values[p + j]);
              if (values[p + j] === 0) break;
            }
            before++;
          }
        }
        // Sentinels with no token before them (first, or after another) come back at the end.
        const kept = values.filter((v, p) => v !== 0 || (p > 0 && values[p - 1] !== 0));
        expect(Array.from(sliceAsStream(tokens, 0, ids.length, values.length))).toEqual([...kept, ...new Array<number>(values.length - kept.length).fill(0)]);
      }),
      { numRuns: 300 },
    );
  });

  it('finds escapes in long runs of them, across many blocks', () => {
    const values = Array.from({ length: 5_000 }, (_, i) => (i % 7 === 0 ? 17 : ESCAPE + i));
    const { tokens } = build([...values, 0], [4_096]);
    expect(Array.from({ length: values.length }, (_, i) => tokenAt(tokens, i))).toEqual(values);
  });

  it('ends the last phrase of a stream that does not end with a sentinel', () => {
    const { tokens } = build([5, 6, 0, 7, 8], [2]);
    expect(phraseTokenAt(tokens, 2, 1)).toBe(8);
    expect(phraseTokenAt(tokens, 2, 2)).toBe(0);
  });

  it('takes 16 bits a token plus the escapes, nothing for the sentinels, not the width of the largest id', () => {
    const values = Array.from({ length: 120_000 }, (_, i) => (i % 6 === 5 ? 0 : i % 20 === 0 ? 600_000 + i : i % 30_000));
    const { tokens } = build(values, [4_096]);
    // 100,000 tokens: 200,000 bytes of 16-bit values, 6,000 escapes at 23 bits (the width of 2^22), a count per 128 tokens.
    expect(escapedByteLength(tokens)).toBeLessThan(200_000 + (6_000 * 23) / 8 + 4 * 800 + 64);
    expect(escapedByteLength(tokens)).toBeLessThan((120_000 * 16) / 8);
  });

  it('refuses runs out of order, values above the largest, a stream left short, and a wrong token count', () => {
    const builder = new EscapedTokensBuilder(10, 8, 100);
    expect(() => builder.setFrom(2, [1], 1)).toThrow(RangeError);
    expect(() => builder.setFrom(0, [101], 1)).toThrow(RangeError);
    builder.setFrom(0, [1, 2, 0], 3);
    expect(() => builder.setFrom(3, new Array<number>(8).fill(1), 8)).toThrow(RangeError);
    expect(() => builder.finish()).toThrow(RangeError);
    const miscounted = new EscapedTokensBuilder(3, 3, 100);
    miscounted.setFrom(0, [1, 0, 2], 3);
    expect(() => miscounted.finish()).toThrow(RangeError);
    expect(() => new EscapedTokensBuilder(2, 3, 100)).toThrow(RangeError);
  });
});
