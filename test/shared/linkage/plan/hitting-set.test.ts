/** The hitting-set solver against a brute-force minimum on random small instances. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hittingSetBoundSteps,
  pruneTokensSteps,
  solveHittingSet,
  solveHittingSetSteps,
  type HittingProblem,
} from '../../../../shared/linkage/plan/hitting-set.js';
import { runToEnd } from '../../../../shared/steps.js';
import { stabbedBeyond, stabIntervals } from '../../../../shared/linkage/plan/interval-stabbing.js';
import {
  breaksAll,
  bruteMinimum,
  greedyProblemArb,
  hasBreakableCombination,
  plainGreedy,
  problemArb,
  toProblem,
} from '../../../helpers/hitting-set-reference.js';

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

  it('greedy makes the choices of the plain greedy search, though it remembers scores and open combinations between rounds', () => {
    fc.assert(
      fc.property(greedyProblemArb, ({ problem, start }) => {
        // With no combination left to break, the solve is exact by interval stabbing, and no
        // greedy search runs (nor starts from `start`): the first test checks that minimum.
        // Such a case failed here once in a few hundred CI runs (seed 168309315).
        fc.pre(hasBreakableCombination(problem));
        const greedy = solveHittingSet(problem, { exactCombinationLimit: 0, start });
        expect(greedy.tokens).toEqual(plainGreedy(problem, start));
      }),
      { numRuns: 1000 },
    );
  });

  it('reports the same bound and unbreakable constraints without its greedy search (hittingSetBoundSteps)', () => {
    fc.assert(
      fc.property(problemArb, fc.constantFrom(0, 2_000), (raw, exactNodeLimit) => {
        const problem = toProblem(raw);
        const solution = solveHittingSet(problem, { exactNodeLimit });
        const bound = runToEnd(hittingSetBoundSteps(problem, { exactNodeLimit }));
        expect(bound).toEqual({ lowerBound: solution.lowerBound, unbreakable: solution.unbreakable });
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

describe('solveHittingSetSteps and pruneTokensSteps', () => {
  /** Steps taken to the end, counted: each is a point where the engine's worker can answer a check or hear a cancel. */
  function drive<T>(steps: Generator<void, T>): { value: T; pauses: number } {
    for (let pauses = 0; ; pauses++) {
      const next = steps.next();
      if (next.done === true) return { value: next.value, pauses };
    }
  }

  // 40 combinations of two one-word members each, none sharing a word: greedy, one kill per round.
  const problem: HittingProblem = {
    intervals: [],
    combinations: Array.from({ length: 40 }, (_, i) => ({ members: [[{ first: 4 * i, last: 4 * i }], [{ first: 4 * i + 2, last: 4 * i + 2 }]] })),
  };

  it('pause in every round of the greedy search and for every token pruned, and give what the plain calls give', () => {
    const solved = drive(solveHittingSetSteps(problem));
    expect(solved.value).toEqual(solveHittingSet(problem));
    expect(solved.value.tokens).toHaveLength(40);
    expect(solved.pauses).toBeGreaterThanOrEqual(40);
    const pruned = drive(pruneTokensSteps(problem, [...solved.value.tokens, 1, 3]));
    expect(pruned.value).toEqual(solved.value.tokens);
    expect(pruned.pauses).toBe(42);
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

  it('adds what stabbedBeyond adds, given the chosen tokens sorted (the greedy search scores members that way)', () => {
    const interval = fc.tuple(fc.nat(30), fc.nat(6)).map(([first, length]) => ({ first, last: first + length }));
    fc.assert(
      fc.property(
        fc.array(interval, { maxLength: 12 }),
        fc.uniqueArray(fc.nat(40), { maxLength: 10 }),
        fc.uniqueArray(fc.nat(40), { maxLength: 10 }),
        (intervals, chosen, forbidden) => {
          const forbiddenSet = new Set(forbidden);
          const sortedChosen = [...chosen].sort((a, b) => a - b);
          expect(stabbedBeyond(intervals, sortedChosen, forbiddenSet)).toEqual(stabIntervals(intervals, new Set(chosen), forbiddenSet).tokens);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
