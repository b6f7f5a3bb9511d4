/** The hitting-set solver against a brute-force minimum on random small instances. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveHittingSet, type CombinationConstraint, type HittingProblem } from '../../../../shared/linkage/plan/hitting-set.js';
import { stabIntervals, type TokenInterval } from '../../../../shared/linkage/plan/interval-stabbing.js';

const TOKENS = 11;

const intervalArb = fc
  .tuple(fc.nat({ max: TOKENS - 1 }), fc.nat({ max: 3 }))
  .map(([first, extra]): TokenInterval => ({ first, last: Math.min(TOKENS - 1, first + extra) }));
const problemArb = fc.record({
  intervals: fc.array(intervalArb, { maxLength: 6 }),
  combinations: fc.array(fc.array(fc.array(intervalArb, { minLength: 1, maxLength: 2 }), { minLength: 2, maxLength: 3 }), { maxLength: 5 }),
  forbidden: fc.array(fc.nat({ max: TOKENS - 1 }), { maxLength: 3 }),
});

function toProblem(raw: { intervals: TokenInterval[]; combinations: TokenInterval[][][]; forbidden: number[] }): HittingProblem {
  return { intervals: raw.intervals, combinations: raw.combinations.map((members): CombinationConstraint => ({ members })), forbidden: new Set(raw.forbidden) };
}

const hit = (tokens: ReadonlySet<number>, i: TokenInterval): boolean => {
  for (let t = i.first; t <= i.last; t++) if (tokens.has(t)) return true;
  return false;
};
const allowedIn = (forbidden: ReadonlySet<number>, i: TokenInterval): boolean => {
  for (let t = i.first; t <= i.last; t++) if (!forbidden.has(t)) return true;
  return false;
};

/** Whether `tokens` breaks every breakable constraint of `problem`. */
function breaksAll(problem: HittingProblem, tokens: ReadonlySet<number>): boolean {
  const forbidden = problem.forbidden ?? new Set<number>();
  if (problem.intervals.some((i) => allowedIn(forbidden, i) && !hit(tokens, i))) return false;
  return problem.combinations.every((c) => {
    const killable = c.members.filter((m) => m.every((i) => allowedIn(forbidden, i)));
    return killable.length === 0 || killable.some((m) => m.every((i) => hit(tokens, i)));
  });
}

/** The smallest breaking set, by trying every subset of allowed tokens. */
function bruteMinimum(problem: HittingProblem): number {
  const allowed = [...Array(TOKENS).keys()].filter((t) => !(problem.forbidden ?? new Set()).has(t));
  let best = Infinity;
  for (let mask = 0; mask < 1 << allowed.length; mask++) {
    const set = new Set(allowed.filter((_, b) => (mask >> b) & 1));
    if (set.size < best && breaksAll(problem, set)) best = set.size;
  }
  return best;
}

describe('solveHittingSet', () => {
  it('finds a minimum equal to brute force, never choosing a kept token', () => {
    fc.assert(
      fc.property(problemArb, (raw) => {
        const problem = toProblem(raw);
        const solution = solveHittingSet(problem);
        expect(solution.exact).toBe(true);
        expect(solution.tokens.some((t) => problem.forbidden!.has(t))).toBe(false);
        expect(breaksAll(problem, new Set(solution.tokens))).toBe(true);
        expect(solution.tokens.length).toBe(bruteMinimum(problem));
        expect(solution.lowerBound).toBe(solution.tokens.length);
      }),
      { numRuns: 300 },
    );
  });

  it('falls back to greedy when the search is too large, never below the lower bound it reports', () => {
    fc.assert(
      fc.property(problemArb, (raw) => {
        const problem = toProblem(raw);
        const greedy = solveHittingSet(problem, { exactNodeLimit: 0 });
        const minimum = bruteMinimum(problem);
        expect(breaksAll(problem, new Set(greedy.tokens))).toBe(true);
        expect(greedy.lowerBound).toBeLessThanOrEqual(minimum);
        expect(greedy.tokens.length).toBeGreaterThanOrEqual(greedy.lowerBound);
        if (greedy.exact) expect(greedy.tokens.length).toBe(minimum);
      }),
      { numRuns: 300 },
    );
  });

  it('counts constraints only kept words could break', () => {
    const solution = solveHittingSet({
      intervals: [{ first: 2, last: 3 }],
      combinations: [{ members: [[{ first: 5, last: 5 }]] }],
      forbidden: new Set([2, 3, 5]),
    });
    expect(solution).toMatchObject({ tokens: [], unbreakable: 2 });
  });
});

describe('stabIntervals', () => {
  it('takes the rightmost allowed token of the interval that ends first', () => {
    expect(
      stabIntervals([
        { first: 0, last: 3 },
        { first: 2, last: 6 },
        { first: 5, last: 7 },
      ]),
    ).toEqual({ tokens: [3, 7], unbreakable: [] });
    expect(stabIntervals([{ first: 0, last: 3 }], new Set(), new Set([3]))).toEqual({ tokens: [2], unbreakable: [] });
  });
});
