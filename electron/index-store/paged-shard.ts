/**
 * A shard searched in place, its token stream and suffix array read page by page
 * (shard-pages.ts): what a collection too large to hold in memory opens as (see
 * residentTokenLimit in collection-index.ts). Same answers as Shard (shard.ts),
 * which holds the same arrays whole; the tests run both against brute force.
 *
 * In memory per shard: document starts and numbers, liveness, the sampled phrases (0.25
 * bytes a token, half that where the collection will be read whole), a coarse
 * position-to-document table and, once the shard is searched, its table of first tokens
 * (first-token-buckets.ts). Distinct documents are counted by scanning the range, as in
 * Shard (ShardDocuments.countInRange).
 */
import { PAGE_MASK, PAGE_SHIFT, PAGE_VALUES, PageKind, pageCount, type PageCache, type PageOwner } from './shard-pages.js';
import type { IndexShard } from './shard.js';
import { ShardDocuments } from './shard-documents.js';
import { SuffixSamples } from './suffix-samples.js';
import type { FirstTokenBuckets } from './first-token-buckets.js';

/** What is read when a paged shard is opened. */
export interface PagedShardParts extends Omit<PageOwner, 'dropPage'> {
  readonly documentStarts: Uint32Array;
  readonly documentNumbers: Int32Array;
  /** sampleRecords() of the sorted shard: as stored, or narrowed for a shard that will be read whole (readPagedShardParts). */
  readonly samples: Uint32Array | Uint16Array;
}

export class PagedShard implements IndexShard, PageOwner {
  readonly id: number;
  readonly streamLength: number;
  readonly suffixCount: number;
  readonly suffixWidth: number;
  readonly documentStarts: Uint32Array;
  readonly documentNumbers: Int32Array;
  readonly live: Uint8Array;
  liveVersion = 0;
  readonly hasBucketTable = false;
  /** sampleRecords() of the sorted shard, as read (a Shard read from this one keeps the same array when it is narrowed). */
  readonly samples: Uint32Array | Uint16Array;
  private readonly sampled: SuffixSamples;
  /** Positions to documents, and local documents to sorted numbers (as in Shard). */
  private readonly documents: ShardDocuments;
  /** Offset in the cache's arena (shard-pages.ts) of each page, by page number; -1 where the page is not in memory. */
  private readonly tokenSlots: Int32Array;
  private readonly suffixSlots: Int32Array;

  constructor(
    parts: PagedShardParts,
    private readonly pages: PageCache,
    isLive: (documentNumber: number) => boolean,
  ) {
    this.id = parts.id;
    this.streamLength = parts.streamLength;
    this.suffixCount = parts.suffixCount;
    this.suffixWidth = parts.suffixWidth;
    this.documentStarts = parts.documentStarts;
    this.documentNumbers = parts.documentNumbers;
    const documents = parts.documentNumbers.length;
    this.live = new Uint8Array(documents);
    for (let d = 0; d < documents; d++) this.live[d] = isLive(parts.documentNumbers[d]!) ? 1 : 0;
    this.documents = new ShardDocuments(parts.documentStarts, parts.documentNumbers);
    this.samples = parts.samples;
    this.sampled = new SuffixSamples(parts.samples, this);
    this.tokenSlots = new Int32Array(pageCount(this.streamLength)).fill(-1);
    this.suffixSlots = new Int32Array(pageCount(this.suffixCount)).fill(-1);
  }

  dropPage(kind: PageKind, page: number): void {
    (kind === PageKind.Tokens ? this.tokenSlots : this.suffixSlots)[page] = -1;
  }

  /** Arena offset of a token page, read from the file when it is not in memory. */
  private tokenPage(page: number): number {
    const slot = this.tokenSlots[page]!;
    return slot >= 0 ? slot : (this.tokenSlots[page] = this.pages.read(this, PageKind.Tokens, page));
  }

  private suffixPage(page: number): number {
    const slot = this.suffixSlots[page]!;
    return slot >= 0 ? slot : (this.suffixSlots[page] = this.pages.read(this, PageKind.Suffixes, page));
  }

  get documentCount(): number {
    return this.documentNumbers.length;
  }

  setLive(isLive: (documentNumber: number) => boolean): boolean {
    let changed = false;
    for (let d = 0; d < this.documentCount; d++) {
      const value = isLive(this.documentNumbers[d]!) ? 1 : 0;
      if (this.live[d] !== value) {
        this.live[d] = value;
        changed = true;
      }
    }
    if (changed) this.liveVersion++;
    return changed;
  }

  suffixAt(i: number): number {
    return this.pages.arena[this.suffixPage(i >>> PAGE_SHIFT) + (i & PAGE_MASK)]!;
  }

  /** Value of the file's stream at `position`: a token id, or 0 at a sentinel. */
  private tokenAt(position: number): number {
    return this.pages.arena[this.tokenPage(position >>> PAGE_SHIFT) + (position & PAGE_MASK)]!;
  }

  phraseTokenAt(start: number, offset: number): number {
    return this.tokenAt(start + offset);
  }

  documentOfSuffixAt(i: number): number {
    return this.documents.documentAt(this.suffixAt(i));
  }

  /**
   * The range of phrases starting with a token: from the shard's table of first tokens
   * (first-token-buckets.ts), read the first time the shard is searched, not at open. A
   * shard written before the table existed searches twice the first time and remembers.
   * The walker asks only when a shard's range is needed.
   */
  bucketLow(tokenId: number): number {
    if (tokenId <= 0) return 0;
    const table = this.firstTokens();
    if (table !== null) return table.low(tokenId);
    return this.bucket(tokenId) === 0 ? 0 : this.bucketLows.get(tokenId)!;
  }

  bucketHigh(tokenId: number): number {
    if (tokenId <= 0) return 0;
    const table = this.firstTokens();
    if (table !== null) return table.high(tokenId);
    return this.bucket(tokenId) === 0 ? 0 : this.bucketHighs.get(tokenId)!;
  }

  /** undefined until read; null where the file has no table. */
  private firstTokenTable: FirstTokenBuckets | null | undefined;

  /** The table of first tokens where a search has read it (null: the file has none); undefined when none has. A Shard read from this one keeps it. */
  get decodedFirstTokens(): FirstTokenBuckets | null | undefined {
    return this.firstTokenTable;
  }

  private firstTokens(): FirstTokenBuckets | null {
    if (this.firstTokenTable === undefined) this.firstTokenTable = this.pages.readFirstTokenBuckets(this);
    return this.firstTokenTable;
  }

  private readonly bucketLows = new Map<number, number>();
  private readonly bucketHighs = new Map<number, number>();
  private readonly firstToken: number[] = [0];

  /** Finds and remembers a token's range; returns 0 for a token id that starts no phrase here. */
  private bucket(tokenId: number): number {
    if (tokenId <= 0) return 0;
    if (!this.bucketLows.has(tokenId)) {
      this.firstToken[0] = tokenId;
      const low = this.boundPath(0, this.suffixCount, 0, this.firstToken, false);
      const high =
        low < this.suffixCount && this.tokenAt(this.suffixAt(low)) === tokenId ? this.boundPath(low, this.suffixCount, 0, this.firstToken, true) : low;
      this.bucketLows.set(tokenId, low);
      this.bucketHighs.set(tokenId, high);
    }
    return 1;
  }

  boundPath(low: number, high: number, from: number, path: readonly number[], strictlyAbove: boolean): number {
    let lo = low;
    let hi = high;
    if (this.sampled.window(low, high, from, path, strictlyAbove)) {
      lo = this.sampled.low;
      hi = this.sampled.high;
    }
    const depth = path.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const start = this.suffixAt(mid);
      // A sentinel (0) ends the comparison below any token; no phrase runs past the stream's last sentinel.
      let order = 0;
      for (let j = from; j < depth && order === 0; j++) {
        const t = this.tokenAt(start + j);
        const p = path[j]!;
        if (t !== p) order = t < p ? -1 : 1;
      }
      if (order < 0 || (strictlyAbove && order === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  holdsPathAt(i: number, from: number, path: readonly number[]): boolean {
    const start = this.suffixAt(i);
    for (let j = from; j < path.length; j++) if (this.tokenAt(start + j) !== path[j]) return false;
    return true;
  }

  countDocuments(lo: number, hi: number, cap: number): number {
    return this.documents.countInRange(this, this.live, lo, hi, cap);
  }

  sortedDocumentNumbers(lo: number, hi: number, out: Int32Array, at: number): number {
    return this.documents.sortedNumbersInRange(this, this.live, lo, hi, out, at);
  }

  documentTokens(local: number): Uint32Array {
    const from = this.documentStarts[local]!;
    const to = this.documentStarts[local + 1]!;
    const out = new Uint32Array(to - from);
    for (let position = from; position < to;) {
      const slot = this.tokenPage(position >>> PAGE_SHIFT);
      const offset = position & PAGE_MASK;
      const take = Math.min(PAGE_VALUES - offset, to - position);
      out.set(this.pages.arena.subarray(slot + offset, slot + offset + take), position - from);
      position += take;
    }
    return out;
  }
}
