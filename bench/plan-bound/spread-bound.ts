/**
 * A lower bound on clean plans of the second kind (single-cover.ts): plans that keep no
 * one cover, so every two kept tiles share at least two documents besides the source and
 * every three share one. With the single-cover optimum it bounds every clean plan.
 *
 * Why it holds (k = 2, a source given, arity ≤ 3). Such a plan keeps at least three tiles
 * the source holds (with two, or one, it keeps a single cover). Let A be the one held by
 * the fewest documents besides the source, and H those documents, |H| ≥ 2. Every kept tile
 * T the source holds is then held by at least |H| documents besides the source, and by at
 * least two of H (T = A, or T shares two documents with A). Both hold for every phrase
 * shorter than T at its start too, so "the longest phrase at each token that is allowed"
 * is what single-cover.ts's dynamic program asks of a cover, and it gives the fewest
 * changes for H exactly. A is a phrase of the text, so H is the holder set of one of its
 * common phrases; the least over all of them is the bound. It leaves out that every three
 * kept tiles need a common document, so it is not always reached.
 */
import type { PhraseIndex } from '../../shared/linkage/phrase-index.js';
import type { TokenizedText } from '../../shared/tokenizer/tokenize.js';
import { fewestChangesForCover, textFacts, type TextFacts } from './single-cover.js';

/** The bound, and the case that gave it. */
export interface SpreadBound {
  /**
   * No clean plan of the second kind changes fewer tokens (`stopAt` when no case goes below
   * it; Infinity when no common phrase is held by two documents besides the source, so no
   * such plan exists).
   */
  readonly tokens: number;
  /** The documents of the rarest kept tile in the case that gave it (none: no case went below `stopAt`). */
  readonly rarest: readonly number[];
  /** Holder sets tried. */
  readonly cases: number;
}

/** A common phrase of the text that the source holds: its start, length and holders besides the source. */
interface SourcePhrase {
  readonly start: number;
  readonly length: number;
  readonly holders: Int32Array;
}

/** Every common phrase of the text the source holds (at most N tokens, within its segment). */
function sourcePhrases(index: PhraseIndex, ids: Int32Array, facts: TextFacts, sourceDocument: number): SourcePhrase[] {
  const walker = index.walker();
  const phrases: SourcePhrase[] = [];
  for (let start = 0; start < ids.length; start++) {
    const longest = Math.min(facts.common[start]!, facts.reach[start]!);
    if (longest === 0 || !walker.start(ids[start]!)) continue;
    for (let length = 1; length <= longest; length++) {
      if (length > 1 && !walker.extend(ids[start + length - 1]!)) break;
      phrases.push({ start, length, holders: walker.documents().filter((d) => d !== sourceDocument) });
    }
  }
  return phrases;
}

/**
 * The bound for a text, or undefined when the source is not a live document or N is
 * unbounded. Cases that cannot go below `stopAt` (the single-cover optimum, say) stop early.
 */
export function spreadLowerBound(index: PhraseIndex, tokens: TokenizedText, sourceDocument: number, maxN: number, stopAt = Infinity): SpreadBound | undefined {
  const ids = index.idsOf(tokens.keys);
  const facts = textFacts(index, tokens, ids, sourceDocument, maxN);
  if (facts === undefined) return undefined;
  const phrases = sourcePhrases(index, ids, facts, sourceDocument);
  const holderSets = new Map<string, Int32Array>();
  for (const { holders } of phrases) if (holders.length >= 2) holderSets.set(holders.join(','), holders);

  // Document numbers need not stop below documentCount (the memory index counts from 1).
  let largest = 0;
  for (const { holders } of phrases) for (const d of holders) largest = Math.max(largest, d);
  const inH = new Uint8Array(largest + 1);
  const held = new Int32Array(tokens.count);
  let best: SpreadBound = { tokens: stopAt, rarest: [], cases: 0 };
  let cases = 0;
  for (const h of holderSets.values()) {
    cases++;
    for (const d of h) inH[d] = 1;
    // Phrases come by start, then length: the longest allowed one at each start is the last before one that is not.
    held.fill(0);
    let blockedAt = -1;
    for (const { start, length, holders } of phrases) {
      if (start === blockedAt) continue;
      let shared = 0;
      if (holders.length >= h.length) for (let x = 0; x < holders.length && shared < 2; x++) shared += inH[holders[x]!]!;
      if (shared >= 2) held[start] = length;
      else blockedAt = start;
    }
    for (const d of h) inH[d] = 0;
    const changed = fewestChangesForCover(facts, held, best.tokens);
    if (changed !== undefined) best = { tokens: changed.length, rarest: [...h], cases: 0 };
  }
  return { ...best, cases };
}
