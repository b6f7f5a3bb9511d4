/**
 * highlightSegments sweeps the cut points once; the brute-force reference below tests every
 * finding against every run (what it did before, quadratic). They must agree exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highlightSegments, type Finding, type HighlightSegment } from '../../../shared/review/findings.js';

function referenceSegments(textLength: number, findings: readonly Finding[]): HighlightSegment[] {
  const cuts = new Set<number>([0, textLength]);
  for (const f of findings) {
    cuts.add(f.start);
    cuts.add(f.end);
    for (const m of f.members) {
      cuts.add(m.start);
      cuts.add(m.end);
    }
  }
  const points = [...cuts].filter((p) => p >= 0 && p <= textLength).sort((a, b) => a - b);
  const out: HighlightSegment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    const covering: number[] = [];
    const groups: number[] = [];
    findings.forEach((f, index) => {
      if (f.start <= start && f.end >= end) covering.push(index);
      if (f.members.some((m) => m.start <= start && m.end >= end)) groups.push(index);
    });
    out.push({ start, end, findings: covering, groups });
  }
  return out;
}

const position = fc.integer({ min: -3, max: 45 });
const span = fc.tuple(position, position).map(([a, b]) => ({ start: Math.min(a, b), end: Math.max(a, b), text: '' }));
const finding = fc
  .record({ span, members: fc.array(span, { maxLength: 4 }), kind: fc.constantFrom('single' as const, 'combination' as const) })
  .map(({ span: { start, end }, members, kind }): Finding => ({
    id: `${kind}${start}-${end}`,
    kind,
    start,
    end,
    text: '',
    documents: 1,
    documentIds: [],
    members,
  }));

describe('highlightSegments', () => {
  it('agrees with testing every finding against every run, on random overlapping, empty and out-of-range spans', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.array(finding, { maxLength: 25 }), (textLength, findings) => {
        expect(highlightSegments(textLength, findings)).toEqual(referenceSegments(textLength, findings));
      }),
      { numRuns: 2000 },
    );
  });

  it('cuts a text with no findings into one run, and an empty text into none', () => {
    expect(highlightSegments(10, [])).toEqual([{ start: 0, end: 10, findings: [], groups: [] }]);
    expect(highlightSegments(0, [])).toEqual([]);
  });
});
