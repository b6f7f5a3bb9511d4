/**
 * Recently used postings of common phrases, shared by every walker of one index.
 *
 * Arity ≤ 3 detection needs the full postings (every document) of each combination
 * candidate, and candidates are common phrases by definition: "the applicant", "the
 * Court", "Article 6 of the Convention". On the 144 court judgments against a
 * 100M-token collection, their postings were 479M document entries, most of the time
 * detection took, and the same phrases come back in judgment after judgment (and in
 * every re-check of one judgment while the clerk edits it).
 *
 * Exactness: a phrase's postings depend only on the shards and which documents are
 * live. The shards of an index never change; liveness can (Shard.setLive, when a newer
 * generation of the file loads). The cache holds entries made under one liveness stamp
 * and drops them all when a lookup or an entry comes with another.
 */

/** Postings smaller than this are walked again: cheaper than a key and a lookup. */
export const CACHED_POSTINGS_MIN = 256;

export class PostingsCache {
  private readonly entries = new Map<string, Int32Array>();
  private held = 0;
  private stamp = -1;

  /** @param capacity Most document entries held at once (4 bytes each). */
  constructor(private readonly capacity: number) {}

  /** The postings of `key` under liveness `stamp`, or undefined. */
  get(key: string, stamp: number): Int32Array | undefined {
    this.adopt(stamp);
    const found = this.entries.get(key);
    if (found !== undefined) {
      // Map order is insertion order: re-inserting makes it the most recently used.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  /** Keeps `postings` (read-only from now on) for `key`, dropping the least recently used beyond capacity. */
  set(key: string, stamp: number, postings: Int32Array): void {
    this.adopt(stamp);
    if (postings.length > this.capacity / 4 || this.entries.has(key)) return;
    this.entries.set(key, postings);
    this.held += postings.length;
    for (const [oldest, evicted] of this.entries) {
      if (this.held <= this.capacity) break;
      this.entries.delete(oldest);
      this.held -= evicted.length;
    }
  }

  /** Entries made under another liveness stamp are stale: drop them all. */
  private adopt(stamp: number): void {
    if (stamp === this.stamp) return;
    this.clear();
    this.stamp = stamp;
  }

  /** Document entries held now. */
  get size(): number {
    return this.held;
  }

  clear(): void {
    this.entries.clear();
    this.held = 0;
  }
}
