/**
 * The cover plan: an upper bound on the edit plan that needs no constraint search.
 *
 * Pick a few documents C of the collection other than the source, |C| = k − 1 when a
 * source is given (k when none is). Keep only words whose every N-gram (N ≤ max N) in the
 * kept text either occurs in every document of C or cannot link at all (it is absent from
 * the source, or from the whole collection when there is no source). Then nothing links,
 * at any arity:
 * - an N-gram held by C and the source has df ≥ k; one the source lacks never counts;
 * - every combination of kept N-grams the source holds is held by all of C too, so its
 *   members share at least k documents.
 *
 * The fewest words to change under that rule is exact by dynamic programming over runs
 * of kept words. On court judgments whose combinations keep the greedy fixpoint growing
 * (see edit-plan.ts) it changes about half as many words, with one detection instead of
 * twenty; where the greedy plan settles, the two are about the same size. The caller
 * still re-detects the applied plan: the argument above is the reason it comes out clean,
 * not a substitute for checking.
 *
 * Every search tried to make it smaller, each with what it measured on the 144 court
 * judgments at arity ≤ 3 (mean edit ratio 0.26058 against issue 9's 0.26), and how far it
 * is from the best plan of its kind: docs/evaluation/plan-bound/cover-plan-attempts.md.
 * Read it before trying another.
 */
import type { TokenizedText } from '../../tokenizer/tokenize.js';
import type { PhraseIndex } from '../phrase-index.js';

export interface CoverQuery {
  readonly k: number;
  /** Longest N-gram; 0 (unbounded) has no cover plan. */
  readonly maxN: number;
  /** Document number of the source, or -1. */
  readonly sourceDocument: number;
  /** Tokens the clerk keeps. */
  readonly forbidden: ReadonlySet<number>;
}

/** Tokens first to last, both included. */
export interface TokenRange {
  readonly first: number;
  readonly last: number;
}

export interface CoverPlan {
  /** Tokens to change, ascending. */
  readonly tokens: number[];
  /** Document numbers of the cover C. */
  readonly cover: number[];
  /**
   * Phrases of kept words that link by themselves, as token ranges (first and last token):
   * no plan can break them, and the plan leaves them, and the phrases that hold them, alone.
   */
  readonly linkingAlone: TokenRange[];
}

/** Covers are ranked by the phrases of this length (shorter at a segment's end) they share with the text. */
const RANKING_PHRASE_LENGTH = 2;
/** Phrases held by this many documents or more say little about which document is closest. */
const RANKING_DOCUMENT_CAP = 200;
/**
 * Covers tried: each top-ranked document in turn, completed by the best of the others.
 * On the 143 court judgments at arity ≤ 3: mean edit ratio 0.260 with 40 ranked by
 * bigrams, 0.266 with 5 ranked by trigrams; the cover plan then takes a median 31 ms
 * (p95 165 ms) against 8 ms. The choice of cover matters little beyond the first few.
 */
const COVERS_TRIED = 40;

/** Segment end (exclusive) of every token. */
export function segmentEnds(tokens: TokenizedText): Int32Array {
  const ends = new Int32Array(tokens.count);
  for (let s = 0; s + 1 < tokens.segmentStarts.length; s++) ends.fill(tokens.segmentStarts[s + 1]!, tokens.segmentStarts[s]!, tokens.segmentStarts[s + 1]!);
  return ends;
}

/**
 * The phrases of kept words (within one run of them) that link by themselves: held by the
 * source, or by some document when there is none, and by fewer than k documents. No plan
 * can break them. Every longer phrase that holds one is held by as few documents, so it is
 * no linkage of its own (that phrase is the minimal one) and no member of a combination
 * (members are phrases that do not link alone): the plan need not weigh it.
 */
function keptLinkingAlone(index: PhraseIndex, ids: Int32Array, ends: Int32Array, query: CoverQuery): TokenRange[] {
  const walker = index.walker();
  const found: TokenRange[] = [];
  for (const first of [...query.forbidden].sort((a, b) => a - b)) {
    if (first >= ids.length) continue;
    for (let last = first; last < ends[first]! && last - first < query.maxN && query.forbidden.has(last); last++) {
      if (!(last === first ? walker.start(ids[first]!) : walker.extend(ids[last]!))) break;
      const count = walker.countDocuments(query.k);
      if (count >= query.k) continue;
      if (query.sourceDocument < 0 || walker.documents().includes(query.sourceDocument)) found.push({ first, last });
      break;
    }
  }
  return found;
}

/**
 * For each token, how long a phrase starting there must be to hold one of `phrases`
 * (Infinity: none within its segment): phrases that long need no cover.
 */
function lengthsToHold(phrases: readonly TokenRange[], ends: Int32Array, maxN: number): Float64Array {
  const lengths = new Float64Array(ends.length).fill(Infinity);
  for (const { first, last } of phrases) {
    for (let i = first; i >= 0 && ends[i] === ends[first] && last - i < maxN; i--) lengths[i] = Math.min(lengths[i]!, last - i + 1);
  }
  return lengths;
}

/** Documents other than the source, by how many of the text's rarer phrases they hold. */
function rankDocuments(index: PhraseIndex, ids: Int32Array, ends: Int32Array, sourceDocument: number): number[] {
  const walker = index.walker();
  const shared = new Map<number, number>();
  const n = RANKING_PHRASE_LENGTH;
  for (let i = 0; i < ids.length; i++) {
    const length = Math.min(n, ends[i]! - i);
    let found = walker.start(ids[i]!);
    for (let j = 1; j < length && found; j++) found = walker.extend(ids[i + j]!);
    if (!found || walker.countDocuments(RANKING_DOCUMENT_CAP) >= RANKING_DOCUMENT_CAP) continue;
    for (const document of walker.documents()) if (document !== sourceDocument) shared.set(document, (shared.get(document) ?? 0) + 1);
  }
  return [...shared.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([document]) => document);
}

/**
 * For each token i of the text, the longest L ≤ maxN (within its segment) such that the
 * text's tokens [i, i + L) occur contiguously in `document` (token ids, 0 after every
 * segment, as PhraseIndex.documentTokens gives them).
 */
export function matchLengths(ids: Int32Array, ends: Int32Array, document: Uint32Array, maxN: number): Int32Array {
  const positions = new Map<number, number[]>();
  for (let p = 0; p < document.length; p++) {
    const id = document[p]!;
    if (id === 0) continue;
    let list = positions.get(id);
    if (list === undefined) positions.set(id, (list = []));
    list.push(p);
  }
  const lengths = new Int32Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const starts = positions.get(ids[i]!);
    if (starts === undefined) continue;
    const limit = Math.min(maxN, ends[i]! - i);
    let best = 1;
    for (const p of starts) {
      let length = 1;
      while (length < limit && p + length < document.length && document[p + length] === ids[i + length]) length++;
      if (length > best) best = length;
      if (best === limit) break;
    }
    lengths[i] = best;
  }
  return lengths;
}

/**
 * For each token i, how long a kept run starting at i may run on: every N-gram starting
 * at i is safe up to this length (Infinity: at every length, since past `held` the phrase
 * is absent from the source, or from the collection, and so is every longer one).
 */
function safeLengths(cover: readonly Int32Array[], reach: Int32Array, holding: Float64Array, maxN: number): Float64Array {
  const safe = new Float64Array(reach.length);
  for (let i = 0; i < reach.length; i++) {
    let held = maxN;
    for (const lengths of cover) held = Math.min(held, lengths[i]!);
    // Longer phrases are absent from the source, or hold a kept phrase that links alone.
    safe[i] = Math.min(reach[i]!, holding[i]! - 1) <= held ? Infinity : held;
  }
  return safe;
}

/**
 * The fewest tokens to change so that every kept run [a, b) satisfies
 * safe[i] ≥ min(maxN, b − i) for each i in it. Undefined when the kept tokens make it
 * impossible.
 */
function cheapestRuns(safe: Float64Array, segmentStarts: Int32Array, maxN: number, forbidden: ReadonlySet<number>): number[] | undefined {
  const count = safe.length;
  const segmentOf = new Int32Array(count);
  const isSegmentStart = new Uint8Array(count + 1);
  for (let s = 0; s + 1 < segmentStarts.length; s++) {
    segmentOf.fill(segmentStarts[s]!, segmentStarts[s]!, segmentStarts[s + 1]!);
    isSegmentStart[segmentStarts[s]!] = 1;
  }
  // best[j]: fewest changes among tokens [0, j) such that a kept run may start at j
  // (j starts a segment, or token j − 1 is changed); `from` and `changed` rebuild it.
  const best = new Float64Array(count + 1).fill(Infinity);
  const from = new Int32Array(count + 1);
  const changed = new Uint8Array(count + 1);
  best[0] = 0;
  for (let b = 0; b <= count; b++) {
    // Kept runs [a, b) may start anywhere in [lowest, b): they lie in the segment of token b − 1.
    let lowest = b;
    if (b > 0) for (let i = b - 1; i >= segmentOf[b - 1]! && safe[i]! >= Math.min(maxN, b - i); i--) lowest = i;
    const endsSegment = b === count || isSegmentStart[b] === 1;
    if (b > 0 && endsSegment) {
      for (let a = lowest; a < b; a++) {
        if (best[a]! < best[b]!) {
          best[b] = best[a]!;
          from[b] = a;
          changed[b] = 0;
        }
      }
    }
    if (b === count || forbidden.has(b)) continue;
    // Change token b, after a kept run [a, b) of its own segment (empty when a = b).
    for (let a = endsSegment ? b : lowest; a <= b; a++) {
      if (best[a]! + 1 < best[b + 1]!) {
        best[b + 1] = best[a]! + 1;
        from[b + 1] = a;
        changed[b + 1] = 1;
      }
    }
  }
  if (!Number.isFinite(best[count]!)) return undefined;
  const tokens: number[] = [];
  for (let j = count; j > 0; j = from[j]!) if (changed[j] === 1) tokens.push(j - 1);
  return tokens.reverse();
}

/**
 * The documents that hold every phrase the clerk keeps, as far as the source holds it: a
 * cover must, since kept words stay, and the plan can at best change the words around
 * them. Undefined when no kept phrase asks anything of the cover.
 *
 * Why: the covers tried are those that share the most of the text's rarer phrases, and a
 * planned word is planned because the cover lacks it. Kept, it often left none of the 40
 * able to keep it, and the plan fell back to the detection rounds (see coverPlan).
 */
function holdersOfKept(
  index: PhraseIndex,
  ids: Int32Array,
  ends: Int32Array,
  reach: Int32Array,
  holding: Float64Array,
  query: CoverQuery,
): Set<number> | undefined {
  if (query.forbidden.size === 0) return undefined;
  const walker = index.walker();
  let holders: Set<number> | undefined;
  const kept = [...query.forbidden].filter((t) => t < ids.length).sort((a, b) => a - b);
  for (let r = 0; r < kept.length;) {
    // A run of kept words within one segment: its N-grams of up to maxN words.
    let end = r + 1;
    while (end < kept.length && kept[end] === kept[end - 1]! + 1 && kept[end]! < ends[kept[r]!]!) end++;
    const last = kept[end - 1]!;
    // Kept alone, the run needs what safeLengths asks at each of its words: the cover holds
    // the phrase from there to the run's end (up to maxN words), or all of it that the
    // source holds, or all of it short of a kept phrase that links alone.
    for (let i = kept[r]!; i <= last; i++) {
      const length = Math.min(query.maxN, last + 1 - i, reach[i]!, holding[i]! - 1);
      if (length === 0) continue;
      let found = walker.start(ids[i]!);
      for (let j = 1; j < length && found; j++) found = walker.extend(ids[i + j]!);
      const documents = found ? walker.documents() : new Int32Array(0);
      const next = new Set<number>();
      for (const d of documents) if (d !== query.sourceDocument && (holders === undefined || holders.has(d))) next.add(d);
      holders = next;
    }
    r = end;
  }
  // Undefined also when every kept phrase needs no cover (it links alone).
  return holders;
}

/**
 * The cheapest cover plan over a few likely covers, or undefined when there is none.
 *
 * With words kept, the covers tried are those that hold them (holdersOfKept), and kept
 * phrases that link alone need no cover (keptLinkingAlone). Before both, keeping one word
 * often left no cover, and the plan fell back to the detection rounds: keeping the middle
 * planned run of each of the first 25 court judgments at arity ≤ 3 (source given) made 9
 * plans 1.6 to 5 times larger, 6,381 words in all after the keep against 4,662 before it.
 * Now 5,217, and no plan larger than before (bench/plan-latency.ts times these re-plans).
 */
export function coverPlan(index: PhraseIndex, tokens: TokenizedText, ids: Int32Array, query: CoverQuery): CoverPlan | undefined {
  if (query.maxN <= 0 || tokens.count === 0) return undefined;
  const coverSize = query.sourceDocument >= 0 ? query.k - 1 : query.k;
  const ends = segmentEnds(tokens);
  // Kept words whose phrase links by itself go on linking whatever the plan: the plan is
  // made for the rest of the text, and no cover needs to hold them. Before, none could,
  // and the plan fell back to the detection rounds: keeping the middle planned run of
  // echr-001-138892 at arity ≤ 3 ("avail herself", held by its source alone) made its 68
  // words 254.
  const linkingAlone = query.forbidden.size === 0 ? [] : keptLinkingAlone(index, ids, ends, query);
  const holding = lengthsToHold(linkingAlone, ends, query.maxN);
  const ranked = rankDocuments(index, ids, ends, query.sourceDocument);
  const shared = new Set(ranked);
  // How far each phrase can link at all: held by the source (or by any document).
  const reach = new Int32Array(tokens.count);
  if (query.sourceDocument >= 0) {
    const source = index.documentTokens(query.sourceDocument);
    if (source === undefined) return undefined;
    reach.set(matchLengths(ids, ends, source, query.maxN));
  } else {
    const walker = index.walker();
    for (let i = 0; i < tokens.count; i++) {
      let length = 0;
      const limit = Math.min(query.maxN, ends[i]! - i);
      // Removed documents stay in the shards until compaction: only live ones count.
      const live = (): boolean => walker.countDocuments(1) > 0;
      if (walker.start(ids[i]!) && live()) for (length = 1; length < limit && walker.extend(ids[i + length]!) && live();) length++;
      reach[i] = length;
    }
  }
  const lengthsOf = new Map<number, Int32Array>();
  const lengths = (document: number): Int32Array | undefined => {
    let found = lengthsOf.get(document);
    if (found === undefined) {
      const documentTokens = index.documentTokens(document);
      if (documentTokens === undefined) return undefined;
      lengthsOf.set(document, (found = matchLengths(ids, ends, documentTokens, query.maxN)));
    }
    return found;
  };
  // Only documents that hold the kept words can cover them: the others are not tried.
  const holders = holdersOfKept(index, ids, ends, reach, holding, query);
  const candidates = holders === undefined ? ranked : [...ranked.filter((d) => holders.has(d)), ...[...holders].filter((d) => !shared.has(d))];
  if (candidates.length < coverSize) return undefined;
  let best: CoverPlan | undefined;
  for (let seed = 0; seed < Math.min(COVERS_TRIED, candidates.length); seed++) {
    const cover = [candidates[seed]!, ...candidates.filter((_, r) => r !== seed).slice(0, coverSize - 1)];
    const coverLengths = cover.map(lengths);
    if (coverLengths.some((l) => l === undefined)) continue;
    const safe = safeLengths(coverLengths as Int32Array[], reach, holding, query.maxN);
    const planned = cheapestRuns(safe, tokens.segmentStarts, query.maxN, query.forbidden);
    if (planned !== undefined && (best === undefined || planned.length < best.tokens.length)) best = { tokens: planned, cover, linkingAlone };
  }
  return best;
}
