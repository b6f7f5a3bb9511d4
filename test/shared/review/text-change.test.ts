/**
 * The change between two texts and what it does to spans: the single region diffTexts
 * finds rebuilds the new text, a span it does not touch keeps its characters there and maps
 * back (unmapSpan), and replacements apply as one at a time would.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyReplacements, diffTexts, mapSpan, unmapSpan } from '../../../shared/review/text-change.js';

const textArb = fc.array(fc.constantFrom('a', 'b', ' ', 'the', '[X]'), { maxLength: 30 }).map((parts) => parts.join(''));

/** A span of `text` (possibly empty). */
const spanIn = (text: string) => fc.tuple(fc.nat(text.length), fc.nat(text.length)).map(([a, b]) => ({ start: Math.min(a, b), end: Math.max(a, b) }));

describe('text changes', () => {
  it('diffTexts gives the one region that rebuilds the new text, and spans outside it keep their characters', () => {
    fc.assert(
      fc.property(
        textArb.chain((before) => fc.tuple(fc.constant(before), textArb, spanIn(before))),
        ([before, after, span]) => {
          const change = diffTexts(before, after);
          expect(before.slice(0, change.start) + change.after + before.slice(change.end)).toBe(after);
          const moved = mapSpan(span, change);
          if (moved === undefined) return;
          expect(after.slice(moved.start, moved.end)).toBe(before.slice(span.start, span.end));
          if (span.end > span.start) expect(unmapSpan(moved, change)).toEqual(span);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('applyReplacements equals replacing one at a time from the end, and refuses overlaps', () => {
    const caseArb = textArb.chain((text) =>
      fc.tuple(
        fc.constant(text),
        fc
          .uniqueArray(fc.nat(text.length), { maxLength: 12 })
          .chain((cuts) =>
            fc.tuple(fc.constant(cuts.sort((a, b) => a - b)), fc.array(fc.constantFrom('', 'X', '[REDACTED]', 'a b'), { minLength: 12, maxLength: 12 })),
          ),
      ),
    );
    fc.assert(
      fc.property(caseArb, ([text, [cuts, afters]]) => {
        // Consecutive cuts pair up into spans that never overlap; they may touch.
        const replacements = [];
        for (let i = 0; i + 1 < cuts.length; i += 2) replacements.push({ start: cuts[i]!, end: cuts[i + 1]!, after: afters[i]! });
        let expected = text;
        for (const r of replacements.slice().reverse()) expected = expected.slice(0, r.start) + r.after + expected.slice(r.end);
        // Any order in, the same text out.
        expect(applyReplacements(text, replacements.slice().reverse())).toBe(expected);
        expect(applyReplacements(text, replacements)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    expect(() =>
      applyReplacements('abcdef', [
        { start: 1, end: 4, after: 'x' },
        { start: 3, end: 5, after: 'y' },
      ]),
    ).toThrow(RangeError);
    expect(() => applyReplacements('abc', [{ start: 2, end: 9, after: 'x' }])).toThrow(RangeError);
  });
});
