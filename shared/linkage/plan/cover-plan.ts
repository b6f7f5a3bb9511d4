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
 * Tried and measured on all 144 court judgments at arity ≤ 3 (mean edit ratio 0.26058),
 * so that nobody tries them again for the same reason:
 * - a weaker rule, closer to what detection can flag: a kept run needs no linkable N-gram,
 *   and only its combination candidates (the longest-first tiling of segment-analysis.ts)
 *   that the source holds must be held by the cover; the N-grams straddling two
 *   candidates need not be. Sound, but 0.26047: one word fewer on 7 judgments. The
 *   candidates, not the straddling N-grams, are what the cover lacks;
 * - counting a phrase held by at least 1,000 of the court's 3,260 documents safe without
 *   the cover (2026-12-04): the plan re-detected clean on 4 of the 144 judgments, and was
 *   smaller on none. Common phrases are what the linkable combinations are made of. The
 *   same with the best single cover and its tile rule (bench/plan-bound/single-cover.ts),
 *   letting through phrases of 300 to 2,000 documents (2026-12-05): no plan below that
 *   cover's size detected clean on any of the 60 judgments tried. Repairing it, each flagged
 *   combination withdrawing its let-through members, or its rarest member, or its
 *   commonest, came back to the cover's 56 words or more within three rounds on
 *   echr-001-119229, at every threshold;
 * - 200 covers instead of 40: 0.26051 (two judgments gain one or two words), at 7×
 *   the time;
 * - putting back single words of the plan and re-detecting: on 5 judgments, none of
 *   583 words could be kept, at 1.7–95 s a judgment;
 * - a different cover per segment (the cheapest of the 40 for each): 30 % fewer words
 *   on the first 40 judgments (mean 0.196 against 0.285), but then about one linkable
 *   combination per word planned, across segments kept for different covers. Repairing
 *   it by detect → hitting-set rounds, its own words forced, went the way of the rounds
 *   alone: each round exposed about as many new combinations as it broke. On all 19 of
 *   the first 20 judgments where the mix was smaller, the repair grew past the single
 *   cover's size or still linked after 8 rounds (the 4 traced grew past it within three).
 *   One document holding every kept phrase is what keeps combinations out.
 * - the same, one segment at a time, each swap kept only if the text re-detects clean:
 *   on the first 13 judgments, none of 271 cheaper segments (best saving first, at most
 *   30 a judgment) could be swapped in, and a judgment took up to 375 s. A segment kept
 *   for another cover pairs with the other segments' phrases into a linkage every time;
 * - any words of the same segment in place of a segment's planned ones, one fewer,
 *   re-detected (every subset, up to 4,000 checks a judgment): on the 15 judgments of
 *   under 260 words, one word fewer on one judgment (37 → 36) and none on the others,
 *   six of them searched exhaustively. The cover plan is about minimal segment by segment.
 * - letting through, beside the cover, phrases that at least T documents hold (T = 57, 120,
 *   200, 400), then re-detecting and forbidding what a greedy hitting set picks from each
 *   linkage found, until clean (2026-12-05): smaller on none of the first 27 judgments
 *   (145–1,493 words), at up to 226 s a judgment. On echr-001-119229, where a 53-word plan of
 *   that shape exists, the rounds broke about as much as they exposed (38 words and 52
 *   flagged spans, then 45 and 47, 48 and 41, 52 and 32, 54 and 32) and every T ended at the
 *   cover's 56. Letting one such phrase through at a time, kept when the text re-detects
 *   clean, kept none: each alone made something link. The 53-word plan differs from the
 *   cover's in 12 of the 44 segments, words dropped in some and added in others.
 * - the same with the exact check instead of detection, and the repair forbidding only
 *   let-through phrases (2026-12-06): the best single cover's dynamic program, phrases held by
 *   at least T other documents let through, then one at a time forbidden, the one in the most
 *   pairs and triples of kept tiles that share no document besides the source. On
 *   echr-001-119229 every T from 40 to 1,000 climbed back to the cover's 56 words (at T = 56,
 *   from 38 words, in 84 rounds); asking also that the cover's own tiles be held by at least
 *   m documents changed nothing for m ≤ 56, since they all are. The 53-word plan keeps fewer
 *   of the cover's tiles, not only fewer let-through phrases, and this repair never drops one.
 * - a rule over a few witness documents W instead of one cover (2026-12-05, by reading the
 *   53-word plan, not by planning): a kept tile is allowed when the documents of W that hold
 *   it include a set from a fixed family every three of which meet. That is exact by the
 *   same dynamic program and would reach the 53 words only if some small W witnessed every
 *   triple of that plan's 82 tiles. It does not: over the 37,820 triples of their 60
 *   distinct holder sets (repeats included), a greedy hitting set needs 34 documents, and
 *   its first five leave 1,483 without a witness. The
 *   let-through phrases are common enough that each triple has some holder, a different
 *   one from triple to triple; the rule was not built.
 * - a search among plans of the other kind, every pair and triple of kept tiles checked
 *   exactly from their holder sets, without detection (2026-12-06). Start from the dynamic
 *   program with only tiles that at least m documents hold (m = 80, 40), forbid by greedy
 *   hitting set a quarter of the tiles of the triples that share no document, and solve
 *   again until none is left; then re-solve one segment at a time against the others'
 *   tiles, and "kick": forbid one of the rarest kept tiles and re-solve. On 18 judgments of
 *   145–432 words where the spread bound is below the best single cover, only
 *   echr-001-119229 got smaller (56 → 55, then 54 with kicks; both detected clean; the exact
 *   study found 53). Elsewhere the plans of the other kind came out 1–18 % larger than the
 *   best single cover, or none was found within 25 % of it, at 1–30 s a judgment. The checker agrees with detection: it finds no triple
 *   without a holder in the 53-word plan. The tiles of the single-cover plans were not rare
 *   there either (each held by 54 documents or more), so the rule is not what keeps them.
 * - a local search from the best single-cover plan (2026-12-06): put back any two planned
 *   words, and plan instead one word that breaks everything the check then flags,
 *   re-detected. On echr-001-119229, from its 56 words: none of the 1,540 pairs (1,627
 *   detections, 42 s). The 53-word plan is no neighbour of the 56-word one.
 * - an integer program exact to detection rather than to issue 9's model (2026-12-06, not
 *   kept): a 0–1 variable per kept run a segment allows (no linkable N-gram in it), the
 *   segment's runs chained as a path, a variable per tile the source holds, at most one of
 *   two tiles that share no document besides the source, and the triples that share none
 *   added from each solution. Its optimum bounds every clean plan from below. On
 *   echr-001-119229 (1,306 run and change variables, 651 tiles, 32,015 pairs), HiGHS took a
 *   minute or more per solve, and the bound rose 41, 44, 46, 47, 49, 50 in 551 s, still
 *   below the 53-word plan found. With two shared documents asked of every pair (plans of
 *   the other kind only, single-cover.ts), 45 and 47 in 240 s. Far from the planner's time.
 * - the same integer program with the best single cover fixed (2026-12-06, not kept): runs
 *   may keep only tiles the cover holds or tiles at least 50 other documents hold; pairs
 *   sharing no document forbidden, triples added from each solution. On echr-001-119229 the
 *   bound rose 41, 46, 49, 50, 51, 52 and stayed at 52 for 300 s without an optimum (the
 *   exact study had found 53). Of the first 14 judgments of up to 700 words, 60 s each, the
 *   7 solved (145–443 words) came out at the single cover's size, and the other 7 (230–620
 *   words) hit the limit. Fixing the cover does not make the search small enough.
 *
 * How far from the best plan of its kind (2026-12-05): bench/plan-bound/single-cover.ts
 * finds the fewest words any single-cover plan can change, exactly, over every document as
 * the cover, and says why every clean plan at arity ≤ 3 with k = 2 and a source either
 * keeps one cover or spreads its phrases over documents. Its best plans average 0.26034
 * against these 0.26058 (smaller on 10 of 144 judgments), at about 0.4 s a judgment more.
 * bench/plan-bound/spread-bound.ts bounds the other kind from below: on 25 of the 144
 * judgments no clean plan of any kind is smaller than the best single cover, and on 23 of
 * them this plan is that small. Plans of the other kind can be smaller, though: on
 * echr-001-119229 the exact study found one of 53 words against this plan's 58 and the best
 * single cover's 56 (EVALUATION.md), the one place to look for a planner that beats 0.26.
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
