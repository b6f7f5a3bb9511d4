/**
 * The fewest tokens to change so that no linkage survives, as a hitting set over tokens:
 * - every interval (an occurrence of a minimal linkable N-gram) must contain a chosen token:
 *   changing any one word breaks it, since every shorter N-gram inside it is common;
 * - every combination must lose one member entirely: every word of every occurrence of that
 *   member's key sequence (a member gone from one place but present elsewhere still links).
 *   One word is not enough here: what is left of a common phrase is a shorter common phrase
 *   in at least the same documents, which the next check pairs with the same partners.
 *
 * Exact by branch and bound over which member each combination loses, when the search is
 * small; greedy (most combinations broken per new token) otherwise, with a lower bound
 * from disjoint constraints, so that the distance from optimal is known.
 *
 * The greedy loop, the bound and the pruning are steps that yield (shared/steps.ts): on a
 * long judgment each takes seconds to minutes, and the engine's worker must keep answering
 * checks, and hear a cancel, meanwhile. So nothing here is module state: two plans that
 * interleave in one worker each carry their own kill rule.
 */
import { runToEnd } from '../../steps.js';
import { GreedyMemory } from './greedy-memory.js';
import { disjointIntervals, firstAtLeast, hitBy, stabIntervals, type TokenInterval } from './interval-stabbing.js';

/** A combination: for each member, the intervals of all its occurrences in the text. */
export interface CombinationConstraint {
  readonly members: readonly (readonly TokenInterval[])[];
}

export interface HittingProblem {
  readonly intervals: readonly TokenInterval[];
  readonly combinations: readonly CombinationConstraint[];
  /** Tokens that may not be chosen (the clerk keeps them). */
  readonly forbidden?: ReadonlySet<number>;
}

export interface HittingSolution {
  /** Chosen tokens, ascending. */
  readonly tokens: number[];
  /** True when `tokens` is a minimum for this problem. */
  readonly exact: boolean;
  /** No solution has fewer tokens (equals tokens.length when exact). */
  readonly lowerBound: number;
  /** Constraints no allowed token can break (their tokens are all kept). */
  readonly unbreakable: number;
}

export interface SolveOptions {
  /** Branch-and-bound nodes allowed before settling for greedy. Default 2 000. */
  readonly exactNodeLimit?: number;
  /** Most combinations the exact search takes on (it branches on each). Default 10. */
  readonly exactCombinationLimit?: number;
  /**
   * How a combination member is killed: 'whole', every word of every occurrence (what is
   * left of a phrase cannot pair again); 'word', one word of each occurrence (the middle
   * one), fewer words but the rest of the phrase may link again and need another round.
   * Default 'word'.
   */
  readonly memberKill?: MemberKill;
  /**
   * Tokens a previous round chose: when the exact search gives up, greedy continues from
   * them instead of from nothing (rounds of the fixpoint then only fix what is new).
   */
  readonly start?: readonly number[];
}

export type MemberKill = 'whole' | 'word';

/** True when a sorted token list holds every token of the interval. */
function covers(sortedTokens: readonly number[], interval: TokenInterval): boolean {
  const low = firstAtLeast(sortedTokens, interval.first);
  const span = interval.last - interval.first + 1;
  return low + span <= sortedTokens.length && sortedTokens[low] === interval.first && sortedTokens[low + span - 1] === interval.last;
}

/** Every token of a member's occurrences. */
function memberTokens(member: readonly TokenInterval[]): number[] {
  const tokens = new Set<number>();
  for (const interval of member) for (let t = interval.first; t <= interval.last; t++) tokens.add(t);
  return [...tokens];
}

/** What killing a member requires: tokens forced ('whole') or intervals to stab ('word'). */
interface Kill {
  readonly forced: readonly number[];
  readonly intervals: readonly TokenInterval[];
}

/** What killing a member means under one MemberKill. */
interface KillRules {
  /** True when the member is killed by `sortedTokens`. */
  readonly memberKilled: (sortedTokens: readonly number[], member: readonly TokenInterval[]) => boolean;
  readonly killOf: (member: readonly TokenInterval[]) => Kill;
  /** A member kept words do not protect (some member must be killable, or the combination is unbreakable). */
  readonly killable: (member: readonly TokenInterval[], forbidden: ReadonlySet<number>) => boolean;
  readonly killed: (sortedTokens: readonly number[], combination: CombinationConstraint) => boolean;
}

function killRules(mode: MemberKill): KillRules {
  const memberKilled = (sortedTokens: readonly number[], member: readonly TokenInterval[]): boolean =>
    member.every((interval) => (mode === 'whole' ? covers(sortedTokens, interval) : hitBy(sortedTokens, interval)));
  return {
    memberKilled,
    killOf: (member) => (mode === 'whole' ? { forced: memberTokens(member), intervals: [] } : { forced: [], intervals: member }),
    killable: (member, forbidden) =>
      mode === 'whole' ? memberTokens(member).every((t) => !forbidden.has(t)) : member.every((interval) => !allForbidden(interval, forbidden)),
    killed: (sortedTokens, combination) => combination.members.some((member) => memberKilled(sortedTokens, member)),
  };
}

/** Valid lower bound: constraints that pairwise share no token each need a token of their own. */
function* lowerBoundOf(problem: HittingProblem, combinations: readonly CombinationConstraint[]): Generator<void, number> {
  const packed = disjointIntervals(problem.intervals);
  // The tokens of the constraints taken so far, marked one by one: asking every interval
  // taken so far instead was most of a 37,000-word text's plan (60 of 112 s).
  let last = 0;
  for (const interval of packed) last = Math.max(last, interval.last);
  for (const combination of combinations) for (const member of combination.members) for (const interval of member) last = Math.max(last, interval.last);
  const used = new Uint8Array(last + 1);
  const take = (interval: TokenInterval): void => void used.fill(1, interval.first, interval.last + 1);
  const touchesUsed = (interval: TokenInterval): boolean => {
    for (let t = interval.first; t <= interval.last; t++) if (used[t] === 1) return true;
    return false;
  };
  packed.forEach(take);
  let count = packed.length;
  for (const combination of combinations) {
    yield;
    const support = combination.members.flat();
    if (support.some(touchesUsed)) continue;
    support.forEach(take);
    count++;
  }
  return count;
}

/** Solves the problem (see the module comment). */
export function solveHittingSet(problem: HittingProblem, options: SolveOptions = {}): HittingSolution {
  return runToEnd(solveHittingSetSteps(problem, options));
}

/** The same, as steps that yield (see the module comment). */
export function* solveHittingSetSteps(problem: HittingProblem, options: SolveOptions = {}): Generator<void, HittingSolution> {
  const settled = yield* settleWithoutGreedy(problem, options);
  if (settled.solution !== undefined) return settled.solution;
  const { rules, breakable, open, forbidden, lowerBound, unbreakable } = settled;
  const start = (options.start ?? []).filter((t) => !forbidden.has(t));
  const tokens = yield* greedySteps(rules, breakable, open, forbidden, start);
  return { tokens, exact: tokens.length === lowerBound, lowerBound, unbreakable };
}

/**
 * The lower bound and the unbreakable constraints that solveHittingSetSteps reports, without
 * its greedy search (the longest part on a long text): for a caller that will not use the
 * tokens (edit-plan.ts, a round whose plan no detection would check).
 */
export function* hittingSetBoundSteps(problem: HittingProblem, options: SolveOptions = {}): Generator<void, Omit<HittingSolution, 'tokens' | 'exact'>> {
  const settled = yield* settleWithoutGreedy(problem, options);
  const { lowerBound, unbreakable } = settled.solution ?? settled;
  return { lowerBound, unbreakable };
}

/** What the solve settles before its greedy search: the solution itself when that is exact, else what the greedy search starts from. */
function* settleWithoutGreedy(
  problem: HittingProblem,
  options: SolveOptions,
): Generator<
  void,
  | { readonly solution: HittingSolution }
  | {
      readonly solution?: undefined;
      readonly rules: KillRules;
      readonly breakable: readonly TokenInterval[];
      readonly open: readonly CombinationConstraint[];
      readonly forbidden: ReadonlySet<number>;
      readonly lowerBound: number;
      readonly unbreakable: number;
    }
> {
  const rules = killRules(options.memberKill ?? 'word');
  const forbidden = problem.forbidden ?? new Set<number>();
  const base = stabIntervals(problem.intervals, new Set(), forbidden);
  let unbreakable = base.unbreakable.length;
  // A combination with no killable member cannot be broken; the others must be.
  const open: CombinationConstraint[] = [];
  for (const combination of problem.combinations) {
    const members = combination.members.filter((member) => rules.killable(member, forbidden));
    if (members.length === 0) unbreakable++;
    else open.push({ members });
  }
  const breakable = problem.intervals.filter((interval) => {
    for (let t = interval.first; t <= interval.last; t++) if (!forbidden.has(t)) return true;
    return false;
  });
  const lowerBound = yield* lowerBoundOf({ ...problem, intervals: breakable }, open);
  if (open.length === 0) return { solution: { tokens: base.tokens, exact: true, lowerBound: base.tokens.length, unbreakable } };

  const exact =
    open.length <= (options.exactCombinationLimit ?? 10) ? exactSearch(rules, breakable, open, forbidden, options.exactNodeLimit ?? 2_000) : undefined;
  if (exact !== undefined) return { solution: { tokens: exact, exact: true, lowerBound: exact.length, unbreakable } };
  return { rules, breakable, open, forbidden, lowerBound, unbreakable };
}

/** True when `sortedTokens` hits every interval and kills every combination. */
export function breaksEverything(problem: HittingProblem, sortedTokens: readonly number[], memberKill: MemberKill = 'word'): boolean {
  return breaksAll(killRules(memberKill), problem, sortedTokens);
}

function breaksAll(rules: KillRules, problem: HittingProblem, sortedTokens: readonly number[]): boolean {
  const forbidden = problem.forbidden ?? new Set<number>();
  const intervalsOk = problem.intervals.every((interval) => hitBy(sortedTokens, interval) || allForbidden(interval, forbidden));
  return intervalsOk && problem.combinations.every((c) => rules.killed(sortedTokens, c) || c.members.every((m) => !rules.killable(m, forbidden)));
}

function allForbidden(interval: TokenInterval, forbidden: ReadonlySet<number>): boolean {
  for (let t = interval.first; t <= interval.last; t++) if (!forbidden.has(t)) return false;
  return true;
}

/**
 * Reverse delete: drops tokens (last chosen first) while everything stays broken. Greedy
 * and warm starts leave tokens that later choices made unnecessary.
 */
export function pruneTokens(problem: HittingProblem, tokens: readonly number[], memberKill: MemberKill = 'word'): number[] {
  return runToEnd(pruneTokensSteps(problem, tokens, memberKill));
}

/** The same, as steps that yield after each token tried. */
export function* pruneTokensSteps(problem: HittingProblem, tokens: readonly number[], memberKill: MemberKill = 'word'): Generator<void, number[]> {
  const rules = killRules(memberKill);
  let kept = [...tokens].sort((a, b) => a - b);
  for (const token of [...tokens].reverse()) {
    yield;
    const without = kept.filter((t) => t !== token);
    if (breaksAll(rules, problem, without)) kept = without;
  }
  return kept;
}

/** The fewest tokens hitting `intervals`, given the tokens the chosen members force. */
function cost(intervals: readonly TokenInterval[], forced: ReadonlySet<number>, forbidden: ReadonlySet<number>): number[] {
  const added = stabIntervals(intervals, forced, forbidden).tokens;
  return [...forced, ...added].sort((a, b) => a - b);
}

/**
 * Branch and bound: at each node, the first combination the node's tokens do not break is
 * branched on, one branch per member (what killing it requires is added). Exact: following
 * the members an optimal solution kills never costs more than it. Undefined when the
 * search needs more than `limit` nodes.
 */
function exactSearch(
  rules: KillRules,
  intervals: readonly TokenInterval[],
  combinations: readonly CombinationConstraint[],
  forbidden: ReadonlySet<number>,
  limit: number,
): number[] | undefined {
  // Fewest members first: small branching near the root.
  const order = [...combinations].sort((a, b) => a.members.length - b.members.length);
  let best: number[] = runToEnd(greedySteps(rules, intervals, order, forbidden));
  let nodes = 0;
  const visit = (forced: ReadonlySet<number>, required: readonly TokenInterval[]): boolean => {
    if (++nodes > limit) return false;
    const tokens = cost(required, forced, forbidden);
    // Requiring more never lowers the cost: prune at the best so far.
    if (tokens.length >= best.length) return true;
    const open = order.find((combination) => !rules.killed(tokens, combination));
    if (open === undefined) {
      best = tokens;
      return true;
    }
    for (const member of open.members) {
      const kill = rules.killOf(member);
      if (!visit(new Set([...forced, ...kill.forced]), [...required, ...kill.intervals])) return false;
    }
    return true;
  };
  return visit(new Set(), intervals) ? best : undefined;
}

/** Two ascending lists as one (the chosen tokens grow by a few a round; sorting them all again cost seconds). */
function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  if (b.length === 0) return a as number[];
  const out = new Array<number>(a.length + b.length);
  let i = 0;
  let j = 0;
  for (let o = 0; o < out.length; o++) out[o] = j >= b.length || (i < a.length && a[i]! < b[j]!) ? a[i++]! : b[j++]!;
  return out;
}

/**
 * Greedy: repeatedly kill the member that breaks the most open combinations per new token.
 * Tokens only grow, so a combination once broken stays broken; at the end everything
 * required is stabbed again from scratch, and that smaller set is kept when it still
 * breaks everything.
 */
function* greedySteps(
  rules: KillRules,
  intervals: readonly TokenInterval[],
  combinations: readonly CombinationConstraint[],
  forbidden: ReadonlySet<number>,
  start: readonly number[] = [],
): Generator<void, number[]> {
  const forced = new Set<number>();
  const required: TokenInterval[] = [...intervals];
  const chosen = new Set([...start, ...stabIntervals(intervals, new Set(start), forbidden).tokens]);
  let sorted = [...chosen].sort((a, b) => a - b);
  const memory = new GreedyMemory(combinations.filter((c) => !rules.killed(sorted, c)));
  while (memory.openCount > 0) {
    yield;
    let choice: { number: number; kill: Kill; score: number; added: number[] } | undefined;
    let scored = 0;
    for (let number = 0; number < memory.members.length; number++) {
      const breaks = memory.breaks[number]!;
      if (breaks === 0) continue;
      // Whole-member kills are scored afresh every round, and every member in the first: on a
      // long judgment one pass over the members takes seconds.
      if (++scored % 64 === 0) yield;
      const kill = rules.killOf(memory.members[number]!);
      // 'word' kills force no token: stab against the sorted chosen list as it is (see stabbedBeyond).
      const added =
        kill.forced.length === 0
          ? memory.added(number, sorted, forbidden)
          : [...kill.forced.filter((t) => !chosen.has(t)), ...stabIntervals(kill.intervals, new Set([...chosen, ...kill.forced]), forbidden).tokens];
      const score = breaks / Math.max(added.length, 0.5);
      if (choice === undefined || score > choice.score || (score === choice.score && memory.firstPlace(number) < memory.firstPlace(choice.number))) {
        choice = { number, kill, score, added };
      }
    }
    for (const token of choice!.kill.forced) forced.add(token);
    required.push(...choice!.kill.intervals);
    const fresh = choice!.added.filter((token) => !chosen.has(token)).sort((a, b) => a - b);
    // A member of an open combination always has an occurrence left to hit; were it chosen
    // again for nothing, the loop would never end.
    if (fresh.length === 0) throw new Error('The greedy plan search chose a member that was already killed.');
    for (const token of fresh) chosen.add(token);
    sorted = mergeSorted(sorted, fresh);
    memory.chose(fresh, (c) => rules.killed(sorted, c));
  }
  const restabbed = cost(required, forced, forbidden);
  return restabbed.length < sorted.length && combinations.every((c) => rules.killed(restabbed, c)) ? restabbed : sorted;
}
