/**
 * Random small hitting-set problems and their brute-force minimum, for the planner's
 * solver (shared/linkage/plan/hitting-set.ts) and the optimality study's exact one
 * (bench/plan-bound/ilp-bound.ts).
 */
import fc from 'fast-check';
import type { CombinationConstraint, HittingProblem } from '../../shared/linkage/plan/hitting-set.js';
import { stabIntervals, type TokenInterval } from '../../shared/linkage/plan/interval-stabbing.js';

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

/**
 * Larger problems for the greedy search alone: members that occur several times, and
 * combinations sharing members, so that one round's tokens change later rounds' scores.
 */
const wideInterval = fc.tuple(fc.nat({ max: 59 }), fc.nat({ max: 2 })).map(([first, extra]): TokenInterval => ({ first, last: Math.min(59, first + extra) }));
export const greedyProblemArb = fc
  .record({
    members: fc.array(fc.array(wideInterval, { minLength: 1, maxLength: 4 }), { minLength: 3, maxLength: 14 }),
    picks: fc.array(fc.array(fc.nat(), { minLength: 2, maxLength: 3 }), { minLength: 1, maxLength: 30 }),
    intervals: fc.array(wideInterval, { maxLength: 8 }),
    forbidden: fc.array(fc.nat({ max: 59 }), { maxLength: 6 }),
    start: fc.array(fc.nat({ max: 59 }), { maxLength: 4 }),
  })
  .map(({ members, picks, intervals, forbidden, start }) => ({
    problem: {
      intervals,
      // The same member arrays in several combinations, as the planner builds them.
      combinations: picks.map((p): CombinationConstraint => ({ members: p.map((m) => members[m % members.length]!) })),
      forbidden: new Set(forbidden),
    } satisfies HittingProblem,
    start,
  }));

/**
 * The greedy search of hitting-set.ts written plainly, one member killed by one word per
 * occurrence ('word'): every round scores every member of the open combinations again
 * against the sorted chosen tokens, in the order they first appear, and asks every open
 * combination whether it is broken. The solver remembers between rounds; its choices must
 * be these.
 */
/** Whether some combination has a member that kept words do not protect: else no greedy search runs. */
export function hasBreakableCombination(problem: HittingProblem): boolean {
  const forbidden = problem.forbidden ?? new Set<number>();
  return problem.combinations.some((c) => c.members.some((m) => m.every((i) => allowedIn(forbidden, i))));
}

export function plainGreedy(problem: HittingProblem, start: readonly number[]): number[] {
  const forbidden = problem.forbidden ?? new Set<number>();
  const killable = (member: readonly TokenInterval[]): boolean => member.every((i) => allowedIn(forbidden, i));
  const open0 = problem.combinations.map((c) => c.members.filter(killable)).filter((members) => members.length > 0);
  const breakable = problem.intervals.filter((i) => allowedIn(forbidden, i));
  const required: TokenInterval[] = [...breakable];
  const startAllowed = start.filter((t) => !forbidden.has(t));
  const chosen = new Set([...startAllowed, ...stabIntervals(breakable, new Set(startAllowed), forbidden).tokens]);
  const sortedOf = (): number[] => [...chosen].sort((a, b) => a - b);
  const killed = (sorted: readonly number[], members: readonly (readonly TokenInterval[])[]): boolean =>
    members.some((m) => m.every((i) => hit(new Set(sorted), i)));
  let sorted = sortedOf();
  let open = open0.filter((members) => !killed(sorted, members));
  while (open.length > 0) {
    const candidates = new Map<string, { member: readonly TokenInterval[]; breaks: number }>();
    for (const members of open) {
      for (const member of members) {
        const key = member.map((i) => `${i.first}-${i.last}`).join(',');
        const entry = candidates.get(key);
        if (entry === undefined) candidates.set(key, { member, breaks: 1 });
        else entry.breaks++;
      }
    }
    let choice: { member: readonly TokenInterval[]; score: number; added: number[] } | undefined;
    for (const { member, breaks } of candidates.values()) {
      const added = stabIntervals(member, chosen, forbidden).tokens;
      const score = breaks / Math.max(added.length, 0.5);
      if (choice === undefined || score > choice.score) choice = { member, score, added };
    }
    required.push(...choice!.member);
    for (const token of choice!.added) chosen.add(token);
    sorted = sortedOf();
    open = open.filter((members) => !killed(sorted, members));
  }
  const restabbed = stabIntervals(required, new Set(), forbidden).tokens;
  return restabbed.length < sorted.length && open0.every((members) => killed(restabbed, members)) ? restabbed : sorted;
}
