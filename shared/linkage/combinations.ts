/**
 * Linkable combinations of common N-grams (the paper's §3.2.2, arity 2–3).
 *
 * A combination of candidates links when 1 ≤ |∩ postings| < k and no smaller
 * combination inside it links. The span to rephrase is its shortest member (in tokens,
 * leftmost on ties). Enumerating every combination is cubic (one judgment has 6.9M
 * minimal triples), so `findCombinationSpans` asks, per candidate in rank order, only
 * whether one witness exists, and stops at the first.
 *
 * Postings are bitsets over the documents the candidates touch. For triples with
 * shortest member x, documents outside P(x) cannot matter, so the partners' sets are
 * projected onto P(x): usually a handful of bits, often one machine word.
 */
import { throwIfAborted, type AbortLike } from '../errors.js';
import { runToEnd } from '../steps.js';
import { popcount32 } from './bits.js';

/** A candidate N-gram with its postings (ascending document numbers). */
export interface CombinationCandidate {
  readonly tokenStart: number;
  readonly tokenLength: number;
  readonly documents: Int32Array;
  /** Its token ids, joined: candidates with the same key have the same postings (needed for a memo). */
  readonly key?: string;
}

/**
 * What an earlier search learned about each shortest member x, by key: which candidates
 * were ranked after it, the witnesses it found (their other members' keys), and whether
 * those were all there were. Whether a combination is a witness depends only on postings,
 * so a witness whose members are all still there still holds; and when the earlier
 * search found every witness (none, by default, or fewer than asked for), the only new
 * ones must hold a partner that is new since then, and only those are searched for.
 * Valid for one collection state and one k, arity and source (the caller keys it so).
 */
export type CombinationMemo = Map<string, MemoEntry>;

interface MemoEntry {
  /** The candidates ranked after x then: keys whose last rank in that search was above `rank`. */
  readonly lastRank: ReadonlyMap<string, number>;
  readonly rank: number;
  /** The other members' keys of each witness found. */
  readonly witnesses: readonly (readonly string[])[];
  /** True when those were all the witnesses among the candidates ranked after x then. */
  readonly complete: boolean;
}

/** Entries a memo keeps before it starts over (one judgment has a few hundred candidates). */
const MEMO_CAPACITY = 50_000;

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
}

/** Counts from a full enumeration. */
export interface CombinationCounts {
  readonly linkablePairs: number;
  readonly minimalLinkableTriples: number;
}

/** Above glibc's largest dynamic mmap threshold (32 MiB on 64-bit; see mallopt(3)). */
const SEPARATELY_MAPPED_BYTES = 33 * 1024 * 1024;
/** Below this, an array comes from the heap whatever the threshold (glibc's default, 128 KiB). */
const HEAP_ARRAY_BYTES = 128 * 1024;

/**
 * `size` zeroed words for a search's bitsets, in a block the allocator maps on its own and
 * unmaps when it is freed. Why: glibc maps a large block itself, and when such a block of
 * up to 32 MiB is freed it raises its threshold to that size, so every later array below it
 * comes from its heap, which then keeps up to twice the threshold free. A search's bitsets
 * (8–41 MiB against a 300M-token collection) did that once a judgment, and the arity ≤ 3
 * pass over the 144 court judgments grew the heap by 170 MiB for 80 of live postings. A
 * block above 32 MiB never raises it. Its pages past `size` words are never touched, so
 * they take address space, not memory (about 50 MiB less at the peak: BENCHMARKS.md).
 */
function bitsetWords(size: number): Uint32Array {
  const bytes = size * 4;
  if (bytes < HEAP_ARRAY_BYTES || bytes >= SEPARATELY_MAPPED_BYTES) return new Uint32Array(size);
  return new Uint32Array(new ArrayBuffer(SEPARATELY_MAPPED_BYTES), 0, size);
}

class CandidateSets {
  readonly count: number;
  readonly words: number;
  /** One row of `words` words per distinct postings array: rowStart[r] is candidate r's. */
  readonly bits: Uint32Array;
  readonly rowStart: Int32Array;
  /** Dense id back to document number. */
  readonly documentOf: Int32Array;
  /** Document number to dense id, for the documents the candidates hold. */
  private readonly denseOf: Int32Array;
  /** The candidate whose postings array candidate r shares (itself for the first holder). */
  private readonly firstHolder: Int32Array;
  /** Dense lists made so far, by first holder (see dense()). */
  private readonly denseLists: (Int32Array | undefined)[] = [];
  private readonly pairCache: Uint8Array | Map<number, number>;
  private readonly cap: number;

  constructor(
    readonly candidates: readonly CombinationCandidate[],
    k: number,
  ) {
    this.count = candidates.length;
    this.cap = Math.min(k, 254);
    let maxDoc = -1;
    for (const c of candidates) if (c.documents.length > 0) maxDoc = Math.max(maxDoc, c.documents[c.documents.length - 1]!);
    // Occurrences of one phrase usually share one postings array (the index's postings
    // cache hands out the same one): each array is worked out once, for its first holder,
    // and its row of bits is shared. A long judgment repeats its common phrases often, and
    // a row per candidate took 51 MB for one judgment against a 300M-token collection.
    const firstWith = new Map<Int32Array, number>();
    candidates.forEach((c, r) => firstWith.has(c.documents) || firstWith.set(c.documents, r));
    // Dense ids in document order, so that dense lists stay sorted: mark, then number in
    // one pass (a sort of every document a common phrase holds cost more).
    const denseOf = new Int32Array(maxDoc + 1);
    for (const documents of firstWith.keys()) for (let i = 0; i < documents.length; i++) denseOf[documents[i]!] = 1;
    let distinct = 0;
    for (let d = 0; d <= maxDoc; d++) if (denseOf[d] === 1) denseOf[d] = ++distinct;
    const order = new Int32Array(distinct);
    for (let d = 0; d <= maxDoc; d++) if (denseOf[d]! > 0) order[--denseOf[d]!] = d;
    this.documentOf = order;
    this.words = Math.max(1, Math.ceil(order.length / 32));
    this.bits = bitsetWords(firstWith.size * this.words);
    this.rowStart = new Int32Array(this.count);
    this.firstHolder = new Int32Array(this.count);
    this.denseOf = denseOf;
    const words = this.words;
    let rows = 0;
    candidates.forEach((c, r) => {
      const first = firstWith.get(c.documents)!;
      this.firstHolder[r] = first;
      if (first < r) {
        this.rowStart[r] = this.rowStart[first]!;
        return;
      }
      const row = (this.rowStart[r] = rows++ * words);
      for (let i = 0; i < c.documents.length; i++) {
        const id = denseOf[c.documents[i]!]!;
        this.bits[row + (id >>> 5)]! |= 1 << (id & 31);
      }
    });
    this.pairCache = this.count <= 4096 ? new Uint8Array(this.count * this.count).fill(255) : new Map();
  }

  /** |P(r) ∩ `shared`'s row at `at`| (see LaterIntersections). */
  countWithin(r: number, shared: Uint32Array, at: number): number {
    let count = 0;
    const row = this.rowStart[r]!;
    for (let w = 0; w < this.words; w++) count += popcount32(this.bits[row + w]! & shared[at + w]!);
    return count;
  }

  /** How many documents candidate r is in. */
  size(r: number): number {
    return this.candidates[r]!.documents.length;
  }

  /**
   * Candidate r's dense document ids, ascending; made the first time it is asked for and
   * shared by the occurrences of one phrase (never written). Made lazily because the
   * searches walk the smaller set of each pair: the lists of the commonest phrases, as
   * long as their postings, are seldom needed. Against a 300M-token collection the lists,
   * all made at once, took 66 MiB for the longest judgment (bitsets 41, postings about
   * as much as the lists); made lazily, that judgment's peak above the resident index
   * went from 81 to 40 MiB, in the same time.
   */
  dense(r: number): Int32Array {
    const first = this.firstHolder[r]!;
    let list = this.denseLists[first];
    if (list === undefined) {
      const documents = this.candidates[first]!.documents;
      list = new Int32Array(documents.length);
      for (let i = 0; i < list.length; i++) list[i] = this.denseOf[documents[i]!]!;
      this.denseLists[first] = list;
    }
    return list;
  }

  /** The candidates holding dense document `id`, ascending (worked out once per document). */
  holdersOf(id: number): Int32Array {
    let found = this.holders[id];
    if (found === undefined) {
      const list: number[] = [];
      for (let r = 0; r < this.count; r++) if (this.has(r, id)) list.push(r);
      this.holders[id] = found = Int32Array.from(list);
    }
    return found;
  }

  private readonly holders: (Int32Array | undefined)[] = [];

  /** The pairs-tried marks of the triple search, cleared (see PairMarks). */
  triedPairs(): PairMarks {
    this.pairMarks ??= new PairMarks(this.count);
    this.pairMarks.clear();
    return this.pairMarks;
  }

  private pairMarks: PairMarks | undefined;

  has(r: number, id: number): boolean {
    return (this.bits[this.rowStart[r]! + (id >>> 5)]! & (1 << (id & 31))) !== 0;
  }

  /** |P(a) ∩ P(b)|, exact below k and k at or above it. */
  pairCount(a: number, b: number): number {
    const key = a < b ? a * this.count + b : b * this.count + a;
    const cache = this.pairCache;
    const known = cache instanceof Map ? cache.get(key) : cache[key]!;
    if (known !== undefined && known !== 255) return known;
    const [small, other] = this.size(a) <= this.size(b) ? [a, b] : [b, a];
    let found = 0;
    for (const id of this.dense(small)) {
      if (this.has(other, id) && ++found >= this.cap) break;
    }
    if (cache instanceof Map) cache.set(key, found);
    else cache[key] = found;
    return found;
  }

  /** |P(a) ∩ P(b)| counted up to `cap`, uncached (caps above k). */
  countUpTo(a: number, b: number, cap: number): number {
    const [small, other] = this.size(a) <= this.size(b) ? [a, b] : [b, a];
    let found = 0;
    for (const id of this.dense(small)) {
      if (this.has(other, id) && ++found >= cap) break;
    }
    return found;
  }

  /** |P(a) ∩ P(b) ∩ P(c)| counted up to `cap`. */
  tripleCount(a: number, b: number, c: number, cap: number): number {
    // Walk the smallest of the three sets (found without a sort: this runs per pair of partners).
    const length = (r: number): number => this.size(r);
    let [small, one, two] = [a, b, c];
    if (length(one) < length(small)) [small, one] = [one, small];
    if (length(two) < length(small)) [small, two] = [two, small];
    let found = 0;
    for (const id of this.dense(small)) if (this.has(one, id) && this.has(two, id) && ++found >= cap) break;
    return found;
  }

  tripleDocuments(a: number, b: number, c: number): Int32Array {
    const out: number[] = [];
    for (const id of this.dense(a)) if (this.has(b, id) && this.has(c, id)) out.push(this.documentOf[id]!);
    return Int32Array.from(out);
  }

  pairDocuments(a: number, b: number): Int32Array {
    const out: number[] = [];
    for (const id of this.dense(a)) if (this.has(b, id)) out.push(this.documentOf[id]!);
    return Int32Array.from(out);
  }
}

/** Partner sets of one shortest member x, projected onto P(x). */
class Projection {
  readonly words: number;
  readonly sets: Uint32Array;
  readonly sizes: number[] = [];
  readonly members: number[][] = [];

  constructor(
    private readonly all: CandidateSets,
    private readonly x: number,
    partners: readonly number[],
  ) {
    const px = all.dense(x);
    this.words = Math.max(1, Math.ceil(px.length / 32));
    // Partners with the same projected set behave the same: group them (hash, then compare).
    const groups = new Map<number, number[]>();
    const scratch = new Uint32Array(this.words);
    const sets: number[] = [];
    for (const y of partners) {
      scratch.fill(0);
      let size = 0;
      for (let j = 0; j < px.length; j++) {
        if (all.has(y, px[j]!)) {
          scratch[j >>> 5]! |= 1 << (j & 31);
          size++;
        }
      }
      // A partner holding all of P(x) leaves every intersection at ≥ k: it never helps.
      if (size === px.length) continue;
      let hash = 0x811c9dc5;
      for (const word of scratch) hash = Math.imul(hash ^ word, 0x01000193);
      const sameHash = groups.get(hash) ?? [];
      const group = sameHash.find((g) => scratch.every((word, i) => sets[g * this.words + i] === word));
      if (group !== undefined) {
        this.members[group]!.push(y);
        continue;
      }
      sameHash.push(this.sizes.length);
      groups.set(hash, sameHash);
      this.sizes.push(size);
      this.members.push([y]);
      for (const w of scratch) sets.push(w);
    }
    this.sets = Uint32Array.from(sets);
  }

  get groupCount(): number {
    return this.sizes.length;
  }

  /** |Q(a) ∩ Q(b)| counted up to `cap`. */
  overlap(a: number, b: number, cap: number): number {
    let total = 0;
    const w = this.words;
    for (let i = 0; i < w; i++) {
      total += popcount32(this.sets[a * w + i]! & this.sets[b * w + i]!);
      if (total >= cap) return cap;
    }
    return total;
  }

  overlapDocuments(a: number, b: number): Int32Array {
    const px = this.all.dense(this.x);
    const out: number[] = [];
    const w = this.words;
    for (let j = 0; j < px.length; j++) {
      const mask = 1 << (j & 31);
      if ((this.sets[a * w + (j >>> 5)]! & mask) !== 0 && (this.sets[b * w + (j >>> 5)]! & mask) !== 0) {
        out.push(this.all.documentOf[px[j]!]!);
      }
    }
    return Int32Array.from(out);
  }
}

function rankOrder(candidates: readonly CombinationCandidate[]): number[] {
  return candidates
    .map((_, i) => i)
    .sort((a, b) => candidates[a]!.tokenLength - candidates[b]!.tokenLength || candidates[a]!.tokenStart - candidates[b]!.tokenStart);
}

function usable(candidates: readonly CombinationCandidate[], sourceDocument: number): number[] {
  const keep: number[] = [];
  candidates.forEach((c, i) => {
    if (sourceDocument < 0 || c.documents.includes(sourceDocument)) keep.push(i);
  });
  return keep;
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
  const kept = usable(candidates, query.sourceDocument);
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
  for (let position = 0; position < ranked.length; position++) {
    yield;
    throwIfAborted(query.signal);
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
        const again = reuseWitness(sets, x, later, keys, members);
        // Two witnesses with the same keys (a phrase repeated in the text) are found again as one.
        if (again === undefined || found.has(again.members)) continue;
        if (found.add(again.members, () => again.documents)) break;
      }
      if (known.complete && !found.full) {
        // That search found every witness there was: only combinations with a partner new since then can add one.
        const fresh = Array.from(later).filter((y) => (known.lastRank.get(keys[y]!) ?? -1) <= known.rank);
        complete = fresh.length === 0 || searchWitnessesWith(sets, x, later, fresh, query, found);
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
  const original = (members: readonly number[]): number[] => members.map((m) => kept[m]!).sort((a, b) => candidates[a]!.tokenStart - candidates[b]!.tokenStart);
  return flagged.map((f) => ({
    candidate: kept[f.candidate]!,
    members: original(f.members),
    documents: f.documents,
    ...(f.others !== undefined && { others: f.others.map((o) => ({ members: original(o.members), documents: o.documents })) }),
  }));
}

/**
 * For each position p of `order`, the documents every candidate order[p..] holds, as a
 * row of bits (p = order.length: every document), asked for with p rising. An exact bound:
 * a combination of x with candidates ranked after it holds at least P(x) ∩ that set.
 *
 * Rows are worked out from the end, so one per position would be held at once: as many
 * rows as candidates, 51 MB for one judgment against a 300M-token collection. Here the
 * rows at every block's end are kept, and a block's own rows are worked out again from
 * its end's when it is reached: about 2·√n rows held, for twice the ANDs.
 */
class LaterIntersections {
  /** The rows of the block being read (rowAt gives the offset of a row in it). */
  rows: Uint32Array;
  private readonly words: number;
  private readonly block: number;
  /** Row of position min((b + 1)·block, n), the end of block b, for each block b. */
  private readonly blockEnds: Uint32Array;
  private current = -1;

  constructor(
    private readonly sets: CandidateSets,
    private readonly order: Int32Array,
  ) {
    const n = order.length;
    this.words = sets.words;
    this.block = Math.max(1, Math.ceil(Math.sqrt(n)));
    const blocks = Math.ceil(n / this.block);
    this.blockEnds = new Uint32Array(blocks * this.words);
    this.rows = new Uint32Array((this.block + 1) * this.words);
    const row = new Uint32Array(this.words).fill(0xffffffff);
    for (let p = n; p > 0; p--) {
      // Here `row` is position p's.
      if (p % this.block === 0 || p === n) {
        const b = Math.ceil(p / this.block) - 1;
        this.blockEnds.set(row, b * this.words);
      }
      this.and(row, 0, order[p - 1]!);
    }
  }

  /** Offset in `rows` of position p's row (0 ≤ p ≤ n), for p never below the last asked. */
  rowAt(p: number): number {
    const n = this.order.length;
    const b = p === n ? -1 : Math.floor(p / this.block);
    if (b !== this.current) this.fill(b);
    return b === -1 ? 0 : (p - b * this.block) * this.words;
  }

  /** The rows of block b, from its end's (b = −1: the row of every document, alone). */
  private fill(b: number): void {
    const words = this.words;
    this.current = b;
    if (b === -1) {
      this.rows.fill(0xffffffff, 0, words);
      return;
    }
    const start = b * this.block;
    const end = Math.min(start + this.block, this.order.length);
    this.rows.set(this.blockEnds.subarray(b * words, (b + 1) * words), (end - start) * words);
    for (let p = end - 1; p >= start; p--) {
      this.rows.copyWithin((p - start) * words, (p + 1 - start) * words, (p + 2 - start) * words);
      this.and(this.rows, (p - start) * words, this.order[p]!);
    }
  }

  /** target[at..at + words) &= candidate r's row. */
  private and(target: Uint32Array, at: number, r: number): void {
    const { bits, rowStart } = this.sets;
    const row = rowStart[r]!;
    for (let w = 0; w < this.words; w++) target[at + w] = target[at + w]! & bits[row + w]!;
  }
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
  for (const y of later) {
    const shared = sets.pairCount(x, y);
    if (shared >= query.k) partners.push(y);
    else if (shared >= 1 && found.add([x, y], () => sets.pairDocuments(x, y))) return false;
  }
  // Triples only while more witnesses are wanted (by default: only when no pair flags x).
  if (query.arity === 3 && partners.length >= 2) findTriples(sets, x, partners, query.k, found);
  return !found.full;
}

/** Adds witnesses with shortest member x that hold at least one of `fresh` (a subset of `later`); true when it found all. */
function searchWitnessesWith(sets: CandidateSets, x: number, later: Int32Array, fresh: readonly number[], query: CombinationQuery, found: Witnesses): boolean {
  const k = query.k;
  for (const y of fresh) {
    const shared = sets.pairCount(x, y);
    if (shared >= 1 && shared < k && found.add([x, y], () => sets.pairDocuments(x, y))) return false;
  }
  if (query.arity < 3) return true;
  const partners = Array.from(later).filter((y) => sets.pairCount(x, y) >= k);
  const isFresh = new Set(fresh);
  for (const z of fresh) {
    if (sets.pairCount(x, z) < k) continue;
    for (const y of partners) {
      // Each pair once: two fresh partners are tried from the first of them only.
      if (y === z || (isFresh.has(y) && y < z)) continue;
      if (sets.pairCount(y, z) < k) continue;
      const together = sets.tripleCount(x, y, z, k);
      if (together >= 1 && together < k && found.add([x, y, z], () => sets.tripleDocuments(x, y, z))) return false;
    }
  }
  return true;
}

/** The earlier witness of x again, when candidates with its members' keys are still ranked after x. */
function reuseWitness(sets: CandidateSets, x: number, later: Int32Array, keys: readonly string[], members: readonly string[]): FlaggedCandidate | undefined {
  const chosen: number[] = [];
  for (const key of members) {
    const y = later.find((candidate) => keys[candidate] === key && !chosen.includes(candidate));
    if (y === undefined) return undefined;
    chosen.push(y);
  }
  const documents = chosen.length === 1 ? sets.pairDocuments(x, chosen[0]!) : sets.tripleDocuments(x, chosen[0]!, chosen[1]!);
  return { candidate: x, members: [x, ...chosen], documents };
}

/**
 * Minimal linkable triples with shortest member x. When x is in most documents, its
 * complement M is small and decides: the triple's documents are P(y) ∩ P(z) minus M,
 * so only pairs sharing a document of M can drop below k (and a phrase in every
 * document can never be a triple's shortest member). Otherwise sets are projected on P(x).
 */
function findTriples(sets: CandidateSets, x: number, partners: readonly number[], k: number, found: Witnesses): void {
  const universe = sets.documentOf.length;
  const inX = sets.size(x);
  if (universe - inX < inX) findTriplesOutsideX(sets, x, partners, k, found);
  else findTriplesWithinX(sets, x, partners, k, found);
}

function findTriplesOutsideX(sets: CandidateSets, x: number, partners: readonly number[], k: number, found: Witnesses): void {
  // M, the documents without x, in document order: found a word of bits at a time (M is
  // small, the universe is not). Which partners hold each comes from sets.holdersOf: a
  // bit test per partner and document of M cost 699M tests on the 144 court judgments
  // against a 100M-token collection.
  const { bits, words: universeWords } = sets;
  const universe = sets.documentOf.length;
  const xRow = sets.rowStart[x]!;
  const missing: number[] = [];
  for (let w = 0; w < universeWords; w++) {
    let v = ~bits[xRow + w]!;
    if (w === universeWords - 1 && universe % 32 !== 0) v &= (1 << (universe % 32)) - 1;
    for (; v !== 0; v &= v - 1) missing.push(w * 32 + 31 - Math.clz32(v & -v));
  }
  if (missing.length === 0) return;
  // 1 + each partner's place in `partners` (0: not a partner). Holders are listed in that
  // order, so that pairs are tried, and witnesses found, in the same order as by rank.
  const place = new Int32Array(sets.count);
  partners.forEach((y, p) => (place[y] = p + 1));
  const tried = sets.triedPairs();
  const list: number[] = [];
  for (const id of missing) {
    list.length = 0;
    for (const y of sets.holdersOf(id)) if (place[y] !== 0) list.push(y);
    list.sort((a, b) => place[a]! - place[b]!);
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const y = list[i]!;
        const z = list[j]!;
        if (!tried.mark(y, z)) continue;
        // Only a pair sharing a document of M can leave fewer than k documents to the
        // triple. Counting the triple directly stops at k, which most pairs reach within a
        // few documents; counting P(y) ∩ P(z) ∩ M first cost a pass over M per pair (the
        // largest cost of arity ≤ 3 on a 100M-token collection).
        if (sets.pairCount(y, z) < k) continue;
        const together = sets.tripleCount(x, y, z, k);
        if (together >= 1 && together < k && found.add([x, y, z], () => sets.tripleDocuments(x, y, z))) return;
      }
    }
  }
}

/**
 * Unordered pairs of candidates seen, one bit each (a Set of pair keys was a hot spot).
 * One per search, cleared word by word for each x: a fresh bitmap per x was up to 512 KB.
 */
class PairMarks {
  private readonly marks: Uint32Array | Set<number>;
  /** Words of `marks` set since the last clear(). */
  private readonly touched: number[] = [];
  constructor(private readonly count: number) {
    this.marks = count <= 2048 ? new Uint32Array(Math.ceil((count * count) / 32)) : new Set();
  }

  clear(): void {
    if (this.marks instanceof Set) this.marks.clear();
    else for (const word of this.touched) this.marks[word] = 0;
    this.touched.length = 0;
  }

  /** Marks the pair; false when it was marked already. */
  mark(a: number, b: number): boolean {
    const key = a < b ? a * this.count + b : b * this.count + a;
    const marks = this.marks;
    if (marks instanceof Set) {
      if (marks.has(key)) return false;
      marks.add(key);
      return true;
    }
    const bit = 1 << (key & 31);
    const word = marks[key >>> 5]!;
    if ((word & bit) !== 0) return false;
    if (word === 0) this.touched.push(key >>> 5);
    marks[key >>> 5] = word | bit;
    return true;
  }
}

function findTriplesWithinX(sets: CandidateSets, x: number, partners: readonly number[], k: number, found: Witnesses): void {
  const projection = new Projection(sets, x, partners);
  const groups = projection.groupCount;
  // Small projected sets first: they are the likeliest to leave fewer than k documents.
  const order = Array.from({ length: groups }, (_, i) => i).sort((a, b) => projection.sizes[a]! - projection.sizes[b]!);
  for (let i = 0; i < groups; i++) {
    const a = order[i]!;
    for (let j = i + 1; j < groups; j++) {
      const b = order[j]!;
      const shared = projection.overlap(a, b, k);
      if (shared < 1 || shared >= k) continue;
      for (const y of projection.members[a]!) {
        for (const z of projection.members[b]!) {
          if (sets.pairCount(y, z) >= k && found.add([x, y, z], () => projection.overlapDocuments(a, b))) return;
        }
      }
    }
  }
}

/**
 * Enumerates every linkable pair and every minimal linkable triple (on request only:
 * the count can reach millions per document). Callbacks receive candidate indices.
 */
export function enumerateCombinations(
  candidates: readonly CombinationCandidate[],
  query: CombinationQuery,
  onPair: (a: number, b: number) => void,
  onTriple: (a: number, b: number, c: number) => void,
): CombinationCounts {
  const kept = usable(candidates, query.sourceDocument);
  const sets = new CandidateSets(
    kept.map((i) => candidates[i]!),
    query.k,
  );
  const k = query.k;
  let linkablePairs = 0;
  let minimalLinkableTriples = 0;
  for (let a = 0; a < sets.count; a++) {
    throwIfAborted(query.signal);
    const partners: number[] = [];
    for (let b = a + 1; b < sets.count; b++) {
      const shared = sets.pairCount(a, b);
      if (shared >= k) partners.push(b);
      else if (shared >= 1) {
        linkablePairs++;
        onPair(kept[a]!, kept[b]!);
      }
    }
    if (query.arity < 3) continue;
    const px = sets.dense(a);
    const words = Math.max(1, Math.ceil(px.length / 32));
    const projected = new Uint32Array(partners.length * words);
    partners.forEach((y, p) => {
      for (let j = 0; j < px.length; j++) if (sets.has(y, px[j]!)) projected[p * words + (j >>> 5)]! |= 1 << (j & 31);
    });
    for (let p = 0; p < partners.length; p++) {
      for (let q = p + 1; q < partners.length; q++) {
        let shared = 0;
        for (let w = 0; w < words && shared < k; w++) shared += popcount32(projected[p * words + w]! & projected[q * words + w]!);
        if (shared >= 1 && shared < k && sets.pairCount(partners[p]!, partners[q]!) >= k) {
          minimalLinkableTriples++;
          onTriple(kept[a]!, kept[partners[p]!]!, kept[partners[q]!]!);
        }
      }
    }
  }
  return { linkablePairs, minimalLinkableTriples };
}
