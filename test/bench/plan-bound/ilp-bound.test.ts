/**
 * The optimality study's exact solver (bench/plan-bound/ilp-bound.ts): on random small
 * hitting-set problems its optimum equals the brute-force minimum, breaks every breakable
 * constraint and never changes a kept token. Its lower bounds rest on that encoding.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ilpMinimum, loadIlpSolver, type IlpSolver } from '../../../bench/plan-bound/ilp-bound.js';
import { breaksAll, bruteMinimum, problemArb, toProblem } from '../../helpers/hitting-set-reference.js';

let solver: IlpSolver;
beforeAll(async () => {
  solver = await loadIlpSolver();
});

describe('ilpMinimum', () => {
  it('equals the brute-force minimum, never choosing a kept token', () => {
    fc.assert(
      fc.property(problemArb, (raw) => {
        const problem = toProblem(raw);
        const solution = ilpMinimum(solver, problem, 10);
        expect(solution.optimal).toBe(true);
        expect(solution.tokens.some((t) => problem.forbidden!.has(t))).toBe(false);
        expect(breaksAll(problem, new Set(solution.tokens))).toBe(true);
        expect(solution.tokens.length).toBe(bruteMinimum(problem));
      }),
      { numRuns: 150 },
    );
  });

  it('solves a problem with nothing to break, and one where every constraint is kept', () => {
    expect(ilpMinimum(solver, { intervals: [], combinations: [] }, 10)).toEqual({ tokens: [], optimal: true });
    const kept = { intervals: [{ first: 2, last: 3 }], combinations: [{ members: [[{ first: 2, last: 2 }]] }], forbidden: new Set([2, 3]) };
    expect(ilpMinimum(solver, kept, 10)).toEqual({ tokens: [], optimal: true });
  });
});
