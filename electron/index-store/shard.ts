/**
 * A shard: some documents of the collection as one token stream and its sorted phrase
 * starts (a suffix array truncated at segment ends). Every phrase's occurrences in the
 * shard form one contiguous range of `suffixes`, found by binary search one token at a
 * time. Documents are added as new shards and removed by marking them dead, so neither
 * rebuilds the shards already written.
 */

import { DistinctDocuments } from './distinct-documents.js';
import { ShardDocuments } from './shard-documents.js';
import { sampleRecords, SuffixSamples } from './suffix-samples.js';
import { runToEnd } from '../../shared/steps.js';

/** The persisted parts of a shard. */
export interface ShardParts {
  /** Token ids, with 0 after every segment; every document ends with 0. */
  readonly tokens: Uint32Array;
  /** Non-sentinel positions of `tokens` in phrase order. */
  readonly suffixes: Uint32Array;
  /** Offset of each document's first token, plus a final entry equal to tokens.length. */
  readonly documentStarts: Uint32Array;
  /** Collection-wide document number of each document of the shard. */
  readonly documentNumbers: Int32Array;
}

/** Entries a step of Shard.steps goes through before it yields (about 10–40 ms here). */
const ENTRIES_PER_STEP = 1 << 20;

/**
 * The shard-local document of each suffix, through the coarse table of ShardDocuments:
 * a lookup per suffix at random in a full table was the largest cost of opening a shard.
 */
function* documentsOfSuffixes(parts: ShardParts, documents: ShardDocuments): Generator<void, Uint16Array | Uint32Array> {
  const { suffixes } = parts;
  const out = parts.documentNumbers.length <= 0xffff ? new Uint16Array(suffixes.length) : new Uint32Array(suffixes.length);
  for (let from = 0; from < suffixes.length; from += ENTRIES_PER_STEP) {
    const to = Math.min(suffixes.length, from + ENTRIES_PER_STEP);
    for (let i = from; i < to; i++) out[i] = documents.documentAt(suffixes[i]!);
    if (to < suffixes.length) yield;
  }
  return out;
}

/** What a shard works out from its parts when it is made. */
interface ShardTables {
  readonly live: Uint8Array;
  readonly documents: ShardDocuments;
  readonly documentOfSuffix: Uint16Array | Uint32Array;
  readonly bucketStarts: Uint32Array;
  readonly distinct: DistinctDocuments;
}

function* tablesSteps(parts: ShardParts, maxTokenId: number, isLive: (documentNumber: number) => boolean): Generator<void, ShardTables> {
  const documentCount = parts.documentNumbers.length;
  const live = new Uint8Array(documentCount);
  for (let d = 0; d < documentCount; d++) live[d] = isLive(parts.documentNumbers[d]!) ? 1 : 0;
  const documents = new ShardDocuments(parts.documentStarts, parts.documentNumbers);
  const documentOfSuffix = yield* documentsOfSuffixes(parts, documents);
  yield;

  const { tokens } = parts;
  const counts = new Uint32Array(maxTokenId + 2);
  for (let from = 0; from < tokens.length; from += ENTRIES_PER_STEP) {
    const to = Math.min(tokens.length, from + ENTRIES_PER_STEP);
    for (let i = from; i < to; i++) {
      const t = tokens[i]!;
      if (t > maxTokenId) throw new RangeError('Shard uses a token id beyond the vocabulary.');
      counts[t]!++;
    }
    if (to < tokens.length) yield;
  }
  counts[0] = 0; // sentinels are not phrase starts
  const bucketStarts = new Uint32Array(maxTokenId + 2);
  let sum = 0;
  for (let t = 0; t <= maxTokenId; t++) {
    bucketStarts[t] = sum;
    sum += counts[t]!;
  }
  bucketStarts[maxTokenId + 1] = sum;
  if (sum !== parts.suffixes.length) throw new Error('Shard is inconsistent: token and suffix counts differ.');
  yield;
  const distinct = yield* DistinctDocuments.steps(documentOfSuffix, live);
  yield;
  return { live, documents, documentOfSuffix, bucketStarts, distinct };
}

/**
 * What detection, statistics and compaction need of a shard, resident (Shard, below) or
 * read from the file page by page (PagedShard, paged-shard.ts).
 */
export interface IndexShard {
  readonly documentNumbers: Int32Array;
  /** 1 for documents still in the collection; change through setLive(). */
  readonly live: Uint8Array;
  /** Counts the changes of `live`: postings cached before a change are stale after it. */
  readonly liveVersion: number;
  readonly documentCount: number;
  /** Entries of the suffix array (phrase starts). */
  readonly suffixCount: number;
  /** Tokens of the stream, sentinels included. */
  readonly streamLength: number;
  /** False when bucketLow/bucketHigh may read the file (a paged shard): the walker then narrows from the whole shard, lazily. */
  readonly hasBucketTable: boolean;
  setLive(isLive: (documentNumber: number) => boolean): boolean;
  bucketLow(tokenId: number): number;
  bucketHigh(tokenId: number): number;
  boundPath(low: number, high: number, from: number, path: readonly number[], strictlyAbove: boolean): number;
  holdsPathAt(i: number, from: number, path: readonly number[]): boolean;
  /** Distinct live documents in [lo, hi), counted up to `cap`. */
  countDocuments(lo: number, hi: number, cap: number): number;
  sortedDocumentNumbers(lo: number, hi: number, out: Int32Array, at: number): number;
  documentTokens(local: number): Uint32Array;
  /** Phrase start of suffix-array entry i. */
  suffixAt(i: number): number;
  /** Token id at a stream position. */
  tokenAt(position: number): number;
  /** Shard-local document of suffix-array entry i. */
  documentOfSuffixAt(i: number): number;
}

export class Shard implements IndexShard {
  readonly tokens: Uint32Array;
  readonly suffixes: Uint32Array;
  readonly documentStarts: Uint32Array;
  readonly documentNumbers: Int32Array;
  /** Shard-local document of each entry of `suffixes`. */
  readonly documentOfSuffix: Uint16Array | Uint32Array;
  /** 1 for documents still in the collection; change through setLive(). */
  readonly live: Uint8Array;
  /** Distinct-document counting over ranges of `suffixes` (rebuilt when liveness changes). */
  distinct: DistinctDocuments;
  /** Counts the changes of `live`: postings cached before a change are stale after it. */
  liveVersion = 0;
  /** Positions to documents, and local documents to sorted numbers. */
  private readonly documents: ShardDocuments;
  /** Range of `suffixes` starting with token id t: [bucketStarts[t], bucketStarts[t + 1]). */
  private readonly bucketStarts: Uint32Array;
  /** The first tokens of every 64th phrase, for the first steps of a search. */
  private readonly samples: SuffixSamples;

  constructor(parts: ShardParts, maxTokenId: number, isLive: (documentNumber: number) => boolean, tables?: ShardTables) {
    this.tokens = parts.tokens;
    this.suffixes = parts.suffixes;
    this.documentStarts = parts.documentStarts;
    this.documentNumbers = parts.documentNumbers;
    const made = tables ?? runToEnd(tablesSteps(parts, maxTokenId, isLive));
    this.live = made.live;
    this.documents = made.documents;
    this.documentOfSuffix = made.documentOfSuffix;
    this.bucketStarts = made.bucketStarts;
    this.distinct = made.distinct;
    this.samples = new SuffixSamples(sampleRecords(this.tokens, this.suffixes), this);
  }

  /**
   * Makes the shard in steps of a million entries or so (about half a second at 15M
   * tokens in one go): a collection read whole in the background lets checks run between
   * them (CollectionIndex.promoteSteps).
   */
  static *steps(parts: ShardParts, maxTokenId: number, isLive: (documentNumber: number) => boolean): Generator<void, Shard> {
    const tables = yield* tablesSteps(parts, maxTokenId, isLive);
    return new Shard(parts, maxTokenId, isLive, tables);
  }

  /** Marks documents live or removed; returns true when anything changed. */
  setLive(isLive: (documentNumber: number) => boolean): boolean {
    let changed = false;
    for (let d = 0; d < this.documentCount; d++) {
      const value = isLive(this.documentNumbers[d]!) ? 1 : 0;
      if (this.live[d] !== value) {
        this.live[d] = value;
        changed = true;
      }
    }
    if (changed) {
      this.distinct = new DistinctDocuments(this.documentOfSuffix, this.live);
      this.liveVersion++;
    }
    return changed;
  }

  get documentCount(): number {
    return this.documentNumbers.length;
  }

  get suffixCount(): number {
    return this.suffixes.length;
  }

  get streamLength(): number {
    return this.tokens.length;
  }

  readonly hasBucketTable = true;

  suffixAt(i: number): number {
    return this.suffixes[i]!;
  }

  tokenAt(position: number): number {
    return this.tokens[position]!;
  }

  documentOfSuffixAt(i: number): number {
    return this.documentOfSuffix[i]!;
  }

  countDocuments(lo: number, hi: number, cap: number): number {
    return this.distinct.count(lo, hi, cap);
  }

  /** Lower end of the range of phrases starting with `tokenId`. */
  bucketLow(tokenId: number): number {
    return tokenId > 0 && tokenId + 1 < this.bucketStarts.length ? this.bucketStarts[tokenId]! : 0;
  }

  /** Upper end (exclusive) of the range of phrases starting with `tokenId`. */
  bucketHigh(tokenId: number): number {
    return tokenId > 0 && tokenId + 1 < this.bucketStarts.length ? this.bucketStarts[tokenId + 1]! : 0;
  }

  /**
   * Within [low, high), whose phrases share their first `depth` tokens, the first entry
   * whose token at `depth` is ≥ `tokenId` (or > it, when `strictlyAbove`).
   */
  private boundAt(low: number, high: number, depth: number, tokenId: number, strictlyAbove: boolean): number {
    const { suffixes, tokens } = this;
    let lo = low;
    let hi = high;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const t = tokens[suffixes[mid]! + depth]!;
      if (t < tokenId || (strictlyAbove && t === tokenId)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Writes the document numbers of the distinct live documents of [lo, hi) into `out`
   * from `at`, ascending; returns where it stopped. `out` needs room for them all.
   */
  sortedDocumentNumbers(lo: number, hi: number, out: Int32Array, at: number): number {
    return this.documents.toSortedNumbers(out, at, this.distinct.collectDistinct(lo, hi, out, at));
  }

  /** True when the phrase of entry i has path[from..] as its tokens [from, path.length). */
  holdsPathAt(i: number, from: number, path: readonly number[]): boolean {
    const start = this.suffixes[i]!;
    for (let j = from; j < path.length; j++) if (this.tokens[start + j] !== path[j]) return false;
    return true;
  }

  /**
   * Within [low, high), whose phrases share their first `from` tokens, the first entry
   * whose tokens [from, path.length) are ≥ path[from..] (or > it, when `strictlyAbove`):
   * boundAt over one token or several at once (a range that lags several tokens behind).
   * The sampled phrases narrow a large range first (suffix-samples.ts).
   */
  boundPath(low: number, high: number, from: number, path: readonly number[], strictlyAbove: boolean): number {
    let lo = low;
    let hi = high;
    if (this.samples.window(low, high, from, path, strictlyAbove)) {
      lo = this.samples.low;
      hi = this.samples.high;
    }
    return from === path.length - 1 ? this.boundAt(lo, hi, from, path[from]!, strictlyAbove) : this.searchPath(lo, hi, from, path, strictlyAbove);
  }

  private searchPath(low: number, high: number, from: number, path: readonly number[], strictlyAbove: boolean): number {
    const { suffixes, tokens } = this;
    const depth = path.length;
    let lo = low;
    let hi = high;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const start = suffixes[mid]!;
      // Compare the suffix with the path from `from` on; a sentinel (0) ends the comparison below any token.
      let order = 0;
      for (let j = from; j < depth && order === 0; j++) {
        const t = tokens[start + j]!;
        const p = path[j]!;
        if (t !== p) order = t < p ? -1 : 1;
      }
      if (order < 0 || (strictlyAbove && order === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Tokens of one document (sentinels included), for rebuilding and term statistics. */
  documentTokens(local: number): Uint32Array {
    return this.tokens.subarray(this.documentStarts[local]!, this.documentStarts[local + 1]!);
  }
}
