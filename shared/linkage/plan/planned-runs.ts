/**
 * What each planned run breaks, for the clerk: how many flagged N-gram occurrences and
 * combinations, and which phrases. Worked out constraint by constraint, each looking up
 * the runs its tokens fall in: asking every run about every constraint took 7.7 s on a
 * 10,000-word text (4,262 planned words), at the end of a plan that took 15.
 */
import type { TokenizedText } from '../../tokenizer/tokenize.js';
import type { TokenInterval } from './interval-stabbing.js';
import { runsOf, type Constraints } from './lazy-constraints.js';

/** What one planned run breaks: counts, and the phrases (flagged text) for the clerk. */
export interface PlannedRun {
  /** Characters of the run in the text: its first token's start to its last token's end. */
  readonly start: number;
  readonly end: number;
  /** Token indices of the run, in the text as given. */
  readonly tokens: readonly number[];
  /**
   * Where each of those tokens begins and ends in the text, flat (start, end, start, …):
   * what the review compares between two plans of the same text, word by word.
   */
  readonly words: readonly number[];
  /** Occurrences of minimal linkable N-grams it breaks. */
  readonly spans: number;
  /** Combinations it breaks (it removes a member's last occurrence). */
  readonly combinations: number;
  /** The flagged phrases it breaks, as written (at most 20). */
  readonly phrases: readonly string[];
}

/** Phrases listed for one run. */
const PHRASES_PER_RUN = 20;

/**
 * The runs of `planned` (only whitespace between their words), each with what it breaks:
 * - an N-gram occurrence, when one of its tokens is in the run;
 * - a combination, through its first member whose every occurrence loses a token and
 *   one of whose occurrences loses a token in the run.
 */
export function describeRuns(text: string, tokens: TokenizedText, planned: readonly number[], constraints: Constraints): PlannedRun[] {
  const runs = runsOf(text, tokens, planned);
  const runOf = new Int32Array(tokens.count).fill(-1);
  runs.forEach((run, r) => run.forEach((t) => (runOf[t] = r)));
  const spans = new Int32Array(runs.length);
  const combinations = new Int32Array(runs.length);
  const phrases = runs.map(() => new Set<string>());

  /** Runs with a token in [first, last], ascending, each once (runs are contiguous). */
  const runsIn = ({ first, last }: TokenInterval): number[] => {
    const hit: number[] = [];
    for (let t = first; t <= last; t++) {
      const r = runOf[t]!;
      if (r >= 0 && hit.at(-1) !== r) hit.push(r);
    }
    return hit;
  };

  for (const interval of constraints.intervals.values()) {
    for (const r of runsIn(interval)) {
      spans[r]!++;
      phrases[r]!.add(interval.text);
    }
  }
  for (const combination of constraints.combinations.values()) {
    // Each run counts the combination once, through the first member that qualifies for it.
    const counted = new Set<number>();
    combination.members.forEach((occurrences, member) => {
      const hits = occurrences.map(runsIn);
      if (occurrences.length === 0 || hits.some((h) => h.length === 0)) return;
      for (const r of hits.flat()) {
        if (counted.has(r)) continue;
        counted.add(r);
        combinations[r]!++;
        phrases[r]!.add(combination.text[member]!);
      }
    });
  }
  return runs.map((run, r) => ({
    start: tokens.starts[run[0]!]!,
    end: tokens.ends[run.at(-1)!]!,
    tokens: run,
    words: run.flatMap((t) => [tokens.starts[t]!, tokens.ends[t]!]),
    spans: spans[r]!,
    combinations: combinations[r]!,
    phrases: [...phrases[r]!].slice(0, PHRASES_PER_RUN),
  }));
}
