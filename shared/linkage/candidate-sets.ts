/**
 * The postings of a combination search's candidates, as the searches read them: one row of
 * bits per distinct postings array over the documents the candidates touch, dense lists
 * made on demand, and cached pair counts (shared/linkage/combinations.ts searches them).
 */
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
 * Most pair counts a search remembers beyond 4,096 candidates: a 37,000-word text had over
 * 16.7 million, past what one Map can hold (V8 throws "Map maximum size exceeded"), and
 * about 1 GB. Past the limit the cache starts again; a count is only ever recomputed.
 */
export const PAIR_CACHE_LIMIT = 1 << 20;

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

/**
 * The candidates' postings as rows of bits over the documents they touch (dense ids), with
 * the counts the searches ask: pairs (cached), triples, and the documents behind a witness.
 */
export class CandidateSets {
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
    private readonly pairCacheLimit = PAIR_CACHE_LIMIT,
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

  /**
   * A filter true for the first candidate of each row it is asked about, and false for the
   * later ones (occurrences of a phrase already seen). Each filter is fresh: it marks rows
   * with a mark no slot holds yet, in one array for the whole search, instead of clearing
   * (the searches ask for one per holder list).
   */
  firstOfEachRow(): (r: number) => boolean {
    this.rowStamps ??= new Int32Array(this.count);
    if (this.rowMark === 0x7fffffff) {
      this.rowStamps.fill(0);
      this.rowMark = 0;
    }
    const stamps = this.rowStamps;
    const mark = ++this.rowMark;
    return (r) => {
      const row = this.rowStart[r]! / this.words;
      if (stamps[row] === mark) return false;
      stamps[row] = mark;
      return true;
    };
  }

  private rowStamps: Int32Array | undefined;
  private rowMark = 0;

  has(r: number, id: number): boolean {
    return (this.bits[this.rowStart[r]! + (id >>> 5)]! & (1 << (id & 31))) !== 0;
  }

  /** Pair counts remembered in the Map beyond 4,096 candidates (never above the limit). */
  get cachedPairs(): number {
    return this.pairCache instanceof Map ? this.pairCache.size : 0;
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
    if (cache instanceof Map) {
      if (cache.size >= this.pairCacheLimit) cache.clear();
      cache.set(key, found);
    } else cache[key] = found;
    return found;
  }

  /**
   * pairCount for a pair asked about once, in the scan of every x against the candidates
   * ranked after it. Up to 4,096 candidates it is remembered all the same: the triple
   * searches read many such counts again, and the array costs little. Beyond, it is counted
   * and not remembered: on a 37,000-word text (13,380 candidates against the demo
   * collection) the Map's reads and writes of 89 million such pairs took 3.5 s of a 6.1 s
   * check, for counts that were seldom read again.
   */
  pairCountOnce(a: number, b: number): number {
    return this.pairCache instanceof Map ? this.countUpTo(a, b, this.cap) : this.pairCount(a, b);
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
    // Walk the smallest of the three sets (found without a sort or a closure: this runs per
    // pair of partners, and tsx, which runs the benchmarks, wraps every closure it creates).
    let small = a;
    let one = b;
    let two = c;
    if (this.size(one) < this.size(small)) [small, one] = [one, small];
    if (this.size(two) < this.size(small)) [small, two] = [two, small];
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

/**
 * Unordered pairs of candidates seen, one bit each (a Set of pair keys was a hot spot).
 * One per search, cleared word by word for each x: a fresh bitmap per x was up to 512 KB.
 */
export class PairMarks {
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

/**
 * Indices of the candidates a combination search considers: with a source given, only
 * those the source holds, since no combination holding another can count.
 */
export function usableCandidates(candidates: readonly CombinationCandidate[], sourceDocument: number): number[] {
  const keep: number[] = [];
  candidates.forEach((c, i) => {
    if (sourceDocument < 0 || c.documents.includes(sourceDocument)) keep.push(i);
  });
  return keep;
}
