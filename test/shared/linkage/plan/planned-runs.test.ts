/**
 * describeRuns looks each constraint's runs up instead of asking every run about every
 * constraint (which took seconds on a long text). It must say exactly what the plain way
 * says, run by run, phrases in the same order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TokenInterval } from '../../../../shared/linkage/plan/interval-stabbing.js';
import { runsOf, type Constraints } from '../../../../shared/linkage/plan/lazy-constraints.js';
import { describeRuns, type PlannedRun } from '../../../../shared/linkage/plan/planned-runs.js';
import { tokenize, type TokenizedText } from '../../../../shared/tokenizer/tokenize.js';

/** The plain way: for each run, every interval it touches, and every combination with a member it removes the last of. */
function referenceRuns(text: string, tokens: TokenizedText, planned: readonly number[], constraints: Constraints): PlannedRun[] {
  const plannedSet = new Set(planned);
  const touches = (set: ReadonlySet<number>, { first, last }: TokenInterval): boolean => {
    for (let t = first; t <= last; t++) if (set.has(t)) return true;
    return false;
  };
  return runsOf(text, tokens, planned).map((run) => {
    const inRun = new Set(run);
    const phrases = new Set<string>();
    let spans = 0;
    for (const interval of constraints.intervals.values()) {
      if (!touches(inRun, interval)) continue;
      spans++;
      phrases.add(interval.text);
    }
    let combinations = 0;
    for (const combination of constraints.combinations.values()) {
      const member = combination.members.findIndex(
        (occurrences) => occurrences.length > 0 && occurrences.every((o) => touches(plannedSet, o)) && occurrences.some((o) => touches(inRun, o)),
      );
      if (member < 0) continue;
      combinations++;
      phrases.add(combination.text[member]!);
    }
    // Each word's place, read back from the text's own tokens one at a time.
    const words: number[] = [];
    for (const t of run) words.push(tokens.starts[t]!, tokens.ends[t]!);
    return { start: tokens.starts[run[0]!]!, end: tokens.ends[run.at(-1)!]!, tokens: run, words, spans, combinations, phrases: [...phrases].slice(0, 20) };
  });
}

const WORDS = ['the', 'court', 'held', 'that', ',', 'applicant', '.', 'of', 'a'];

const instanceArb = fc
  .record({
    words: fc.array(fc.integer({ min: 0, max: WORDS.length - 1 }), { minLength: 1, maxLength: 40 }),
    planned: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
    intervals: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 5 })), { maxLength: 30 }),
    combinations: fc.array(fc.array(fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 3 })), { maxLength: 3 }), { minLength: 2, maxLength: 3 }), {
      maxLength: 25,
    }),
  })
  .map(({ words, planned, intervals, combinations }) => {
    const text = words.map((w) => WORDS[w]!).join(' ');
    const tokens = tokenize(text, {});
    const count = tokens.count;
    const interval = (at: number, length: number): TokenInterval => ({ first: at % count, last: Math.min(count - 1, (at % count) + length) });
    const constraints: Constraints = { intervals: new Map(), combinations: new Map() };
    intervals.forEach(([at, length, phrase], i) => constraints.intervals.set(`i${i}`, { ...interval(at, length), text: `phrase ${phrase}` }));
    combinations.forEach((members, i) =>
      constraints.combinations.set(`c${i}`, {
        members: members.map((occurrences) => occurrences.map(([at, length]) => interval(at, length))),
        text: members.map((_, m) => `member ${i}.${m}`),
      }),
    );
    const plannedTokens = Array.from({ length: count }, (_, t) => t).filter((t) => planned[t % planned.length]);
    return { text, tokens, planned: plannedTokens, constraints };
  });

describe('describeRuns', () => {
  it('says for every run what the plain run-by-run count says', () => {
    let withCombinations = 0;
    fc.assert(
      fc.property(instanceArb, ({ text, tokens, planned, constraints }) => {
        const expected = referenceRuns(text, tokens, planned, constraints);
        expect(describeRuns(text, tokens, planned, constraints)).toEqual(expected);
        if (expected.some((run) => run.combinations > 0)) withCombinations++;
      }),
      { numRuns: 1000 },
    );
    expect(withCombinations).toBeGreaterThan(200);
  });
});
