/**
 * The in-memory phrase index over all shards of a collection: what detection queries.
 * Loading from SQLite and building from documents both end here.
 */
import type { PhraseIndex, PhraseWalker } from '../../shared/linkage/phrase-index.js';
import { CACHED_POSTINGS_MIN, PostingsCache } from './postings-cache.js';
import type { IndexShard } from './shard.js';
import type { Vocabulary } from './vocabulary.js';

/** A live document's identity. */
export interface DocumentIdentity {
  readonly documentNumber: number;
  readonly externalId: string;
}

/**
 * Document numbers to external ids and back, for the live documents. A collection file
 * answers from SQLite, one indexed lookup per question (loading 400,000 ids at open took
 * half a second at 300M tokens, and detection asks for a few ids per linkable span); an
 * in-memory collection from maps (mapDirectory).
 */
export interface DocumentDirectory {
  readonly count: number;
  externalIdOf(documentNumber: number): string | undefined;
  numberOf(externalId: string): number | undefined;
}

/** A directory of documents held in two maps. */
export function mapDirectory(documents: Iterable<DocumentIdentity>): DocumentDirectory {
  const numberOfExternal = new Map<string, number>();
  const externalOfNumber = new Map<number, string>();
  for (const d of documents) {
    numberOfExternal.set(d.externalId, d.documentNumber);
    externalOfNumber.set(d.documentNumber, d.externalId);
  }
  return {
    count: externalOfNumber.size,
    externalIdOf: (n) => externalOfNumber.get(n),
    numberOf: (id) => numberOfExternal.get(id),
  };
}

/** Document entries the shared postings cache holds: 64 MB. */
const POSTINGS_CACHE_ENTRIES = 16 * 1024 * 1024;

export class ShardedIndex implements PhraseIndex {
  private readonly postings = new PostingsCache(POSTINGS_CACHE_ENTRIES);
  private readonly scratch = new PostingsScratch();

  constructor(
    readonly vocabulary: Vocabulary,
    readonly shards: readonly IndexShard[],
    private readonly documents: DocumentDirectory,
  ) {}

  get documentCount(): number {
    return this.documents.count;
  }

  idsOf(keys: readonly string[]): Int32Array {
    const ids = new Int32Array(keys.length);
    for (let i = 0; i < keys.length; i++) ids[i] = this.vocabulary.idOf(keys[i]!);
    return ids;
  }

  walker(): PhraseWalker {
    return new ShardWalker(this.shards, this.postings, this.scratch);
  }

  externalIds(documentNumbers: ArrayLike<number>): string[] {
    return Array.from(documentNumbers, (n) => this.documents.externalIdOf(n) ?? `#${n}`);
  }

  documentNumberOf(externalId: string): number | undefined {
    return this.documents.numberOf(externalId);
  }

  documentTokens(documentNumber: number): Uint32Array | undefined {
    this.placeOfNumber ??= this.placeDocuments();
    const place = this.placeOfNumber.get(documentNumber);
    return place === undefined ? undefined : place.shard.documentTokens(place.local);
  }

  /** Where each document's tokens are, built on the first documentTokens() call. */
  private placeOfNumber: Map<number, { shard: IndexShard; local: number }> | undefined;

  private placeDocuments(): Map<number, { shard: IndexShard; local: number }> {
    const places = new Map<number, { shard: IndexShard; local: number }>();
    for (const shard of this.shards) {
      for (let local = 0; local < shard.documentCount; local++) if (shard.live[local] === 1) places.set(shard.documentNumbers[local]!, { shard, local });
    }
    return places;
  }
}

/**
 * Walks a phrase across all shards at once: one [low, high) range per shard, narrowed
 * by binary search as tokens are appended.
 *
 * Lazily: a shard's range is narrowed to the phrase only when an answer needs it. Whether
 * a phrase occurs needs one shard that holds it, and whether it is in k documents
 * usually needs the first shard or two; only a rare phrase (and its postings) needs them
 * all. Detection extends common phrases far more often than it meets rare ones, and
 * eager narrowing did two binary searches per shard on every token.
 */
export class ShardWalker implements PhraseWalker {
  private readonly low: Int32Array;
  private readonly high: Int32Array;
  /** How many tokens of `path` each shard's range is narrowed to (an empty range counts as narrowed). */
  private readonly narrowedTo: Int32Array;
  /** Token ids walked so far: what lagging shards catch up on, and the cache key of the phrase. */
  private readonly path: number[] = [];

  constructor(
    private readonly shards: readonly IndexShard[],
    private readonly cache: PostingsCache | undefined,
    private readonly scratch: PostingsScratch,
  ) {
    this.low = new Int32Array(shards.length);
    this.high = new Int32Array(shards.length);
    this.narrowedTo = new Int32Array(shards.length);
  }

  start(tokenId: number): boolean {
    this.path.length = 0;
    this.path.push(tokenId);
    for (let s = 0; s < this.shards.length; s++) {
      const shard = this.shards[s]!;
      if (tokenId <= 0) {
        this.low[s] = 0;
        this.high[s] = 0;
        this.narrowedTo[s] = 1;
      } else if (shard.hasBucketTable) {
        this.low[s] = shard.bucketLow(tokenId);
        this.high[s] = shard.bucketHigh(tokenId);
        this.narrowedTo[s] = 1;
      } else {
        // A paged shard's table of first tokens is read from the file on its first search: its whole range, narrowed when asked.
        this.low[s] = 0;
        this.high[s] = shard.suffixCount;
        this.narrowedTo[s] = 0;
      }
    }
    for (let s = 0; s < this.shards.length; s++) if (this.narrow(s)) return true;
    return false;
  }

  startKnown(ids: ArrayLike<number>, from: number, length: number): void {
    this.start(ids[from]!);
    // The other tokens wait in the path: the next question narrows each shard over all of them at once.
    for (let t = 1; t < length; t++) this.path.push(ids[from + t]!);
  }

  extend(tokenId: number): boolean {
    this.path.push(tokenId);
    if (tokenId <= 0) {
      // No phrase runs past a segment end.
      this.high.set(this.low);
      this.narrowedTo.fill(this.path.length);
      return false;
    }
    // The first shard that holds the longer phrase answers; the rest catch up when asked.
    for (let s = 0; s < this.shards.length; s++) if (this.narrow(s)) return true;
    return false;
  }

  /** Narrows shard s's range to the whole path; true when it is not empty. */
  private narrow(s: number): boolean {
    const depth = this.path.length;
    let lo = this.low[s]!;
    let hi = this.high[s]!;
    let at = this.narrowedTo[s]!;
    if (at < depth && lo < hi) {
      const shard = this.shards[s]!;
      if (at === 0) {
        // A paged shard's first-token range, searched for (and remembered) only now that it is needed.
        lo = shard.bucketLow(this.path[0]!);
        hi = shard.bucketHigh(this.path[0]!);
        at = 1;
      }
      if (at < depth && lo < hi) {
        // One token behind or several: two searches over all of them, not two per token. The
        // end is searched for only when the first entry at or after the phrase holds it: a
        // rare phrase is absent from most shards, and one search tells.
        lo = shard.boundPath(lo, hi, at, this.path, false);
        hi =
          lo < hi && shard.holdsPathAt(lo, at, this.path)
            ? shard.hasBucketTable
              ? shard.boundPath(lo, hi, at, this.path, true)
              : endOfPath(shard, lo, hi, at, this.path)
            : lo;
      }
      this.low[s] = lo;
      this.high[s] = hi;
    }
    this.narrowedTo[s] = depth;
    return lo < hi;
  }

  countDocuments(cap: number): number {
    // Documents never span shards, so per-shard counts add up.
    let found = 0;
    for (let s = 0; s < this.shards.length && found < cap; s++) {
      if (this.narrow(s)) found += this.shards[s]!.countDocuments(this.low[s]!, this.high[s]!, cap - found);
    }
    return Math.min(found, cap);
  }

  documents(): Int32Array {
    for (let s = 0; s < this.shards.length; s++) this.narrow(s);
    // Room for every distinct document: no more than the range's entries, nor the shard's documents.
    let room = 0;
    for (let s = 0; s < this.shards.length; s++) {
      const span = this.high[s]! - this.low[s]!;
      if (span > 0) room += Math.min(span, this.shards[s]!.documentCount);
    }
    if (this.cache === undefined || room < CACHED_POSTINGS_MIN) return this.walkDocuments(room);
    const key = this.path.join(',');
    const stamp = livenessStamp(this.shards);
    const cached = this.cache.get(key, stamp);
    if (cached !== undefined) return cached;
    const documents = this.walkDocuments(room);
    this.cache.set(key, stamp, documents);
    return documents;
  }

  private walkDocuments(room: number): Int32Array {
    const out = this.scratch.room(room);
    let end = 0;
    let ascending = true;
    for (let s = 0; s < this.shards.length; s++) {
      const lo = this.low[s]!;
      const hi = this.high[s]!;
      if (lo >= hi) continue;
      const from = end;
      end = this.shards[s]!.sortedDocumentNumbers(lo, hi, out, from);
      // Shards usually hold ascending, disjoint ranges of document numbers; then no merge is needed.
      if (from > 0 && end > from && out[from]! < out[from - 1]!) ascending = false;
    }
    const documents = out.slice(0, end);
    return ascending ? documents : documents.sort();
  }
}

/**
 * Where a walker gathers a phrase's postings before they are copied out at their size: one
 * array per index, grown as needed and kept, rather than one the size of the phrase's
 * range per question, let go at once. Arity ≤ 3 detection gathers the postings of
 * thousands of common phrases a judgment (up to 1.6 MB each at 300M tokens), and each
 * short-lived array is one more the allocator must find room for beside those that stay.
 * Checks run one at a time on the main thread, and a walk does not yield, so one is enough.
 */
class PostingsScratch {
  private buffer = new Int32Array(1024);

  /** An array of at least `size` entries; valid until the next call. */
  room(size: number): Int32Array {
    if (this.buffer.length < size) this.buffer = new Int32Array(Math.max(size, this.buffer.length * 2));
    return this.buffer;
  }
}

/** Entries galloped over before the end of a phrase's range is searched for by bisection. */
const GALLOP_LIMIT = 64;

/**
 * The end of the range of entries holding path[from..], given that entry lo holds it.
 * Galloping from lo, for a paged shard: past its first token or two, most phrases
 * detection asks about occur a few times, and their range ends within a step or two; a
 * full search for the end would read a dozen entries scattered over the shard, each a page
 * to read. A shard held whole searches for the end as before: galloping was no faster
 * there (court collection).
 */
function endOfPath(shard: IndexShard, lo: number, hi: number, from: number, path: readonly number[]): number {
  let known = lo; // holds the path
  let step = 1;
  while (known + step < hi && step <= GALLOP_LIMIT) {
    if (!shard.holdsPathAt(known + step, from, path)) return shard.boundPath(known + 1, known + step, from, path, true);
    known += step;
    step *= 2;
  }
  return shard.boundPath(known + 1, hi, from, path, true);
}

/** Changes whenever any shard's liveness does (see PostingsCache). */
function livenessStamp(shards: readonly IndexShard[]): number {
  let stamp = 0;
  for (const shard of shards) stamp += shard.liveVersion;
  return stamp;
}
