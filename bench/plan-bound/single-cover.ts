/**
 * The single-cover optimum: the fewest words that any plan keeping one cover can change,
 * exact over every document of the collection. It measures how far the planner's cover
 * plan (shared/linkage/plan/cover-plan.ts) is from the best plan of its kind, and so how
 * far issue 9's arity ≤ 3 target can be reached by that kind of plan.
 *
 * Why single covers matter (k = 2, a source given, arity ≤ 3). Call a phrase of the
 * redacted text a tile when detection makes it a combination candidate (the longest-first
 * tiling of its common phrases, segment-analysis.ts) and the source holds it. Suppose two
 * kept tiles P and Q have one document C besides the source in common. A third kept tile R
 * that C lacks is held, with P and Q, by the source alone, so {P, Q, R} or one of its
 * pairs links. So every clean plan either keeps all its tiles in one document C (a single
 * cover), or keeps tiles every two of which share at least two documents besides the
 * source. test/bench/plan-bound/single-cover.test.ts checks this on random collections
 * against the brute-force reference.
 *
 * Given C, the plan is clean exactly when each kept run (the kept tokens between two
 * changed ones, within a segment) holds no linkable N-gram, and C holds every tile of the
 * run. Both depend on the run alone, so the fewest changes for C is a dynamic program over
 * where the runs end. The planner asks more (every N-gram of a run in C, not only its
 * tiles) of 40 likely covers, which is fast enough for the review app; this asks only what
 * is needed, of every document that could be a cover, in about 0.4 s a court judgment.
 */
import type { PhraseIndex } from '../../shared/linkage/phrase-index.js';
import { matchLengths, segmentEnds } from '../../shared/linkage/plan/cover-plan.js';
import { selectCandidates } from '../../shared/linkage/segment-analysis.js';
import type { TokenizedText } from '../../shared/tokenizer/tokenize.js';

/** What the program needs to know of the text: per token, as long as maxN and its segment allow. */
export interface TextFacts {
  readonly segmentStarts: Int32Array;
  readonly maxN: number;
  /** Length of the longest phrase starting at each token that two documents hold (0: none). */
  readonly common: Int32Array;
  /** Length of the longest phrase starting at each token that the source holds. */
  readonly reach: Int32Array;
}

/** The best single-cover plan. */
export interface SingleCoverOptimum {
  /** Tokens to change, ascending. */
  readonly tokens: number[];
  /** Document number of the cover; -1 when no other document holds a word of the text. */
  readonly cover: number;
  /** Covers whose program ran (the others could not beat the best by their lower bound). */
  readonly coversSearched: number;
}

/** True when the text's phrase at `i`, one token past its common length, links and lies before `end`. */
function linksBefore(facts: TextFacts, i: number, end: number): boolean {
  const common = facts.common[i]!;
  return common < facts.maxN && i + common < end && facts.reach[i]! > common;
}

/**
 * True when the kept run [a, b) holds no linkable N-gram and every tile of it that the
 * source holds is held by the cover (`held`: the longest phrase at each token it holds).
 */
export function keptRunAllowed(facts: TextFacts, a: number, b: number, held: Int32Array): boolean {
  for (let i = a; i < b; i++) if (linksBefore(facts, i, b)) return false;
  // Tiles end with the run (the placeholder after it ends its segment): selectCandidates keeps them within b − a.
  for (const tile of selectCandidates(facts.common.subarray(a, b), b - a)) {
    const start = a + tile.tokenStart;
    if (facts.reach[start]! >= tile.tokenLength && held[start]! < tile.tokenLength) return false;
  }
  return true;
}

/**
 * The fewest tokens to change so that every kept run is allowed for the cover, or
 * undefined once that reaches `stopAt` (a better cover is already known).
 */
export function fewestChangesForCover(facts: TextFacts, held: Int32Array, stopAt = Infinity): number[] | undefined {
  const changed: number[] = [];
  for (let s = 0; s + 1 < facts.segmentStarts.length; s++) {
    const first = facts.segmentStarts[s]!;
    const length = facts.segmentStarts[s + 1]! - first;
    // afterChange[j]: fewest changes in the segment's first j tokens, token j − 1 changed (or j = 0).
    // best[j]: the same with token j − 1 kept or changed; keptFrom[j]: where its kept run starts (-1: changed).
    const afterChange = new Float64Array(length + 1).fill(Infinity);
    const best = new Float64Array(length + 1).fill(Infinity);
    const keptFrom = new Int32Array(length + 1).fill(-1);
    afterChange[0] = 0;
    best[0] = 0;
    for (let j = 1; j <= length; j++) {
      afterChange[j] = best[j - 1]! + 1;
      best[j] = afterChange[j]!;
      for (let a = j - 1; a >= 0; a--) {
        // A linkable phrase at a inside [a, j) is inside every longer run ending at j.
        if (linksBefore(facts, first + a, first + j)) break;
        if (afterChange[a]! < best[j]! && keptRunAllowed(facts, first + a, first + j, held)) {
          best[j] = afterChange[a]!;
          keptFrom[j] = a;
        }
      }
    }
    const segmentChanged: number[] = [];
    for (let j = length; j > 0;) {
      if (keptFrom[j] !== -1) j = keptFrom[j]!;
      // j = 0 after a kept run means the run started the segment.
      if (j > 0) segmentChanged.push(first + --j);
    }
    changed.push(...segmentChanged.reverse());
    if (changed.length >= stopAt) return undefined;
  }
  return changed;
}

/** The text's facts against the index (k = 2); undefined when the source is not a live document or N is unbounded (0). */
export function textFacts(index: PhraseIndex, tokens: TokenizedText, ids: Int32Array, sourceDocument: number, maxN: number): TextFacts | undefined {
  const source = index.documentTokens(sourceDocument);
  if (source === undefined || maxN <= 0) return undefined;
  const ends = segmentEnds(tokens);
  const common = new Int32Array(tokens.count);
  const walker = index.walker();
  for (let i = 0; i < tokens.count; i++) {
    const limit = Math.min(maxN, ends[i]! - i);
    let length = 0;
    if (walker.start(ids[i]!) && walker.countDocuments(2) >= 2)
      for (length = 1; length < limit && walker.extend(ids[i + length]!) && walker.countDocuments(2) >= 2;) length++;
    common[i] = length;
  }
  return { segmentStarts: tokens.segmentStarts, maxN, common, reach: matchLengths(ids, ends, source, maxN) };
}

/**
 * Tokens every plan must change when the cover lacks their word: the source holds the word
 * and every tile that could contain it, so kept, it would be in a tile the cover must hold
 * (a linkable word is in no tile, and must change anyway).
 */
function wordBound(facts: TextFacts, ends: Int32Array): Uint8Array {
  const bound = new Uint8Array(facts.reach.length);
  for (let i = 0; i < bound.length; i++) {
    if (facts.reach[i]! < 1) continue;
    let tilesHeld = true;
    for (let s = Math.max(0, i - facts.maxN + 1); s <= i && tilesHeld; s++) {
      if (ends[s] === ends[i] && s + facts.common[s]! > i && facts.reach[s]! < facts.common[s]!) tilesHeld = false;
    }
    bound[i] = tilesHeld ? 1 : 0;
  }
  return bound;
}

/** A document that could be the cover, and the fewest words a plan keeping it can change, by its words alone. */
export interface CandidateCover {
  readonly document: number;
  readonly lower: number;
}

/**
 * Every document besides the source that holds a word of the text, fewest words bound to
 * change first (a document holding no word of the text allows no more than any other).
 */
export function candidateCovers(index: PhraseIndex, tokens: TokenizedText, ids: Int32Array, facts: TextFacts, sourceDocument: number): CandidateCover[] {
  const bound = wordBound(facts, segmentEnds(tokens));
  const bounded = bound.reduce((sum, b) => sum + b, 0);
  // How many bounded tokens each document holds the word of.
  const holds = new Map<number, number>();
  const postings = new Map<number, Int32Array>();
  const walker = index.walker();
  for (let i = 0; i < tokens.count; i++) {
    let documents = postings.get(ids[i]!);
    if (documents === undefined) postings.set(ids[i]!, (documents = walker.start(ids[i]!) ? walker.documents() : new Int32Array(0)));
    for (const document of documents) if (document !== sourceDocument) holds.set(document, (holds.get(document) ?? 0) + bound[i]!);
  }
  return [...holds.entries()].map(([document, held]) => ({ document, lower: bounded - held })).sort((x, y) => x.lower - y.lower || x.document - y.document);
}

/**
 * The best single-cover plan for a text (see the module comment), or undefined when the
 * source is not a live document or N is unbounded. Covers are tried by their lower bound,
 * fewest first, until that bound reaches the best plan.
 */
export function singleCoverOptimum(index: PhraseIndex, tokens: TokenizedText, sourceDocument: number, maxN: number): SingleCoverOptimum | undefined {
  const ids = index.idsOf(tokens.keys);
  const facts = textFacts(index, tokens, ids, sourceDocument, maxN);
  if (facts === undefined) return undefined;
  const ends = segmentEnds(tokens);
  const covers = candidateCovers(index, tokens, ids, facts, sourceDocument);
  if (covers.length === 0) {
    const tokensChanged = fewestChangesForCover(facts, new Int32Array(tokens.count))!;
    return { tokens: tokensChanged, cover: -1, coversSearched: 1 };
  }
  let best: { tokens: number[]; cover: number } | undefined;
  let searched = 0;
  for (const { document, lower } of covers) {
    if (best !== undefined && lower >= best.tokens.length) break;
    const held = matchLengths(ids, ends, index.documentTokens(document)!, maxN);
    searched++;
    const changed = fewestChangesForCover(facts, held, best?.tokens.length ?? Infinity);
    if (changed !== undefined) best = { tokens: changed, cover: document };
  }
  return { ...best!, coversSearched: searched };
}
