/**
 * A sufficient rule for the other kind of clean plan (single-cover.ts): keep only tiles
 * that at least m − t of m chosen documents hold, with 3t < m (three of four, five of
 * seven…). Three kept tiles then miss at most 3t of the m documents between them, so one
 * of the m holds all three (and two share m − 2t of them). No one document needs to
 * hold every kept tile, so on a text whose phrases are spread over documents it can keep
 * more than any single cover; on court judgments it keeps less (EVALUATION.md).
 */
import type { PhraseIndex } from '../../shared/linkage/phrase-index.js';
import { matchLengths, segmentEnds } from '../../shared/linkage/plan/cover-plan.js';
import type { TokenizedText } from '../../shared/tokenizer/tokenize.js';
import { candidateCovers, fewestChangesForCover, textFacts } from './single-cover.js';

/** Of m documents, how many must hold each kept tile. */
export function documentsNeeded(m: number): number {
  return m - Math.floor((m - 1) / 3);
}

/** The best plan under the rule. */
export interface SpreadRulePlan {
  readonly tokens: number[];
  /** Document numbers of the m documents. */
  readonly documents: number[];
}

/** Every way to choose `m` of `items`, in order. */
function choose<T>(items: readonly T[], m: number): T[][] {
  if (m === 0) return [[]];
  const out: T[][] = [];
  for (let i = 0; i + m <= items.length; i++) for (const rest of choose(items.slice(i + 1), m - 1)) out.push([items[i]!, ...rest]);
  return out;
}

/**
 * The fewest words to change under the rule, over every m of the `among` likeliest covers
 * (single-cover.ts's order), or undefined when the source is not a live document, N is
 * unbounded, or fewer than m documents hold a word of the text.
 */
export function spreadRulePlan(
  index: PhraseIndex,
  tokens: TokenizedText,
  sourceDocument: number,
  maxN: number,
  m: number,
  among: number,
): SpreadRulePlan | undefined {
  const ids = index.idsOf(tokens.keys);
  const facts = textFacts(index, tokens, ids, sourceDocument, maxN);
  if (facts === undefined || m < 1) return undefined;
  const ends = segmentEnds(tokens);
  const likely = candidateCovers(index, tokens, ids, facts, sourceDocument)
    .slice(0, among)
    .map(({ document }) => ({ document, lengths: matchLengths(ids, ends, index.documentTokens(document)!, maxN) }));
  const needed = documentsNeeded(m);
  let best: SpreadRulePlan | undefined;
  const held = new Int32Array(tokens.count);
  for (const chosen of choose(likely, m)) {
    // A tile of length L at i is held by `needed` of them when the needed-th longest match there is at least L.
    for (let i = 0; i < tokens.count; i++) held[i] = chosen.map(({ lengths }) => lengths[i]!).sort((a, b) => b - a)[needed - 1]!;
    const changed = fewestChangesForCover(facts, held, best?.tokens.length ?? Infinity);
    if (changed !== undefined) best = { tokens: changed, documents: chosen.map(({ document }) => document) };
  }
  return best;
}
