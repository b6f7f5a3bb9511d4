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
import { bitsFor, PackedUints } from './packed-uints.js';

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

/**
 * The decoded table: where each token's phrases start in the suffix array, as the bucket
 * table a shard held whole keeps (Shard): entry t is the first suffix-array entry of the
 * phrases starting with t or a larger id, for every id up to maxTokenId + 1, packed at the
 * width of the shard's phrase count.
 *
 * Why this form: a collection held whole opens in place first (collection-index.ts), and
 * its shards are then read whole. The shard read whole keeps this very table, so nothing
 * the first checks read is let go at the end. Let go, these tables and the 32-bit sample
 * records (see readPagedShardParts) left holes in the allocator's heap below what stays,
 * which it never gave back: at 300M tokens, 2,054 MiB resident after the arity-1 pass
 * against 1,915 now (BENCHMARKS.md). It is also smaller than the (id, start) pairs it
 * replaces: about 2 MB a shard against 4 at 300M tokens (680,000 ids at 23 or 24 bits,
 * against 500,000 pairs at 8 bytes).
 */
export class FirstTokenBuckets {
  /** Entry t: first suffix-array entry of the phrases starting with t or a larger id; the last is the shard's phrase count. */
  readonly table: PackedUints;
  /** The largest token id that starts a phrase; 0 for a shard of no phrases. */
  readonly largestId: number;

  /**
   * Decodes and checks a stored table; throws a RangeError when it does not describe a
   * shard of `suffixCount` phrase starts with token ids up to `maxTokenId`.
   */
  constructor(data: Uint8Array, suffixCount: number, maxTokenId: number) {
    // One pass from the inflated varints to the table: the first check after opening a
    // large collection reads every shard's table (26 at 300M tokens, about 500,000 pairs
    // each), and decoding the pairs into an array of their own first doubled the time.
    const bytes = inflateRawSync(data);
    const end = bytes.length;
    if (end > 0 && bytes[end - 1]! >= 0x80) throw new RangeError('The table of first tokens has an odd length.');
    const table = new PackedUints(maxTokenId + 2, bitsFor(suffixCount));
    let id = 0;
    let total = 0;
    // Ids with no phrases between two that have some start where the next one does.
    let filled = 0;
    for (let i = 0; i < end;) {
      let gap = 0;
      for (let shift = 0, b = 0x80; b >= 0x80; shift += 7) {
        b = bytes[i++]!;
        gap += (b & 0x7f) * 2 ** shift;
      }
      if (i >= end) throw new RangeError('The table of first tokens has an odd length.');
      let count = 0;
      for (let shift = 0, b = 0x80; b >= 0x80; shift += 7) {
        b = bytes[i++]!;
        count += (b & 0x7f) * 2 ** shift;
      }
      id += gap;
      if (gap === 0 || count === 0 || id > maxTokenId || total + count > suffixCount)
        throw new RangeError('The table of first tokens holds an impossible entry.');
      for (; filled <= id; filled++) table.set(filled, total);
      total += count;
    }
    if (total !== suffixCount) throw new RangeError(`The table of first tokens counts ${total} phrases, not ${suffixCount}.`);
    for (; filled < table.length; filled++) table.set(filled, total);
    this.table = table;
    this.largestId = id;
  }

  /** First suffix-array entry of the phrases starting with tokenId (where they would be, when there are none). */
  low(tokenId: number): number {
    return this.table.get(Math.min(tokenId, this.table.length - 1));
  }

  /** End of the phrases starting with tokenId (equal to low() when there are none). */
  high(tokenId: number): number {
    return this.table.get(Math.min(tokenId + 1, this.table.length - 1));
  }
}
