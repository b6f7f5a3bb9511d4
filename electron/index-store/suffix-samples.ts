/**
 * The first tokens of every 2^shift-th phrase of a shard, in suffix order: the first steps
 * of a binary search read this small table instead of the suffix array and the token
 * stream.
 *
 * Why: a step of a plain search reads the suffix at `mid`, then the token it points to,
 * two cache misses in arrays of hundreds of megabytes. On a large collection a rare
 * phrase is searched for in every shard, and those misses were most of arity-1 detection.
 * Here the steps down to a window of 2^shift entries read one 16-byte record each; only
 * the last few steps, and phrases longer than the record, touch the big arrays.
 */

/** One sample every 2^SAMPLE_SHIFT entries: 0.25 bytes per token with 4 tokens a record. */
export const SAMPLE_SHIFT = 6;
/** Tokens kept per sample (0 after a segment end, as in the stream). */
export const SAMPLE_TOKENS = 4;

/**
 * A record's token in a shard held whole, where sample records are 16 bits a token (half
 * the 71 MiB of records at 300M tokens): a token id of 65,535 or more is written as this
 * and read from the stream instead. A shard paged for good keeps 32-bit records: there a
 * read of the stream can be a read of the file, which is what the samples are there to
 * spare. A paged shard of a collection that will be read whole has the narrowed records
 * from the start (readPagedShardParts), so that the shard read whole keeps that array.
 */
export const SAMPLE_ESCAPE = 0xffff;

/** Records for a shard held whole: 16 bits a token, larger ids as SAMPLE_ESCAPE. */
export function narrowSampleRecords(records: Uint32Array): Uint16Array {
  const narrow = new Uint16Array(records.length);
  for (let i = 0; i < records.length; i++) narrow[i] = Math.min(records[i]!, SAMPLE_ESCAPE);
  return narrow;
}

/** Where a sample's phrase continues past its record: the shard's suffixes and tokens, resident or paged. */
export interface PhraseSource {
  suffixAt(i: number): number;
  /** Token `offset` of the phrase at `start`, 0 where its segment ended (IndexShard.phraseTokenAt). */
  phraseTokenAt(start: number, offset: number): number;
}

/** Length of sampleRecords() for a shard of `suffixCount` phrase starts. */
export function sampleRecordLength(suffixCount: number): number {
  return Math.ceil(suffixCount / (1 << SAMPLE_SHIFT)) * SAMPLE_TOKENS;
}

/**
 * The sample records of a sorted shard: SAMPLE_TOKENS tokens of every 2^SAMPLE_SHIFT-th
 * phrase. Built with the shard (and stored with it, so that a paged shard opens without
 * reading its token stream).
 */
export function sampleRecords(tokens: Uint32Array, suffixes: Uint32Array): Uint32Array {
  const records = new Uint32Array(sampleRecordLength(suffixes.length));
  const count = records.length / SAMPLE_TOKENS;
  for (let m = 0; m < count; m++) {
    const start = suffixes[m << SAMPLE_SHIFT]!;
    for (let j = 0; j < SAMPLE_TOKENS && start + j < tokens.length; j++) {
      const token = tokens[start + j]!;
      records[m * SAMPLE_TOKENS + j] = token;
      if (token === 0) break;
    }
  }
  return records;
}

export class SuffixSamples {
  /** Where the last call of window() narrowed to: [low, high). */
  low = 0;
  high = 0;

  constructor(
    /** SAMPLE_TOKENS tokens of sample m from m * SAMPLE_TOKENS (see sampleRecords), 32 bits a token or narrowed (narrowSampleRecords). */
    private readonly records: Uint32Array | Uint16Array,
    private readonly phrases: PhraseSource,
  ) {}

  /** Sample m's phrase against path[from..]: −1, 0 (equal over path's length), 1. Tokens [0, from) are shared. */
  private compare(m: number, from: number, path: readonly number[]): number {
    const record = m * SAMPLE_TOKENS;
    let start = -1;
    for (let j = from; j < path.length; j++) {
      let t: number;
      const p = path[j]!;
      const held = j < SAMPLE_TOKENS ? this.records[record + j]! : -1;
      // A token past the record, or escaped in it, is read where the phrase starts; but an
      // escaped token is SAMPLE_ESCAPE or more, so it sorts above any smaller path token
      // unread (in a paged shard that read can be a read of the file).
      if (held >= 0 && held !== SAMPLE_ESCAPE) t = held;
      else if (held === SAMPLE_ESCAPE && p < SAMPLE_ESCAPE) return 1;
      else {
        if (start < 0) start = this.phrases.suffixAt(m << SAMPLE_SHIFT);
        t = this.phrases.phraseTokenAt(start, j);
      }
      // A segment end (0) sorts below every token, and the phrase ends there.
      if (t !== p) return t < p ? -1 : 1;
    }
    return 0;
  }

  /**
   * Narrows [low, high), whose phrases share their first `from` tokens, to a window
   * (this.low, this.high) of at most 2^shift entries that holds the first entry at or
   * after path (after it, when `strictlyAbove`), or ends at high when there is none.
   * False when the range is too small to gain: search [low, high) as it is.
   */
  window(low: number, high: number, from: number, path: readonly number[], strictlyAbove: boolean): boolean {
    const shift = SAMPLE_SHIFT;
    if (high - low <= 2 << shift) return false;
    // Samples whose entries lie in [low, high): m in [first, end).
    const first = (low + (1 << shift) - 1) >>> shift;
    const end = (high + (1 << shift) - 1) >>> shift;
    let lo = first;
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const order = this.compare(mid, from, path);
      if (order < 0 || (strictlyAbove && order === 0)) lo = mid + 1;
      else hi = mid;
    }
    // Sample lo is the first at or after the path: the answer is past sample lo − 1, and at sample lo at the latest.
    this.low = lo > first ? ((lo - 1) << shift) + 1 : low;
    this.high = lo < end ? lo << shift : high;
    return true;
  }
}
