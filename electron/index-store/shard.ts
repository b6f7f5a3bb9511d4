/**
 * A shard: some documents of the collection as one token stream and its sorted phrase
 * starts (a suffix array truncated at segment ends). Every phrase's occurrences in the
 * shard form one contiguous range of the phrase starts, found by binary search one token
 * at a time. Documents are added as new shards and removed by marking them dead, so
 * neither rebuilds the shards already written.
 *
 * Held whole in memory, in little of it: the phrase starts bit-packed (packed-uints.ts),
 * the stream at 16 bits a token with the rarer ids escaped and its sentinels turned into
 * flags on the tokens before them (escaped-tokens.ts; so a shard held whole counts its
 * positions in tokens, a paged shard in the file's stream values), about 5.3 bytes a token
 * at 300M tokens against 8.8 as Uint32Arrays (5.6 with the sentinels kept, 6.0 with the
 * stream bit-packed), and distinct documents counted by scanning a range, as a shard searched
 * in place does (paged-shard.ts). Until 2026-12-03 a shard also kept the document of each
 * phrase start and a table of each entry's previous entry from the same document (6 more
 * bytes a token, 16.5 in all: 4.9 GB at 300M tokens), which let a count skip runs of one
 * document. Detection asks for k documents and stops there, so arity-1 checks are as
 * fast; arity ≤ 3 lists the documents of common phrases, a scan of their whole range,
 * and is about 1.5 times slower at 300M, well within its target (BENCHMARKS.md).
 */
import { runToEnd } from '../../shared/steps.js';
import { EscapedTokensBuilder, escapedAt, ID_MASK, phraseTokenAt, SEGMENT_END, sliceAsStream, ESCAPE, type EscapedTokens } from './escaped-tokens.js';
import { bitsFor, PackedUints, unpack } from './packed-uints.js';
import { ShardDocuments } from './shard-documents.js';
import { narrowSampleRecords, sampleRecords, SuffixSamples } from './suffix-samples.js';

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

/**
 * What detection, statistics and compaction need of a shard, resident (Shard, below) or
 * read from the file page by page (PagedShard, paged-shard.ts).
 */
export interface IndexShard {
  /**
   * Offset of each document's first value in the file's stream (sentinels counted), plus a
   * final entry equal to its length: sizes of documents as stored. Not in suffixAt's
   * positions where a shard is held whole (those count tokens only).
   */
  readonly documentStarts: Uint32Array;
  readonly documentNumbers: Int32Array;
  /** 1 for documents still in the collection; change through setLive(). */
  readonly live: Uint8Array;
  /** Counts the changes of `live`: postings cached before a change are stale after it. */
  readonly liveVersion: number;
  readonly documentCount: number;
  /** Entries of the suffix array (phrase starts). */
  readonly suffixCount: number;
  /** Values of the stream as the file stores it, sentinels included. */
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
  /** Phrase start of suffix-array entry i, a position of the shard's own (see phraseTokenAt). */
  suffixAt(i: number): number;
  /**
   * Token `offset` of the phrase that starts at `start` (a suffixAt value), or 0 where its
   * segment ended before it. Offsets past the first 0 are not defined: readers stop there.
   * (A paged shard's positions are the file's stream positions; a shard held whole keeps no
   * sentinels, so its positions are token positions: escaped-tokens.ts.)
   */
  phraseTokenAt(start: number, offset: number): number;
  /** Shard-local document of suffix-array entry i. */
  documentOfSuffixAt(i: number): number;
}

/** Entries packed between two yields of packSteps (about 10 ms here). */
const ENTRIES_PER_STEP = 1 << 20;

/** What a shard holds: its document tables, its packed arrays, the range of each first token and its sampled phrases. */
export interface ShardArrays {
  /** The file's: stream positions, sentinels counted. */
  readonly documentStarts: Uint32Array;
  /** The same as token positions, where `tokens` and `suffixes` are. */
  readonly tokenDocumentStarts: Uint32Array;
  readonly documentNumbers: Int32Array;
  /** The stream less its sentinels (escaped-tokens.ts). */
  readonly tokens: EscapedTokens;
  /** Phrase starts, as token positions. */
  readonly suffixes: PackedUints;
  /**
   * Range of phrase starts beginning with token id t: [bucketStarts[t], bucketStarts[t + 1]),
   * packed at the width of the shard's phrase count (see packBucketStarts).
   */
  readonly bucketStarts: PackedUints;
  /** sampleRecords() of the sorted shard, 32 bits a token or already narrowed (narrowSampleRecords). */
  readonly samples: Uint32Array | Uint16Array;
}

/**
 * The bucket table from how many phrases start with each token id (`counts[t]`, 0 for the
 * sentinel; `counts` has maxTokenId + 2 entries); throws when they do not add up to
 * `suffixCount`.
 */
export function bucketStartsOf(counts: Uint32Array, suffixCount: number): Uint32Array {
  const bucketStarts = new Uint32Array(counts.length);
  let sum = 0;
  for (let t = 0; t < counts.length - 1; t++) {
    bucketStarts[t] = sum;
    sum += counts[t]!;
  }
  bucketStarts[counts.length - 1] = sum;
  if (sum !== suffixCount) throw new Error('Shard is inconsistent: token and suffix counts differ.');
  return bucketStarts;
}

/** A bucket table (bucketStartsOf) as a shard keeps it: packed at the width of its phrase count. */
export function packBucketStarts(bucketStarts: Uint32Array, suffixCount: number): PackedUints {
  const packed = new PackedUints(bucketStarts.length, bitsFor(suffixCount));
  packed.setFrom(0, bucketStarts, bucketStarts.length);
  return packed;
}

/** Packs a shard's plain arrays, in steps of a million entries or so (about half a second at 15M tokens in one go). */
export function* packSteps(parts: ShardParts, maxTokenId: number): Generator<void, ShardArrays> {
  const { tokens, suffixes } = parts;
  let largestToken = 0;
  const counts = new Uint32Array(maxTokenId + 2);
  for (let from = 0; from < tokens.length; from += ENTRIES_PER_STEP) {
    const to = Math.min(tokens.length, from + ENTRIES_PER_STEP);
    for (let i = from; i < to; i++) {
      const t = tokens[i]!;
      if (t > maxTokenId) throw new RangeError('Shard uses a token id beyond the vocabulary.');
      counts[t]!++;
      if (t > largestToken) largestToken = t;
    }
    yield;
  }
  counts[0] = 0; // sentinels are not phrase starts
  const bucketStarts = packBucketStarts(bucketStartsOf(counts, suffixes.length), suffixes.length);

  const tokenBuilder = new EscapedTokensBuilder(tokens.length, suffixes.length, largestToken);
  for (let from = 0; from < tokens.length; from += ENTRIES_PER_STEP) {
    const to = Math.min(tokens.length, from + ENTRIES_PER_STEP);
    tokenBuilder.setFrom(from, tokens.subarray(from, to), to - from);
    yield;
  }
  const packedTokens = tokenBuilder.finish();
  const positions = tokenBuilder.positions();
  const packedSuffixes = new PackedUints(suffixes.length, bitsFor(Math.max(0, suffixes.length - 1)));
  const run = new Uint32Array(Math.min(ENTRIES_PER_STEP, suffixes.length));
  for (let from = 0; from < suffixes.length; from += ENTRIES_PER_STEP) {
    const to = Math.min(suffixes.length, from + ENTRIES_PER_STEP);
    // A phrase start past the stream would read another shard's bits, not fail.
    for (let i = from; i < to; i++) if (suffixes[i]! >= tokens.length) throw new Error('Shard is inconsistent: a phrase starts past its stream.');
    run.set(suffixes.subarray(from, to));
    positions.mapInPlace(run, to - from);
    packedSuffixes.setFrom(from, run, to - from);
    yield;
  }
  return {
    documentStarts: parts.documentStarts,
    tokenDocumentStarts: parts.documentStarts.map((p) => positions.tokenPosition(p)),
    documentNumbers: parts.documentNumbers,
    tokens: packedTokens,
    suffixes: packedSuffixes,
    bucketStarts,
    samples: sampleRecords(tokens, suffixes),
  };
}

export class Shard implements IndexShard {
  readonly documentStarts: Uint32Array;
  readonly documentNumbers: Int32Array;
  /** 1 for documents still in the collection; change through setLive(). */
  readonly live: Uint8Array;
  /** Counts the changes of `live`: postings cached before a change are stale after it. */
  liveVersion = 0;
  readonly streamLength: number;
  readonly suffixCount: number;
  readonly hasBucketTable = true;
  /** The stream less its sentinels: positions here are token positions (escaped-tokens.ts). */
  private readonly tokens: EscapedTokens;
  private readonly suffixes: PackedUints;
  /** Each document's first token position, plus the token count. */
  private readonly tokenDocumentStarts: Uint32Array;
  /** Positions to documents, and local documents to sorted numbers. */
  private readonly documents: ShardDocuments;
  /**
   * Range of phrase starts beginning with token id t: [bucketStarts[t], bucketStarts[t + 1]),
   * packed at the width of the shard's phrase count (24 bits at most: a table per shard of
   * the whole vocabulary, 680,000 entries at 300M tokens).
   */
  private readonly bucketStarts: PackedUints;
  /** The first tokens of every 64th phrase, for the first steps of a search. */
  private readonly samples: SuffixSamples;

  /** A shard of packed arrays: packSteps() makes them from plain ones, readShardArraysSteps() (shard-storage.ts) from the file. */
  constructor(arrays: ShardArrays, isLive: (documentNumber: number) => boolean) {
    this.documentStarts = arrays.documentStarts;
    this.documentNumbers = arrays.documentNumbers;
    this.streamLength = arrays.documentStarts[arrays.documentNumbers.length] ?? 0;
    this.suffixCount = arrays.suffixes.length;
    this.tokens = arrays.tokens;
    this.suffixes = arrays.suffixes;
    this.tokenDocumentStarts = arrays.tokenDocumentStarts;
    this.bucketStarts = arrays.bucketStarts;
    this.documents = new ShardDocuments(arrays.tokenDocumentStarts, arrays.documentNumbers);
    this.live = new Uint8Array(arrays.documentNumbers.length);
    for (let d = 0; d < this.live.length; d++) this.live[d] = isLive(arrays.documentNumbers[d]!) ? 1 : 0;
    this.samples = new SuffixSamples(arrays.samples instanceof Uint16Array ? arrays.samples : narrowSampleRecords(arrays.samples), this);
  }

  /** Packs a shard's plain arrays (which are not kept). */
  static fromParts(parts: ShardParts, maxTokenId: number, isLive: (documentNumber: number) => boolean): Shard {
    return new Shard(runToEnd(packSteps(parts, maxTokenId)), isLive);
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
    return this.suffixes.get(i);
  }

  phraseTokenAt(start: number, offset: number): number {
    return phraseTokenAt(this.tokens, start, offset);
  }

  documentOfSuffixAt(i: number): number {
    return this.documents.documentAt(this.suffixes.get(i));
  }

  bucketLow(tokenId: number): number {
    return tokenId > 0 && tokenId + 1 < this.bucketStarts.length ? this.bucketStarts.get(tokenId) : 0;
  }

  bucketHigh(tokenId: number): number {
    return tokenId > 0 && tokenId + 1 < this.bucketStarts.length ? this.bucketStarts.get(tokenId + 1) : 0;
  }

  countDocuments(lo: number, hi: number, cap: number): number {
    return this.documents.countInRange(this, this.live, lo, hi, cap);
  }

  sortedDocumentNumbers(lo: number, hi: number, out: Int32Array, at: number): number {
    return this.documents.sortedNumbersInRange(this, this.live, lo, hi, out, at);
  }

  holdsPathAt(i: number, from: number, path: readonly number[]): boolean {
    const start = this.suffixes.get(i);
    // Path tokens are never 0, so a phrase that ends first does not hold the path.
    for (let j = from; j < path.length; j++) if (phraseTokenAt(this.tokens, start, j) !== path[j]) return false;
    return true;
  }

  /**
   * Within [low, high), whose phrases share their first `from` tokens, the first entry
   * whose tokens [from, path.length) are ≥ path[from..] (or > it, when `strictlyAbove`).
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

  /**
   * Within [low, high), whose phrases share their first `depth` tokens, the first entry
   * whose token at `depth` is ≥ `tokenId` (or > it, when `strictlyAbove`).
   */
  private boundAt(low: number, high: number, depth: number, tokenId: number, strictlyAbove: boolean): number {
    const { words: suffixWords, width: suffixWidth, mask: suffixMask } = this.suffixes;
    const { low: tokenLow, escapes, blockEscapes } = this.tokens;
    let lo = low;
    let hi = high;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const at = unpack(suffixWords, suffixWidth, suffixMask, mid) + depth;
      // The phrases share their first `depth` tokens; the one before `at` says whether the segment ends first (0).
      const t = depth > 0 && (tokenLow[at - 1]! & SEGMENT_END) !== 0 ? 0 : escapedAt(tokenLow, escapes, blockEscapes, at);
      if (t < tokenId || (strictlyAbove && t === tokenId)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private searchPath(low: number, high: number, from: number, path: readonly number[], strictlyAbove: boolean): number {
    const { words: suffixWords, width: suffixWidth, mask: suffixMask } = this.suffixes;
    const { low: tokenLow, escapes, blockEscapes } = this.tokens;
    const depth = path.length;
    let lo = low;
    let hi = high;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const start = unpack(suffixWords, suffixWidth, suffixMask, mid);
      // Compare the suffix with the path from `from` on; a segment end (the flag on the token
      // before) ends the comparison below any token. The tokens before `from` are the path's.
      let order = 0;
      let ended = from > 0 && (tokenLow[start + from - 1]! & SEGMENT_END) !== 0;
      for (let j = from; j < depth && order === 0; j++) {
        let t = 0;
        if (!ended) {
          const value = tokenLow[start + j]!;
          ended = (value & SEGMENT_END) !== 0;
          t = value & ID_MASK;
          if (t === ESCAPE) t = escapedAt(tokenLow, escapes, blockEscapes, start + j);
        }
        const p = path[j]!;
        if (t !== p) order = t < p ? -1 : 1;
      }
      if (order < 0 || (strictlyAbove && order === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  documentTokens(local: number): Uint32Array {
    const streamLength = this.documentStarts[local + 1]! - this.documentStarts[local]!;
    return sliceAsStream(this.tokens, this.tokenDocumentStarts[local]!, this.tokenDocumentStarts[local + 1]!, streamLength);
  }
}
