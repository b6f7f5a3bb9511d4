import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editSize, wordLevenshtein, wordsOf } from '../../../shared/review/edit-ratio.js';
import { cosine } from '../../../shared/vectors.js';
import { wilsonInterval } from '../../../electron/evaluation/metrics/wilson.js';
import { mergeRanges, redactRanges } from '../../../shared/review/redaction.js';

describe('edit ratio', () => {
  it('is the word-level Levenshtein distance over the words of d′', () => {
    // court → tribunal (substitution) and "today" (insertion): 2 edits over 5 words.
    expect(editSize('The court dismissed the appeal.', 'The tribunal dismissed the appeal today.')).toEqual({ distance: 2, words: 5, ratio: 0.4 });
  });

  it('ignores case and punctuation, which are not words', () => {
    expect(editSize('The court dismissed the appeal.', 'THE COURT, dismissed the appeal!').distance).toBe(0);
  });

  it('counts a placeholder as one word', () => {
    expect(wordsOf('the Ankara court [REDACTED].')).toEqual(['the', 'ankara', 'court', '\u0000[REDACTED]']);
    // "Ankara court" → "[REDACTED]": one substitution and one deletion.
    expect(editSize('the Ankara court ruled', 'the [REDACTED] ruled')).toEqual({ distance: 2, words: 4, ratio: 0.5 });
  });

  it('has no ratio for a d′ without words', () => {
    expect(editSize('[REDACTED].', 'Something.')).toEqual({ distance: 1, words: 1, ratio: 1 });
    expect(editSize('...', 'Something.').ratio).toBeNull();
  });

  it('is the classic distance on known pairs', () => {
    expect(wordLevenshtein('k i t t e n'.split(' '), 's i t t i n g'.split(' '))).toBe(3);
    expect(wordLevenshtein([], ['a', 'b'])).toBe(2);
    expect(wordLevenshtein(['a', 'b', 'c'], ['c', 'b', 'a'])).toBe(2);
  });

  /** The whole table, cell by cell: what the bit-vector version must equal. */
  function plainLevenshtein(a: readonly string[], b: readonly string[]): number {
    let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const current = [i];
      for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1), previous[j]! + 1, current[j - 1]! + 1);
      previous = current;
    }
    return previous[b.length]!;
  }

  it('equals the plain table, across the 32-row blocks it works in', () => {
    // Few distinct words, so that matches are everywhere; lengths up to four blocks.
    const words = fc.array(fc.constantFrom('a', 'b', '\u0000[REDACTED]'), { maxLength: 120, size: 'max' });
    fc.assert(
      fc.property(words, words, (a, b) => {
        expect(wordLevenshtein(a, b)).toBe(plainLevenshtein(a, b));
      }),
      { numRuns: 2000 },
    );
    // A plan applied as placeholders to a long text: runs replaced, the rest kept.
    const long = Array.from({ length: 300 }, (_, i) => `w${(i * 7919) % 53}`);
    const planned = long.flatMap((word, i) => (i % 9 === 0 ? ['\u0000[REDACTED]'] : i % 9 === 1 ? [] : [word]));
    expect(wordLevenshtein(long, planned)).toBe(plainLevenshtein(long, planned));
  });
});

describe('Wilson interval', () => {
  it.each([
    [5, 10, 0.5, 0.2366, 0.7634],
    [0, 10, 0, 0, 0.2775],
    [10, 10, 1, 0.7225, 1],
    [1, 4, 0.25, 0.0456, 0.6994],
  ])('%i of %i', (s, n, share, low, high) => {
    const p = wilsonInterval(s, n);
    expect(p.share).toBe(share);
    expect(p.low).toBeCloseTo(low, 4);
    expect(p.high).toBeCloseTo(high, 4);
  });

  it('has no interval without trials, and rejects impossible counts', () => {
    expect(wilsonInterval(0, 0)).toMatchObject({ share: null, low: null, high: null });
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
  });
});

describe('cosine similarity', () => {
  it('is the normalised dot product', () => {
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(cosine([1, 1], [-1, -1])).toBeCloseTo(-1, 12);
    expect(cosine([3, 4], [4, 3])).toBeCloseTo(24 / 25, 12);
  });

  it('has no value for a zero vector and refuses vectors of different models', () => {
    expect(cosine([0, 0], [1, 2])).toBeNull();
    expect(() => cosine([1, 2], [1, 2, 3])).toThrow(/different models/);
  });
});

describe('placeholder redaction of spans', () => {
  it('merges overlapping spans and replaces each run by one placeholder', () => {
    expect(
      mergeRanges([
        { start: 5, end: 9 },
        { start: 0, end: 3 },
        { start: 7, end: 12 },
      ]),
    ).toEqual([
      { start: 0, end: 3 },
      { start: 5, end: 12 },
    ]);
    const text = 'held in Kandira prison by the gendarmes';
    expect(
      redactRanges(text, [
        { start: 8, end: 15 },
        { start: 8, end: 22 },
        { start: 30, end: 39 },
      ]),
    ).toBe('held in [REDACTED] by the [REDACTED]');
  });
});
