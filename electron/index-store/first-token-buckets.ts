/**
 * How many phrases of a shard start with each token, stored with a paged shard, so that
 * a search finds a token's range of the suffix array from this small table instead of
 * two binary searches through the shard's pages.
 *
 * Why: a shard searched in place had no such table (a shard held whole builds one of 4
 * bytes per vocabulary entry at load). Every token of a checked text was searched for in
 * every shard the first time, and the last steps of those searches land on random token
 * pages: at 300M tokens they were half of the ~19,000 pages the first check after opening
 * read (bench/scale; shard-pages.ts gives the cost of a page). The table is the shard's
 * token frequencies (every position but a segment end starts a phrase, and phrases sort
 * by token id first), as (id gap, count) varints, deflated: a few hundred KB a shard,
 * about 0.05 bytes a token. It is read the first time a shard is searched, not at open.
 *
 * Files written before the table existed have none; their shards search as before.
 */
import { inflateRawSync } from 'node:zlib';
import { encodeVarintDeflate } from './blob-codec.js';

/** The shard_parts kind of the table. */
export const FIRST_TOKEN_COUNTS = 'first_token_counts';

/** The table of a shard's token stream (sentinels, id 0, are not phrase starts): (id gap, count) pairs in id order, encoded. */
export function encodeFirstTokenCounts(tokens: Uint32Array): Buffer {
  let maxId = 0;
  for (let i = 0; i < tokens.length; i++) if (tokens[i]! > maxId) maxId = tokens[i]!;
  const counts = new Uint32Array(maxId + 1);
  for (let i = 0; i < tokens.length; i++) counts[tokens[i]!]!++;
  let distinct = 0;
  for (let id = 1; id <= maxId; id++) if (counts[id]! > 0) distinct++;
  const pairs = new Uint32Array(2 * distinct);
  let previous = 0;
  let at = 0;
  for (let id = 1; id <= maxId; id++) {
    if (counts[id] === 0) continue;
    pairs[at++] = id - previous;
    pairs[at++] = counts[id]!;
    previous = id;
  }
  return encodeVarintDeflate(pairs);
}

/** The decoded table: where each token's phrases start in the suffix array. */
export class FirstTokenBuckets {
  /** Token ids that start phrases, ascending. */
  private readonly ids: Uint32Array;
  /** starts[j]: first suffix-array entry of ids[j]; starts[ids.length] = the shard's suffix count. */
  private readonly starts: Uint32Array;

  /**
   * Decodes and checks a stored table; throws a RangeError when it does not describe a
   * shard of `suffixCount` phrase starts with token ids up to `maxTokenId`.
   */
  constructor(data: Uint8Array, suffixCount: number, maxTokenId: number) {
    // One pass from the inflated varints to the two arrays: the first check after opening
    // a large collection reads every shard's table (26 at 300M tokens, about 500,000 pairs
    // each), and decoding the pairs into an array of their own first doubled the time.
    const bytes = inflateRawSync(data);
    const end = bytes.length;
    let values = 0;
    for (let i = 0; i < end; i++) if (bytes[i]! < 0x80) values++;
    if (values % 2 !== 0 || (end > 0 && bytes[end - 1]! >= 0x80)) throw new RangeError('The table of first tokens has an odd length.');
    const distinct = values / 2;
    this.ids = new Uint32Array(distinct);
    this.starts = new Uint32Array(distinct + 1);
    let id = 0;
    let total = 0;
    let i = 0;
    for (let j = 0; j < distinct; j++) {
      let gap = 0;
      for (let shift = 0, b = 0x80; b >= 0x80; shift += 7) {
        b = bytes[i++]!;
        gap += (b & 0x7f) * 2 ** shift;
      }
      let count = 0;
      for (let shift = 0, b = 0x80; b >= 0x80; shift += 7) {
        b = bytes[i++]!;
        count += (b & 0x7f) * 2 ** shift;
      }
      id += gap;
      if (gap === 0 || count === 0 || id > maxTokenId) throw new RangeError('The table of first tokens holds an impossible entry.');
      this.ids[j] = id;
      this.starts[j] = total;
      total += count;
    }
    if (total !== suffixCount) throw new RangeError(`The table of first tokens counts ${total} phrases, not ${suffixCount}.`);
    this.starts[distinct] = total;
  }

  /** The largest token id that starts a phrase; 0 for a shard of no phrases. */
  get largestId(): number {
    return this.ids.length === 0 ? 0 : this.ids[this.ids.length - 1]!;
  }

  /**
   * The table as a shard held whole keeps it (Shard.bucketStarts): for every token id t up
   * to maxTokenId + 1, the first entry of the phrases starting with t or a larger id.
   */
  toBucketStarts(maxTokenId: number): Uint32Array {
    const out = new Uint32Array(maxTokenId + 2);
    let j = 0;
    for (let t = 0; t < out.length; t++) {
      while (j < this.ids.length && this.ids[j]! < t) j++;
      out[t] = this.starts[j]!;
    }
    return out;
  }

  /** Index of the first id ≥ tokenId. */
  private rank(tokenId: number): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[mid]! < tokenId) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First suffix-array entry of the phrases starting with tokenId (where they would be, when there are none). */
  low(tokenId: number): number {
    return this.starts[this.rank(tokenId)]!;
  }

  /** End of the phrases starting with tokenId (equal to low() when there are none). */
  high(tokenId: number): number {
    const j = this.rank(tokenId);
    return this.starts[j < this.ids.length && this.ids[j] === tokenId ? j + 1 : j]!;
  }
}
