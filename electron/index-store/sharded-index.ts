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
}

/**
 * Walks a phrase across all shards at once: one [low, high) range per shard, narrowed
 * by binary search as tokens are appended.
 */
export class ShardWalker implements PhraseWalker {
  private readonly low: Int32Array;
  private readonly high: Int32Array;
  private depth = 0;
  /** Per shard, the stamp each local document last got; avoids clearing a set per query. */
  private readonly seen: Int32Array[];
  private stamp = 0;

  constructor(private readonly shards: readonly Shard[]) {
    this.low = new Int32Array(shards.length);
    this.high = new Int32Array(shards.length);
    this.seen = shards.map((s) => new Int32Array(s.documentCount));
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

  private nextStamp(): number {
    if (++this.stamp === 0x7fffffff) {
      for (const seen of this.seen) seen.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  countDocuments(cap: number): number {
    const stamp = this.nextStamp();
    let found = 0;
    for (let s = 0; s < this.shards.length; s++) {
      const lo = this.low[s]!;
      const hi = this.high[s]!;
      if (lo >= hi) continue;
      const { documentOfSuffix, live } = this.shards[s]!;
      const seen = this.seen[s]!;
      for (let i = lo; i < hi; i++) {
        const d = documentOfSuffix[i]!;
        if (seen[d] === stamp || live[d] === 0) continue;
        seen[d] = stamp;
        if (++found >= cap) return cap;
      }
    }
    return found;
  }

  documents(): Int32Array {
    const stamp = this.nextStamp();
    const out: number[] = [];
    for (let s = 0; s < this.shards.length; s++) {
      const lo = this.low[s]!;
      const hi = this.high[s]!;
      if (lo >= hi) continue;
      const { documentOfSuffix, live, documentNumbers } = this.shards[s]!;
      const seen = this.seen[s]!;
      for (let i = lo; i < hi; i++) {
        const d = documentOfSuffix[i]!;
        if (seen[d] === stamp || live[d] === 0) continue;
        seen[d] = stamp;
        out.push(documentNumbers[d]!);
      }
    }
    return Int32Array.from(out).sort();
  }
}
