/**
 * Linkable combinations of common N-grams (the paper's §3.2.2, arity 2–3).
 *
 * A combination of candidates links when 1 ≤ |∩ postings| < k and no smaller
 * combination inside it links. The span to rephrase is its shortest member (in tokens,
 * leftmost on ties). Enumerating every combination is cubic (one judgment has 6.9M
 * minimal triples), so `findCombinationSpans` asks, per candidate in rank order, only
 * whether one witness exists, and stops at the first.
 *
 * Postings are bitsets over the documents the candidates touch (candidate-sets.ts). For
 * triples with shortest member x, documents outside P(x) cannot matter, so the partners'
 * sets are projected onto P(x), usually a handful of bits, often one machine word
 * (combination-triples.ts).
 */
import { throwIfAborted, type AbortLike } from '../errors.js';
import { runToEnd } from '../steps.js';
import { CandidateSets, usableCandidates, type CombinationCandidate } from './candidate-sets.js';
import { MEMO_CAPACITY, type CombinationMemo } from './combination-memo.js';
import { documentsWithin, documentsWithout, findTriples, Projection } from './combination-triples.js';
import { LaterIntersections } from './later-intersections.js';
import { RankedKeys } from './ranked-keys.js';

export type { CombinationCandidate } from './candidate-sets.js';

/** A candidate flagged for rephrasing, with one minimal linkable combination as witness. */
export interface FlaggedCandidate {
  /** Index into the candidate list. */
  readonly candidate: number;
  /** Indices of all members of the witness, the flagged one included, by token start. */
  readonly members: number[];
  /** Documents holding every member. */
  readonly documents: Int32Array;
  /** More witnesses (members and documents), when the query asked for more than one. */
  readonly others?: readonly { readonly members: number[]; readonly documents: Int32Array }[];
}

/** Search parameters. */
export interface CombinationQuery {
  readonly k: number;
  readonly arity: 2 | 3;
  /** Document number of the source, or -1: with a source, only combinations it holds count. */
  readonly sourceDocument: number;
  /** Checked between candidates; the search throws an AbortError when it fires. */
  readonly signal?: AbortLike | undefined;
  /** Results of earlier searches on the same collection and settings (every candidate needs a key). */
  readonly memo?: CombinationMemo | undefined;
  /** Witnesses to find per flagged candidate (default 1: the search stops at the first). */
  readonly witnesses?: number | undefined;
  /**
   * After the search, the memo keeps only entries of this search's candidates. Each entry
   * holds its search's map of every candidate's rank, so the entries of phrases edited away
   * would keep one map per search alive: on a long text edited keystroke by keystroke, about
   * a megabyte a check. For the review app's memo of one document; the plan's rounds keep
   * theirs whole (a phrase a round takes out seldom comes back).
   */
  readonly forgetOthers?: boolean | undefined;
  /** Told before each candidate how many are searched (the review shows a long search's progress). */
  readonly onProgress?: ((searched: number, total: number) => void) | undefined;
}

function rankOrder(candidates: readonly CombinationCandidate[]): number[] {
  return candidates
    .map((_, i) => i)
    .sort((a, b) => candidates[a]!.tokenLength - candidates[b]!.tokenLength || candidates[a]!.tokenStart - candidates[b]!.tokenStart);
}

/**
 * Finds every candidate that is the shortest member of some minimal linkable
 * combination, with one witness each. Candidates a source document does not hold are
 * left out when a source is given, since no combination holding them can count.
 */
export function findCombinationSpans(candidates: readonly CombinationCandidate[], query: CombinationQuery): FlaggedCandidate[] {
  return runToEnd(combinationSearch(candidates, query));
}

/**
 * The search as steps: it yields after each candidate, so a caller can interleave other
 * work (a fresh single-N-gram check after an edit) with a long combination search.
 */
export function* combinationSearch(candidates: readonly CombinationCandidate[], query: CombinationQuery): Generator<void, FlaggedCandidate[]> {
  const kept = usableCandidates(candidates, query.sourceDocument);
  const subset = kept.map((i) => candidates[i]!);
  const sets = new CandidateSets(subset, query.k);
  const ranked = rankOrder(subset);
  const flagged: FlaggedCandidate[] = [];
  const keys = query.memo !== undefined && subset.every((c) => c.key !== undefined) ? subset.map((c) => c.key!) : undefined;
  if (query.memo !== undefined && query.memo.size > MEMO_CAPACITY) query.memo.clear();
  // Ranked after x ⟺ the key's last rank is above x's: one map per search, not a set per x.
  const lastRank = new Map<string, number>();
  if (keys !== undefined) ranked.forEach((candidate, position) => lastRank.set(keys[candidate]!, position));

  const wanted = Math.max(1, query.witnesses ?? 1);
  // The candidates ranked after x are a view of this, never a copy (detection's hot loop).
  const rankedIds = Int32Array.from(ranked);
  const sharedByLater = new LaterIntersections(sets, rankedIds);
  const rankedKeys = keys === undefined ? undefined : new RankedKeys(rankedIds, keys);
  for (let position = 0; position < ranked.length; position++) {
    yield;
    throwIfAborted(query.signal);
    query.onProgress?.(position, ranked.length);
    const x = ranked[position]!;
    if (sets.countWithin(x, sharedByLater.rows, sharedByLater.rowAt(position + 1)) >= query.k) {
      // Every combination of x with later candidates keeps k documents: x has no witness.
      if (keys !== undefined) query.memo!.set(keys[x]!, { lastRank, rank: position, witnesses: [], complete: true });
      continue;
    }
    const later = rankedIds.subarray(position + 1);
    const known = keys === undefined ? undefined : query.memo!.get(keys[x]!);
    const found = new Witnesses(x, wanted);
    let complete: boolean;
    if (keys === undefined || known === undefined) complete = searchWitnesses(sets, x, later, query, found);
    else {
      // Witnesses found before whose members are all still there still hold.
      for (const members of known.witnesses) {
        const again = reuseWitness(sets, x, position, rankedKeys!, members);
        // Two witnesses with the same keys (a phrase repeated in the text) are found again as one.
        if (again === undefined || found.has(again.members)) continue;
        if (found.add(again.members, () => again.documents)) break;
      }
      if (known.complete && !found.full) {
        // That search found every witness there was: only combinations with a partner new since then can add one.
        const fresh = rankedKeys!.freshAfter(position, known.lastRank, known.rank);
        complete = fresh.length === 0 || (yield* searchWitnessesWith(sets, x, later, fresh, query, found));
      } else if (found.found.length > 0) complete = false;
      else complete = searchWitnesses(sets, x, later, query, found);
    }
    const witness = found.result();
    if (keys !== undefined) {
      query.memo!.set(keys[x]!, {
        lastRank,
        rank: position,
        witnesses: found.found.map((w) => w.members.filter((m) => m !== x).map((m) => keys[m]!)),
        complete: complete && !found.full,
      });
    }
    if (witness !== undefined) flagged.push(witness);
  }
  query.onProgress?.(ranked.length, ranked.length);
  if (query.forgetOthers === true && keys !== undefined) {
    const present = new Set(keys);
    for (const key of query.memo!.keys()) if (!present.has(key)) query.memo!.delete(key);
  }
  const original = (members: readonly number[]): number[] => members.map((m) => kept[m]!).sort((a, b) => candidates[a]!.tokenStart - candidates[b]!.tokenStart);
  return flagged.map((f) => ({
    candidate: kept[f.candidate]!,
    members: original(f.members),
    documents: f.documents,
    ...(f.others !== undefined && { others: f.others.map((o) => ({ members: original(o.members), documents: o.documents })) }),
  }));
}

/**
 * Witnesses of one shortest member x, up to `wanted`: the search stops at the first by
 * default; the edit plan asks for a few, so that one round of it learns more constraints.
 */
class Witnesses {
  readonly found: { members: number[]; documents: Int32Array }[] = [];
  constructor(
    private readonly x: number,
    private readonly wanted: number,
  ) {}

  /** Adds one; true when enough are found. */
  add(members: number[], documents: () => Int32Array): boolean {
    this.found.push({ members, documents: documents() });
    return this.full;
  }

  get full(): boolean {
    return this.found.length >= this.wanted;
  }

  get oneMoreFills(): boolean {
    return this.found.length + 1 >= this.wanted;
  }

  /** True when a witness with exactly these members (in any order) is already found. */
  has(members: readonly number[]): boolean {
    return this.found.some((w) => w.members.length === members.length && members.every((m) => w.members.includes(m)));
  }

  result(): FlaggedCandidate | undefined {
    const [first, ...others] = this.found;
    if (first === undefined) return undefined;
    return { candidate: this.x, members: first.members, documents: first.documents, ...(others.length > 0 && { others }) };
  }
}

/** Adds witnesses with shortest member x among the candidates ranked after it; true when it found all there are. */
function searchWitnesses(sets: CandidateSets, x: number, later: Int32Array, query: CombinationQuery, found: Witnesses): boolean {
  const partners: number[] = [];
  // As in the triple search (combination-triples.ts): when one more witness is all that is
  // wanted, a phrase's later occurrences share the first one's row, so every answer, and
  // the first witness met is among first occurrences. They are tried once, and are partners once.
  const first = found.oneMoreFills ? sets.firstOfEachRow() : undefined;
  for (const y of later) {
    if (first !== undefined && !first(y)) continue;
    const shared = sets.pairCountOnce(x, y);
    if (shared >= query.k) partners.push(y);
    else if (shared >= 1 && found.add([x, y], () => sets.pairDocuments(x, y))) return false;
  }
  // Triples only while more witnesses are wanted (by default: only when no pair flags x).
  if (query.arity === 3 && partners.length >= 2) findTriples(sets, x, partners, query.k, found);
  return !found.full;
}

/**
 * Partners looked at between two pauses of the search for one x with fresh partners: a
 * few milliseconds. On a 37,000-word text one x had millions of pairs, and the worker
 * answered nothing else for 9–20 s at a time.
 */
const WORK_BETWEEN_PAUSES = 1 << 16;

/**
 * Adds witnesses with shortest member x that hold at least one of `fresh` (a subset of
 * `later`); true when it found all. Steps: it yields every WORK_BETWEEN_PAUSES partners
 * (or documents, or groups of partners) looked at.
 */
function* searchWitnessesWith(
  sets: CandidateSets,
  x: number,
  later: Int32Array,
  fresh: readonly number[],
  query: CombinationQuery,
  found: Witnesses,
): Generator<void, boolean> {
  const k = query.k;
  for (const y of fresh) {
    const shared = sets.pairCount(x, y);
    if (shared >= 1 && shared < k && found.add([x, y], () => sets.pairDocuments(x, y))) return false;
  }
  if (query.arity < 3) return true;
  const partners = Array.from(later).filter((y) => sets.pairCount(x, y) >= k);
  const isFresh = new Set(fresh);
  const triplePartners = triplePartnersOf(sets, x, partners, k);
  let sincePause = 0;
  for (const z of fresh) {
    if (sincePause >= WORK_BETWEEN_PAUSES) {
      sincePause = 0;
      yield;
      throwIfAborted(query.signal);
    }
    if (sets.pairCount(x, z) < k) continue;
    // The triples first: most keep k documents, and the pair count is a Map lookup beyond
    // 4,096 candidates. The same pairs pass, in the same order, as partner by partner.
    const before = triplePartners.examined;
    const ys = triplePartners.of(z);
    sincePause += triplePartners.examined - before + ys.length;
    for (const y of ys) {
      // Each pair once: two fresh partners are tried from the first of them only.
      if (y === z || (isFresh.has(y) && y < z)) continue;
      if (sets.pairCount(y, z) >= k && found.add([x, y, z], () => sets.tripleDocuments(x, y, z))) return false;
    }
  }
  return true;
}

/**
 * The partners y that leave x and a partner z 1 to k − 1 documents, found without
 * counting every triple: on a 37,000-word text most of a plan went on triple counts,
 * thousands of fresh z against thousands of partners. Answers in the order of `partners`.
 * - x in most documents: a triple can only lose documents outside P(x), so only partners
 *   sharing one of those few documents with z are counted (as in findTriplesOutsideX);
 * - otherwise: partners grouped by their documents within P(x) (combination-triples.ts),
 *   a group at a time.
 */
function triplePartnersOf(sets: CandidateSets, x: number, partners: readonly number[], k: number): TriplePartners {
  const place = new Int32Array(sets.count).fill(-1);
  partners.forEach((y, i) => (place[y] = i));
  const inOrder = (ys: number[]): number[] => ys.sort((a, b) => place[a]! - place[b]!);
  if (sets.documentOf.length - sets.size(x) < sets.size(x)) {
    const missing = documentsWithout(sets, x);
    const withinX = documentsWithin(sets, x, missing);
    const inX = sets.size(x);
    const seen = new Int32Array(sets.count).fill(-1);
    const outside: TriplePartners = {
      examined: 0,
      of: (z) => {
        const ys: number[] = [];
        outside.examined += missing.length;
        for (const id of missing) {
          if (!sets.has(z, id)) continue;
          for (const y of sets.holdersOf(id)) {
            outside.examined++;
            if (place[y] === -1 || seen[y] === z) continue;
            seen[y] = z;
            if (withinX(y) + withinX(z) - inX >= k) continue;
            const together = sets.tripleCount(x, y, z, k);
            if (together >= 1 && together < k) ys.push(y);
          }
        }
        return inOrder(ys);
      },
    };
    return outside;
  }
  const projection = new Projection(sets, x, partners);
  const groupOf = new Int32Array(sets.count).fill(-1);
  projection.members.forEach((members, group) => members.forEach((y) => (groupOf[y] = group)));
  const within: TriplePartners = {
    examined: 0,
    of: (z) => {
      const group = groupOf[z]!;
      // z holds all of P(x): every triple keeps P(x) ∩ P(y), at least k documents.
      if (group === -1) return [];
      const ys: number[] = [];
      within.examined += projection.groupCount;
      for (let other = 0; other < projection.groupCount; other++) {
        const shared = projection.overlap(group, other, k);
        if (shared >= 1 && shared < k) for (const y of projection.members[other]!) ys.push(y);
      }
      return inOrder(ys);
    },
  };
  return within;
}

interface TriplePartners {
  /** Partners (or groups of them) looked at so far: the work done, for the pauses. */
  examined: number;
  /** The partners y with 1 ≤ |P(x) ∩ P(y) ∩ P(z)| < k, for a partner z. */
  of(z: number): number[];
}

/** The earlier witness of x again, when candidates with its members' keys are still ranked after x. */
function reuseWitness(sets: CandidateSets, x: number, position: number, rankedKeys: RankedKeys, members: readonly string[]): FlaggedCandidate | undefined {
  const chosen: number[] = [];
  for (const key of members) {
    const y = rankedKeys.firstAfter(key, position, chosen);
    if (y === undefined) return undefined;
    chosen.push(y);
  }
  const documents = chosen.length === 1 ? sets.pairDocuments(x, chosen[0]!) : sets.tripleDocuments(x, chosen[0]!, chosen[1]!);
  return { candidate: x, members: [x, ...chosen], documents };
}
