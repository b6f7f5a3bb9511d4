/**
 * The in-memory phrase index over all shards of a collection: what detection queries.
 * Loading from SQLite and building from documents both end here.
 */
import type { PhraseIndex, PhraseWalker } from '../../shared/linkage/phrase-index.js';
import type { Shard } from './shard.js';
import type { Vocabulary } from './vocabulary.js';

/** A live document's identity. */
export interface DocumentIdentity {
  readonly documentNumber: number;
  readonly externalId: string;
}

export class ShardedIndex implements PhraseIndex {
  private readonly numberOfExternal = new Map<string, number>();
  private readonly externalOfNumber = new Map<number, string>();

  constructor(
    readonly vocabulary: Vocabulary,
    readonly shards: readonly Shard[],
    documents: Iterable<DocumentIdentity>,
  ) {
    for (const d of documents) {
      this.numberOfExternal.set(d.externalId, d.documentNumber);
      this.externalOfNumber.set(d.documentNumber, d.externalId);
    }
  }

  get documentCount(): number {
    return this.externalOfNumber.size;
  }

  idsOf(keys: readonly string[]): Int32Array {
    const ids = new Int32Array(keys.length);
    for (let i = 0; i < keys.length; i++) ids[i] = this.vocabulary.idOf(keys[i]!);
    return ids;
  }

  walker(): PhraseWalker {
    return new ShardWalker(this.shards);
  }

  externalIds(documentNumbers: ArrayLike<number>): string[] {
    return Array.from(documentNumbers, (n) => this.externalOfNumber.get(n) ?? `#${n}`);
  }

  documentNumberOf(externalId: string): number | undefined {
    return this.numberOfExternal.get(externalId);
  }

  documentTokens(documentNumber: number): Uint32Array | undefined {
    if (!this.externalOfNumber.has(documentNumber)) return undefined;
    this.placeOfNumber ??= this.placeDocuments();
    const place = this.placeOfNumber.get(documentNumber);
    return place === undefined ? undefined : place.shard.documentTokens(place.local);
  }

  /** Where each document's tokens are, built on the first documentTokens() call. */
  private placeOfNumber: Map<number, { shard: Shard; local: number }> | undefined;

  private placeDocuments(): Map<number, { shard: Shard; local: number }> {
    const places = new Map<number, { shard: Shard; local: number }>();
    for (const shard of this.shards) {
      for (let local = 0; local < shard.documentCount; local++) if (shard.live[local] === 1) places.set(shard.documentNumbers[local]!, { shard, local });
    }
    return places;
  }
}

/**
 * Walks a phrase across all shards at once: one [low, high) range per shard, narrowed
 * by binary search as tokens are appended.
 */
export class ShardWalker implements PhraseWalker {
  private readonly low: Int32Array;
  private readonly high: Int32Array;
  private depth = 0;

  constructor(private readonly shards: readonly Shard[]) {
    this.low = new Int32Array(shards.length);
    this.high = new Int32Array(shards.length);
  }

  start(tokenId: number): boolean {
    let any = false;
    for (let s = 0; s < this.shards.length; s++) {
      const shard = this.shards[s]!;
      this.low[s] = shard.bucketLow(tokenId);
      this.high[s] = shard.bucketHigh(tokenId);
      if (this.low[s]! < this.high[s]!) any = true;
    }
    this.depth = 1;
    return any;
  }

  extend(tokenId: number): boolean {
    let any = false;
    const depth = this.depth;
    for (let s = 0; s < this.shards.length; s++) {
      let lo = this.low[s]!;
      let hi = this.high[s]!;
      if (lo < hi) {
        if (tokenId <= 0) {
          lo = hi;
        } else {
          const shard = this.shards[s]!;
          lo = shard.boundAt(lo, hi, depth, tokenId, false);
          hi = shard.boundAt(lo, hi, depth, tokenId, true);
        }
        this.low[s] = lo;
        this.high[s] = hi;
        if (lo < hi) any = true;
      }
    }
    this.depth = depth + 1;
    return any;
  }

  countDocuments(cap: number): number {
    // Documents never span shards, so per-shard counts add up.
    let found = 0;
    for (let s = 0; s < this.shards.length && found < cap; s++) {
      const lo = this.low[s]!;
      const hi = this.high[s]!;
      if (lo < hi) found += this.shards[s]!.distinct.count(lo, hi, cap - found);
    }
    return Math.min(found, cap);
  }

  documents(): Int32Array {
    const out: number[] = [];
    for (let s = 0; s < this.shards.length; s++) {
      const lo = this.low[s]!;
      const hi = this.high[s]!;
      if (lo >= hi) continue;
      const { documentNumbers } = this.shards[s]!;
      this.shards[s]!.distinct.forEachDistinct(lo, hi, (d) => {
        out.push(documentNumbers[d]!);
        return true;
      });
    }
    return Int32Array.from(out).sort();
  }
}
