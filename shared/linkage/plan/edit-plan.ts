/**
 * The edit plan: which words of a text to change so that nothing links, the one answer
 * the review app, the CLI, the rewriter and the evaluation share.
 *
 * Two strategies:
 * - 'paper': every word of every flagged span (the minimal linkable N-grams and the
 *   shortest member of each linkable combination), as the paper rephrases them;
 * - 'minimal': the fewest words, a hitting set over every occurrence of each minimal
 *   linkable N-gram and every minimal linkable combination (see hitting-set.ts).
 *
 * Constraints come lazily from detection: plan, apply the plan as placeholders, detect
 * again, add what still links (with its witness), plan again, until nothing links. That
 * never enumerates every combination (one judgment has millions of minimal triples), and
 * it catches what a change exposes. When the last solve was exact, the plan is a true
 * minimum: it is optimal for a subset of the constraints and satisfies all of them.
 *
 * At arity ≥ 2 the cover plan (cover-plan.ts) runs first: keep only what one other
 * document also holds. When it re-detects clean, it bounds the rounds (see
 * ROUNDS_BESIDE_COVER): where combinations keep them growing it is the smaller plan,
 * often by half, in one detection instead of twenty.
 */
import { throwIfAborted, type AbortLike } from '../../errors.js';
import { REDACTED, type CharRange } from '../../review/redaction.js';
import { tokenize } from '../../tokenizer/tokenize.js';
import { runToEnd } from '../../steps.js';
import type { CombinationMemo } from '../combination-memo.js';
import { coverPlan } from './cover-plan.js';
import { detectionSteps, SegmentCache } from '../detect.js';
import type { PhraseIndex } from '../phrase-index.js';
import { resolveSettings, type DetectionSettings } from '../settings.js';
import type { DetectionResult } from '../types.js';
import { hittingSetBoundSteps, pruneTokensSteps, solveHittingSetSteps, type MemberKill } from './hitting-set.js';
import { addConstraints, applyPlan, noConstraints, problemOf, survivors, type Constraints } from './lazy-constraints.js';
import { describeRuns, type PlannedRun } from './planned-runs.js';

export type PlanStrategy = 'paper' | 'minimal';

/**
 * Changes whenever the minimal strategy at arity ≥ 2 plans differently, so that stored
 * evaluation results of the old planner are not reused (the evaluation keys include it).
 */
export const MINIMAL_PLANNER_VERSION = 'cover-1';

/**
 * Detections the rounds may take (the first, the cover plan's check and theirs) when a
 * clean cover plan exists. On the court judgments against the court index at arity ≤ 3
 * the cover plan was never larger than the rounds' pruned plan (mean edit ratio 0.261 on
 * all 144; the rounds alone, 0.503 on 143), and it is about 1-minimal: on three
 * judgments, putting back any one of its 78, 132 and 133 words made something link
 * again, for all but one word.
 * So the rounds only get the chance to finish first where they settle at once, and the
 * cover plan is not pruned.
 */
const ROUNDS_BESIDE_COVER = 4;

export interface PlanOptions {
  readonly strategy?: PlanStrategy;
  /** Words the clerk keeps: a planned token inside one of these ranges may not be chosen. */
  readonly keep?: readonly CharRange[];
  /** Detect again after applying the plan and extend it until nothing links. Default: true for 'minimal', false for 'paper' (the paper's one pass). */
  readonly fixpoint?: boolean;
  /** Most detect → plan rounds of the minimal plan; what still links after them is planned by the paper's rule. Default 30. */
  readonly maxRounds?: number;
  /** Branch-and-bound nodes per solve before greedy takes over. Default 20 000. */
  readonly exactNodeLimit?: number;
  /** Prune → detect attempts after a clean greedy plan (see planSteps). Default 10. */
  readonly pruneAttempts?: number;
  /**
   * Witnesses each detection round asks for per combination span. Default 1: on the 18
   * benchmark judgments at arity ≤ 3, 4 took fewer rounds and a lower mean edit ratio
   * (0.384 against 0.405) but up to 4× longer on the longest judgments, where a search
   * for several witnesses cannot stop at the first.
   */
  readonly witnessesPerRound?: number;
  /** Try the cover plan at arity ≥ 2 (see the module comment). Default true. */
  readonly cover?: boolean;
  /** How a combination member is killed (see hitting-set.ts). Default 'word'. */
  readonly memberKill?: MemberKill;
  /** What a planned run becomes (default [REDACTED]); the text's placeholder pattern must know it. */
  readonly placeholder?: string;
  /** d′ already checked with the same settings (saves the first detection). */
  readonly detection?: DetectionResult;
  /**
   * Segment analyses of earlier checks of this text on the same collection state (keyed by
   * settings inside, so any check's will do). Default: a fresh cache. The combination memo
   * is always the plan's own, so that the same text always gets the same plan.
   */
  readonly cache?: SegmentCache;
  readonly signal?: AbortLike;
  /**
   * Progress for a clerk who waits: the detection running (1 for the plan's first) and
   * how far its combination search is. How many detections a plan takes is not known in
   * advance, so there is no total of those.
   */
  readonly onProgress?: (detection: number, searched: number, total: number) => void;
}

/** The plan and how it was found. */
export interface EditPlan {
  readonly strategy: PlanStrategy;
  readonly settings: DetectionSettings;
  /** Planned token indices, ascending. */
  readonly tokens: readonly number[];
  /** Runs of planned words only whitespace separates: each becomes one placeholder. */
  readonly runs: readonly PlannedRun[];
  /** The text with every run replaced by [REDACTED] (merging rule of shared/review/redaction.ts). */
  readonly redacted: string;
  /** True when nothing links in `redacted` (checked by detection). */
  readonly clean: boolean;
  /** True when no plan has fewer words (minimal strategy; the paper's rule is not a minimum). */
  readonly exact: boolean;
  /** No plan that breaks every constraint found has fewer words. */
  readonly lowerBound: number;
  /**
   * External ids of the documents whose shared phrases the plan keeps, when it is the
   * cover plan; undefined when the rounds found the plan.
   */
  readonly cover?: string[];
  /** Detections run (the first included). */
  readonly rounds: number;
  /** Constraints the plan was solved against. */
  readonly constraints: { readonly intervals: number; readonly combinations: number };
  /** Constraints that cannot be broken without a kept word. */
  readonly unbreakable: number;
  /** Words of the text (tokens), for ratios. */
  readonly words: number;
  readonly milliseconds: number;
}

/** Plans the edits of `text` (see the module comment). Throws SettingsError for unusable settings. */
export function planEdits(index: PhraseIndex, text: string, input: Partial<DetectionSettings>, options: PlanOptions = {}): EditPlan {
  return runToEnd(planSteps(index, text, input, options));
}

/**
 * The same plan as steps that yield inside every detection, for callers that must stay
 * responsive (the review app's engine worker runs it in time slices, and a newer text
 * supersedes it).
 */
export function* planSteps(index: PhraseIndex, text: string, input: Partial<DetectionSettings>, options: PlanOptions = {}): Generator<void, EditPlan> {
  const started = performance.now();
  const settings = resolveSettings(input);
  const strategy = options.strategy ?? 'minimal';
  const fixpoint = options.fixpoint ?? strategy === 'minimal';
  const maxRounds = Math.max(1, options.maxRounds ?? 30);
  const placeholder = options.placeholder ?? REDACTED;
  // Rounds change few segments: their analyses carry over.
  const cache = options.cache ?? new SegmentCache();
  const combinationMemo: CombinationMemo = new Map();
  let detections = 0;
  const detect = (checked: string): Generator<void, DetectionResult> => {
    const detection = ++detections;
    const onProgress = options.onProgress;
    return detectionSteps(index, checked, settings, {
      signal: options.signal,
      cache,
      combinationMemo,
      witnessesPerSpan: options.witnessesPerRound ?? 1,
      onCombinationProgress: onProgress === undefined ? undefined : (searched, total) => onProgress(detection, searched, total),
    });
  };
  const tokens = tokenize(text, { placeholderPattern: settings.placeholderPattern });
  const forbidden = new Set<number>();
  for (const range of options.keep ?? []) {
    for (let t = 0; t < tokens.count; t++) if (tokens.starts[t]! < range.end && tokens.ends[t]! > range.start) forbidden.add(t);
  }
  /**
   * The cover plan applied, when it re-detects clean (one detection), or when all that
   * still links is kept phrases that link by themselves (`left`: how many).
   */
  function* cleanCoverPlan(): Generator<void, { tokens: number[]; redacted: string; documents: number[]; left: number } | undefined> {
    if (result.minimal.length === 0 && result.combinations.length === 0) return undefined;
    const sourceDocument = settings.sourceId === undefined ? -1 : (index.documentNumberOf(settings.sourceId) ?? -1);
    const found = coverPlan(index, tokens, index.idsOf(tokens.keys), { k: settings.k, maxN: settings.maxN, sourceDocument, forbidden });
    if (found === undefined) return undefined;
    const candidate = applyPlan(text, tokens, found.tokens, settings.placeholderPattern, placeholder);
    const check = yield* detect(candidate);
    const keptPhrases = found.linkingAlone.map(({ first, last }) => tokens.keys.slice(first, last + 1).join(' '));
    if (check.combinations.length > 0 || !onlyPhrasesLeft(candidate, check, keptPhrases)) return undefined;
    return { tokens: found.tokens, redacted: candidate, documents: found.cover, left: check.minimal.length };
  }
  /**
   * Whether every linkable phrase `check` found in `checked` is one of `phrases` (token keys,
   * by spaces), each found no more often than it is kept: another occurrence of a kept phrase
   * is no kept one, and could have been changed.
   */
  function onlyPhrasesLeft(checked: string, check: DetectionResult, phrases: readonly string[]): boolean {
    if (check.minimal.length === 0) return true;
    const kept = new Map<string, number>();
    for (const phrase of phrases) kept.set(phrase, (kept.get(phrase) ?? 0) + 1);
    const checkedTokens = tokenize(checked, { placeholderPattern: settings.placeholderPattern });
    return check.minimal.every((m) => {
      const keys = [];
      for (let t = 0; t < checkedTokens.count; t++)
        if (checkedTokens.starts[t]! >= m.start && checkedTokens.ends[t]! <= m.end) keys.push(checkedTokens.keys[t]!);
      const phrase = keys.join(' ');
      const left = kept.get(phrase) ?? 0;
      kept.set(phrase, left - 1);
      return left > 0;
    });
  }
  const constraints: Constraints = noConstraints();
  let planned: number[] = [];
  let exact = true;
  let lowerBound = 0;
  let unbreakable = 0;
  let rounds = 0;
  let clean: boolean;
  let redacted = text;
  let result = options.detection ?? (yield* detect(text));
  const cover = strategy === 'minimal' && fixpoint && settings.arity >= 2 && (options.cover ?? true) ? yield* cleanCoverPlan() : undefined;
  if (cover !== undefined) rounds++;
  // The paper's rule for whatever still links after the minimal plan's rounds: it converges in a pass or two.
  let repairing = strategy === 'paper';
  for (;;) {
    rounds++;
    const added = addConstraints(constraints, result, tokens, survivors(tokens.count, new Set(planned)), repairing ? 'paper' : strategy);
    if (added === 0) {
      // Nothing new links: either clean, or only what the kept words protect.
      clean = result.minimal.length === 0 && result.combinations.length === 0;
      break;
    }
    throwIfAborted(options.signal);
    if (repairing) {
      const all = new Set(planned);
      for (const interval of constraints.intervals.values()) for (let t = interval.first; t <= interval.last; t++) if (!forbidden.has(t)) all.add(t);
      planned = [...all].sort((a, b) => a - b);
      exact = false;
    } else {
      const problem = problemOf(constraints, forbidden);
      const solveOptions = {
        start: planned,
        ...(options.exactNodeLimit !== undefined && { exactNodeLimit: options.exactNodeLimit }),
        ...(options.memberKill !== undefined && { memberKill: options.memberKill }),
      };
      if (cover !== undefined && rounds >= ROUNDS_BESIDE_COVER && rounds < maxRounds * 2) {
        // This round's plan would be put aside for the cover plan before any detection
        // checked it (below): only its bound is wanted. Its greedy search took 0.4 s of the
        // 35,000-word text's 5 s plan against the court index, 1 s against the demo's.
        const bound = yield* hittingSetBoundSteps(problem, solveOptions);
        lowerBound = bound.lowerBound;
        unbreakable = bound.unbreakable;
        clean = false;
        break;
      }
      const solution = yield* solveHittingSetSteps(problem, solveOptions);
      planned = solution.tokens;
      exact = solution.exact;
      lowerBound = solution.lowerBound;
      unbreakable = solution.unbreakable;
    }
    redacted = applyPlan(text, tokens, planned, settings.placeholderPattern, placeholder);
    if (!fixpoint || rounds >= maxRounds * 2) {
      // One more detection says whether the plan is clean.
      const check = yield* detect(redacted);
      clean = check.minimal.length === 0 && check.combinations.length === 0;
      rounds++;
      break;
    }
    if (cover !== undefined && (planned.length >= cover.tokens.length || rounds >= ROUNDS_BESIDE_COVER)) {
      // The rounds stop where they can no longer end smaller than the cover plan, or soon.
      clean = false;
      break;
    }
    if (rounds >= maxRounds) repairing = true;
    result = yield* detect(redacted);
  }
  let coverIds: string[] | undefined;
  if (cover !== undefined && (!clean || planned.length > cover.tokens.length)) {
    planned = cover.tokens;
    redacted = cover.redacted;
    coverIds = index.externalIds(cover.documents);
    // Kept words that link by themselves still do: only the clerk can change them.
    clean = cover.left === 0;
    if (!clean) unbreakable = Math.max(unbreakable, cover.left);
    exact = clean && planned.length === lowerBound;
  }
  if (strategy === 'paper') lowerBound = 0;
  else if (clean && !exact && coverIds === undefined) {
    // Warm starts only add tokens: drop the ones later rounds made unnecessary. A pruned
    // plan can expose linkages no round has seen; they join the constraints and the clean
    // plan is pruned again, so the result is never larger than the clean plan. When the
    // rounds already needed more than half their limit, each attempt exposes about as much
    // as the last (measured on court judgments), so only one attempt is made.
    const attempts = rounds <= maxRounds / 2 ? Math.max(1, options.pruneAttempts ?? 10) : 1;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const pruned = yield* pruneTokensSteps(problemOf(constraints, forbidden), planned, options.memberKill ?? 'word');
      if (pruned.length >= planned.length) break;
      const candidate = applyPlan(text, tokens, pruned, settings.placeholderPattern, placeholder);
      rounds++;
      const check = yield* detect(candidate);
      if (check.minimal.length === 0 && check.combinations.length === 0) {
        planned = pruned;
        redacted = candidate;
        exact = pruned.length === lowerBound;
        break;
      }
      throwIfAborted(options.signal);
      if (addConstraints(constraints, check, tokens, survivors(tokens.count, new Set(pruned)), strategy) === 0) break;
    }
  }
  return {
    strategy,
    settings,
    tokens: planned,
    runs: describeRuns(text, tokens, planned, constraints),
    redacted,
    clean,
    exact: strategy === 'minimal' && exact && clean,
    lowerBound,
    ...(coverIds !== undefined && { cover: coverIds }),
    rounds,
    constraints: { intervals: constraints.intervals.size, combinations: constraints.combinations.size },
    unbreakable,
    words: tokens.count,
    milliseconds: performance.now() - started,
  };
}
