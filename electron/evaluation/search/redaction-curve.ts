/**
 * The experiment of the paper's Figure 3, for any ranker: redact a growing share of the
 * words of a text (0 %, 5 %, …, 100 %), in a seeded random order, each word replaced by
 * [REDACTED], and record the rank of the true source at every step. The words are the
 * engine's tokens; placeholders already in the text stay as they are. At step s of S the
 * first round(s/S · n) words of the order are redacted, so each step redacts a superset
 * of the previous one.
 */
import { tokenize } from '../../../shared/tokenizer/tokenize.js';
import { mulberry32 } from '../../../shared/seeded-random.js';
import type { SourceRank } from '../../search/source-rank.js';

/** Ranks the source among the collection for each text, in order. */
export type RankTexts = (texts: readonly string[]) => Promise<SourceRank[]>;

/** One point of a document's curve. */
export interface RedactionStep {
  /** Share of the words redacted (0 to 1). */
  readonly share: number;
  readonly redactedWords: number;
  readonly rank: number;
}

/** A seeded random permutation of 0..count-1 (Fisher–Yates). */
export function redactionOrder(count: number, seed: number): Int32Array {
  const order = Int32Array.from({ length: count }, (_, i) => i);
  const random = mulberry32(seed);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** `text` with the words at token indexes `redacted` replaced by [REDACTED]. */
export function redactWords(text: string, starts: Int32Array, ends: Int32Array, redacted: ArrayLike<number>): string {
  const chosen = Array.from(redacted).sort((a, b) => a - b);
  let out = '';
  let from = 0;
  for (const t of chosen) {
    out += `${text.slice(from, starts[t])}[REDACTED]`;
    from = ends[t]!;
  }
  return out + text.slice(from);
}

/** The texts of every step, from 0 % to 100 % in `steps` steps. */
export function redactionSteps(text: string, seed: number, steps = 20, placeholderPattern?: string): { share: number; redactedWords: number; text: string }[] {
  const tokens = tokenize(text, placeholderPattern === undefined ? {} : { placeholderPattern });
  const order = redactionOrder(tokens.count, seed);
  return Array.from({ length: steps + 1 }, (_, s) => {
    const redactedWords = Math.round((s / steps) * tokens.count);
    return { share: s / steps, redactedWords, text: redactWords(text, tokens.starts, tokens.ends, order.subarray(0, redactedWords)) };
  });
}

/** Runs the experiment on one document. */
export async function redactionCurve(
  text: string,
  rank: RankTexts,
  options: { seed: number; steps?: number; placeholderPattern?: string },
): Promise<RedactionStep[]> {
  const steps = redactionSteps(text, options.seed, options.steps, options.placeholderPattern);
  const ranks = await rank(steps.map((step) => step.text));
  return steps.map((step, i) => ({ share: step.share, redactedWords: step.redactedWords, rank: ranks[i]!.rank }));
}
