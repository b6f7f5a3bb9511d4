/**
 * Random small hitting-set problems and their brute-force minimum, for the planner's
 * solver (shared/linkage/plan/hitting-set.ts) and the optimality study's exact one
 * (bench/plan-bound/ilp-bound.ts).
 */
import fc from 'fast-check';
import type { CombinationConstraint, HittingProblem } from '../../shared/linkage/plan/hitting-set.js';
import type { TokenInterval } from '../../shared/linkage/plan/interval-stabbing.js';

export const TOKENS = 11;

const intervalArb = fc
  .tuple(fc.nat({ max: TOKENS - 1 }), fc.nat({ max: 3 }))
  .map(([first, extra]): TokenInterval => ({ first, last: Math.min(TOKENS - 1, first + extra) }));
export const problemArb = fc.record({
  intervals: fc.array(intervalArb, { maxLength: 6 }),
  combinations: fc.array(fc.array(fc.array(intervalArb, { minLength: 1, maxLength: 2 }), { minLength: 2, maxLength: 3 }), { maxLength: 5 }),
  forbidden: fc.array(fc.nat({ max: TOKENS - 1 }), { maxLength: 3 }),
});

export function toProblem(raw: { intervals: TokenInterval[]; combinations: TokenInterval[][][]; forbidden: number[] }): HittingProblem {
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
export function breaksAll(problem: HittingProblem, tokens: ReadonlySet<number>): boolean {
  const forbidden = problem.forbidden ?? new Set<number>();
  if (problem.intervals.some((i) => allowedIn(forbidden, i) && !hit(tokens, i))) return false;
  return problem.combinations.every((c) => {
    const killable = c.members.filter((m) => m.every((i) => allowedIn(forbidden, i)));
    return killable.length === 0 || killable.some((m) => m.every((i) => hit(tokens, i)));
  });
}

/** The smallest breaking set, by trying every subset of allowed tokens. */
export function bruteMinimum(problem: HittingProblem): number {
  const allowed = [...Array(TOKENS).keys()].filter((t) => !(problem.forbidden ?? new Set()).has(t));
  let best = Infinity;
  for (let mask = 0; mask < 1 << allowed.length; mask++) {
    const set = new Set(allowed.filter((_, b) => (mask >> b) & 1));
    if (set.size < best && breaksAll(problem, set)) best = set.size;
  }
  return best;
}
