/**
 * The share of a text each arity would send for rewriting: what the clerk sees before
 * choosing a setting (at k = 2, arity ≤ 3 flags most of a judgment's common phrases).
 */
import type { RewriteCost } from '../ipc/types.js';
import type { DetectionResult, PhraseLocation } from './types.js';

function tokenShare(tokens: number, spans: readonly PhraseLocation[]): number {
  if (tokens === 0) return 0;
  const covered = new Uint8Array(tokens);
  for (const s of spans) covered.fill(1, s.tokenStart, s.tokenStart + s.tokenLength);
  let count = 0;
  for (const c of covered) count += c;
  return count / tokens;
}

/**
 * Costs from a check run at arity 3 (which also yields arity 2: a candidate flagged by a
 * pair has a two-member witness), or from a singles-only check (arity 2–3 unknown).
 */
export function rewriteCost(result: DetectionResult, complete: boolean): RewriteCost {
  const tokens = result.summary.tokens;
  const arity1 = tokenShare(tokens, result.minimal);
  if (!complete || result.settings.arity < 3) return { arity1, arity2: null, arity3: null, commonPhrasesFlagged: null };
  const pairs = result.combinations.filter((c) => c.witness.members.length === 2);
  return {
    arity1,
    arity2: tokenShare(tokens, [...result.minimal, ...pairs]),
    arity3: tokenShare(tokens, [...result.minimal, ...result.combinations]),
    commonPhrasesFlagged: result.summary.candidates === 0 ? 0 : result.combinations.length / result.summary.candidates,
  };
}

/** Restricts an arity-3 result to what a lower arity would report. */
export function restrictToArity(result: DetectionResult, arity: 1 | 2 | 3): DetectionResult {
  if (arity >= result.settings.arity) return result;
  const combinations = arity === 1 ? [] : result.combinations.filter((c) => c.witness.members.length <= arity);
  return {
    ...result,
    settings: { ...result.settings, arity },
    combinations,
    summary: { ...result.summary, combinationSpans: combinations.length },
  };
}
