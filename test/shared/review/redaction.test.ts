/** The one placeholder-merging rule: whitespace merges, punctuation never does, the text's own placeholders stay. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeRanges, REDACTED, redactionRanges, redactRanges, type CharRange } from '../../../shared/review/redaction.js';
import { compilePlaceholderPattern, findPlaceholderRanges } from '../../../shared/tokenizer/placeholders.js';

const at = (text: string, phrase: string, from = 0) => ({ start: text.indexOf(phrase, from), end: text.indexOf(phrase, from) + phrase.length });

describe('redactRanges', () => {
  it('merges placeholders only whitespace separates, and never across punctuation', () => {
    const text = 'held in Kandira prison, Sincan by the gendarmes';
    expect(redactRanges(text, [at(text, 'Kandira'), at(text, 'prison')])).toBe('held in [REDACTED], Sincan by the gendarmes');
    expect(redactRanges(text, [at(text, 'prison'), at(text, 'Sincan')])).toBe('held in Kandira [REDACTED], [REDACTED] by the gendarmes');
  });

  it('joins a new placeholder to one the text already has, but leaves the text own runs alone', () => {
    const text = 'On [REDACTED] [REDACTED] the court in Ankara sat; [PERSON] Ankara left.';
    expect(redactRanges(text, [at(text, 'Ankara')])).toBe('On [REDACTED] [REDACTED] the court in [REDACTED] sat; [PERSON] Ankara left.');
    const joined = 'They met [REDACTED] in Ankara, then [PERSON] Smith.';
    expect(redactRanges(joined, [at(joined, 'in Ankara')])).toBe('They met [REDACTED], then [PERSON] Smith.');
    // A different placeholder next to the new one stays: its type says something.
    expect(redactRanges(joined, [at(joined, 'Smith')])).toBe('They met [REDACTED] in Ankara, then [PERSON] [REDACTED].');
  });

  it('merges overlapping and touching ranges, and a run of three into one', () => {
    const text = 'a bb cc dd e';
    expect(redactRanges(text, [{ start: 2, end: 4 }, { start: 3, end: 7 }, at(text, 'dd')])).toBe('a [REDACTED] e');
    expect(redactRanges(text, [])).toBe(text);
  });
});

/**
 * The merging rule as first written, with a scan of the text's placeholders for each range:
 * the reference the binary searches of redactionRanges must agree with.
 */
function referenceRanges(text: string, ranges: readonly CharRange[], placeholder: string): CharRange[] {
  const found = findPlaceholderRanges(text, compilePlaceholderPattern(undefined));
  const same: CharRange[] = [];
  for (let i = 0; i < found.length; i += 2) if (text.slice(found[i], found[i + 1]) === placeholder) same.push({ start: found[i]!, end: found[i + 1]! });
  const blank = (a: number, b: number) => /^\s+$/u.test(text.slice(a, b));
  const out: { start: number; end: number }[] = [];
  for (const range of mergeRanges(ranges)) {
    const current = { ...range };
    const before = same.findLast((p) => p.end <= current.start);
    if (before !== undefined && blank(before.end, current.start)) current.start = before.start;
    const last = out.at(-1);
    if (last !== undefined && (current.start <= last.end || blank(last.end, current.start))) last.end = Math.max(last.end, current.end);
    else out.push(current);
  }
  for (const range of out) {
    for (;;) {
      const after = same.find((p) => p.start >= range.end);
      if (after === undefined || !blank(range.end, after.start)) break;
      range.end = after.end;
    }
  }
  return mergeRanges(out);
}

describe('redactionRanges', () => {
  it('agrees with a scan of the placeholders for every range, on texts full of them', () => {
    const textArb = fc.array(fc.constantFrom('[REDACTED]', '[PERSON]', 'the', 'court', ' ', ' ', ', ', '\n'), { maxLength: 40 }).map((parts) => parts.join(''));
    const caseArb = textArb.chain((text) =>
      fc.tuple(
        fc.constant(text),
        fc.array(
          fc.tuple(fc.nat(text.length), fc.nat(8)).map(([start, length]) => ({ start, end: Math.min(text.length, start + length) })),
          { maxLength: 10 },
        ),
      ),
    );
    fc.assert(
      fc.property(caseArb, ([text, ranges]) => {
        expect(redactionRanges(text, ranges)).toEqual(referenceRanges(text, ranges, REDACTED));
        // The text made from them is what one replacement at a time from the end gives.
        let expected = text;
        for (const r of referenceRanges(text, ranges, REDACTED).reverse()) expected = expected.slice(0, r.start) + REDACTED + expected.slice(r.end);
        expect(redactRanges(text, ranges)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });
});
