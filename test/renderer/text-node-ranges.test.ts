import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateSpans } from '../../renderer/review/text-node-ranges.js';

/** Node lengths (at least one character each, as React's text nodes are) and ascending, non-overlapping spans within them. */
const nodesAndSpans = fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 12 }).chain((lengths) => {
  const total = lengths.reduce((a, b) => a + b, 0);
  return fc
    .uniqueArray(fc.integer({ min: 0, max: total }), { maxLength: 16 })
    .map((points) => points.sort((a, b) => a - b))
    .map((points) => {
      const spans: { start: number; end: number }[] = [];
      for (let i = 0; i + 1 < points.length; i += 2) if (points[i]! < total) spans.push({ start: points[i]!, end: points[i + 1]! });
      return { lengths, spans };
    });
});

describe('locateSpans', () => {
  it('puts each end of a span at its document offset, beginning in a node and ending in one, never at an empty end', () => {
    fc.assert(
      fc.property(nodesAndSpans, ({ lengths, spans }) => {
        const starts = lengths.map((_, i) => lengths.slice(0, i).reduce((a, b) => a + b, 0));
        const located = locateSpans(lengths, spans);
        expect(located).toHaveLength(spans.length);
        located.forEach((at, i) => {
          expect(starts[at.first]! + at.startOffset).toBe(spans[i]!.start);
          expect(starts[at.last]! + at.endOffset).toBe(spans[i]!.end);
          // A boundary between nodes begins a span in the later node and ends one in the earlier.
          expect(at.startOffset).toBeLessThan(lengths[at.first]!);
          expect(at.endOffset).toBeGreaterThan(0);
          expect(at.last).toBeGreaterThanOrEqual(at.first);
        });
      }),
    );
  });

  it('cuts a span past the last node at its end, and locates nothing among no nodes', () => {
    expect(locateSpans([3, 4], [{ start: 5, end: 12 }])).toEqual([{ first: 1, startOffset: 2, last: 1, endOffset: 4 }]);
    expect(locateSpans([], [{ start: 0, end: 1 }])).toEqual([]);
  });
});
