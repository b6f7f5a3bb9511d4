/**
 * What the minimal plan's rounds learn from detection, and the text they check next
 * (see edit-plan.ts): the constraints found so far (linkable N-gram occurrences and
 * linkable combinations, in the original text's token indices), the hitting-set problem
 * they make, and the plan applied as placeholders under the one merging rule. Shared
 * with the optimality study (bench/plan-bound), which solves the same constraints exactly.
 */
import { redactRanges } from '../../review/redaction.js';
import type { TokenizedText } from '../../tokenizer/tokenize.js';
import type { DetectionResult, PhraseLocation } from '../types.js';
import type { CombinationConstraint, HittingProblem } from './hitting-set.js';
import type { TokenInterval } from './interval-stabbing.js';
import { occurrenceFinder } from './occurrences.js';

/** How a flagged combination becomes a constraint: its flagged member ('paper') or any member ('minimal'). */
export type ConstraintRule = 'paper' | 'minimal';

/** Constraints found so far, keyed so that a witness found again is not added twice. */
export interface Constraints {
  readonly intervals: Map<string, TokenInterval & { text: string }>;
  readonly combinations: Map<string, CombinationConstraint & { text: string[] }>;
}

/** The hitting-set problem of the constraints, with the clerk's kept tokens forbidden. */
export function problemOf(constraints: Constraints, forbidden: ReadonlySet<number>): HittingProblem {
  return { intervals: [...constraints.intervals.values()], combinations: [...constraints.combinations.values()], forbidden };
}

/** Original token indices of the tokens that survive in `redacted` (all but the planned ones, in order). */
export function survivors(total: number, planned: ReadonlySet<number>): number[] {
  const kept: number[] = [];
  for (let t = 0; t < total; t++) if (!planned.has(t)) kept.push(t);
  return kept;
}

/** Runs of planned tokens that only whitespace separates, in the original text. */
export function runsOf(text: string, tokens: TokenizedText, planned: readonly number[]): number[][] {
  const runs: number[][] = [];
  for (const token of planned) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (run !== undefined && previous !== undefined && /^\s*$/u.test(text.slice(tokens.ends[previous]!, tokens.starts[token]!))) run.push(token);
    else runs.push([token]);
  }
  return runs;
}

/** The text with each run of planned tokens replaced by one placeholder (the merging rule of redaction.ts). */
export function applyPlan(text: string, tokens: TokenizedText, planned: readonly number[], pattern: string, placeholder: string): string {
  const ranges = runsOf(text, tokens, planned).map((run) => ({ start: tokens.starts[run[0]!]!, end: tokens.ends[run.at(-1)!]! }));
  return redactRanges(text, ranges, placeholder, pattern);
}

/** Adds what still links in the redacted text, mapped back to the original tokens. */
export function addConstraints(
  constraints: Constraints,
  result: DetectionResult,
  original: TokenizedText,
  kept: readonly number[],
  rule: ConstraintRule,
): number {
  // Redaction replaces whole tokens by placeholders, which are no tokens: the redacted text's tokens are the kept ones.
  if (result.summary.tokens !== kept.length) throw new Error(`The redacted text has ${result.summary.tokens} tokens, expected ${kept.length}.`);
  let added = 0;
  let occurrencesOf: ((keys: readonly string[]) => TokenInterval[]) | undefined;
  const toOriginal = (location: PhraseLocation): TokenInterval => ({
    first: kept[location.tokenStart]!,
    last: kept[location.tokenStart + location.tokenLength - 1]!,
  });
  const addInterval = (location: PhraseLocation): void => {
    const interval = toOriginal(location);
    const key = `${interval.first}-${interval.last}`;
    if (constraints.intervals.has(key)) return;
    constraints.intervals.set(key, { ...interval, text: location.text });
    added++;
  };
  for (const span of result.minimal) addInterval(span);
  for (const span of result.combinations) {
    // The paper's rule rephrases the flagged member itself; the minimal plan may break any member.
    if (rule === 'paper') {
      addInterval(span);
      continue;
    }
    for (const witness of [span.witness, ...(span.others ?? [])]) {
      const members = witness.members.map((member) => {
        const interval = toOriginal(member);
        return { interval, keys: original.keys.slice(interval.first, interval.last + 1), text: member.text };
      });
      const key = members
        .map((m) => m.keys.join(' '))
        .sort()
        .join(' | ');
      if (constraints.combinations.has(key)) continue;
      occurrencesOf ??= occurrenceFinder(original);
      constraints.combinations.set(key, { members: members.map((m) => occurrencesOf!(m.keys)), text: members.map((m) => m.text) });
      added++;
    }
  }
  return added;
}

/** A fresh, empty set of constraints. */
export function noConstraints(): Constraints {
  return { intervals: new Map(), combinations: new Map() };
}
