/**
 * A collection index file, opened: its metadata, its documents, and the in-memory
 * phrase index that detection queries. Writing lives in collection-writer.ts.
 */
import type Database from 'better-sqlite3';
import { totalmem } from 'node:os';
import { AppError } from '../../shared/errors.js';
import { runToEnd } from '../../shared/steps.js';
import { explainFileError, openIndexFile, readMeta } from './schema.js';
import { PagedShard } from './paged-shard.js';
import { Shard, type IndexShard } from './shard.js';
import { PageCache } from './shard-pages.js';
import { ShardedIndex, type DocumentDirectory } from './sharded-index.js';
import { CollectionChangedError, shardExists } from './collection-changed.js';
import { isPagedShard, listShards, readPagedShardParts, readShardArrays, readShardArraysSteps, readVocabulary } from './shard-storage.js';
import { TextBlockReader, type StoredText } from './text-blocks.js';
import { Vocabulary } from './vocabulary.js';

/** What a collection says about itself. */
export interface CollectionInfo {
  readonly path: string;
  readonly name: string;
  readonly documentCount: number;
  readonly tokenCount: number;
  readonly shardCount: number;
  readonly placeholderPattern: string;
  /** SHA-256 over the sorted (id, text hash) pairs of the live documents. */
  readonly contentSha256: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Increases with every change. */
  readonly generation: number;
}

/** One document as listed. */
export interface DocumentSummary {
  readonly id: string;
  readonly number: number;
  readonly tokens: number;
  readonly characters: number;
  readonly source: string | null;
  readonly origin: string;
  readonly addedAt: string;
}

/** Options for opening. */
export interface OpenOptions {
  /** Open for reading only (default). Writers open with readonly: false. */
  readonly readonly?: boolean;
  /**
   * Collections of at most this many stream tokens are held in memory whole (fastest
   * searches); larger ones are searched in place, page by page (paged-shard.ts). Default
   * residentTokenLimit(); tests set 0 to page everything.
   */
  readonly residentTokens?: number;
  /** Bytes of decoded pages kept in memory for a paged collection; default pageCacheBudget(). */
  readonly pageCacheBytes?: number;
  /**
   * A collection held whole but of more stream tokens than this opens in place first, and
   * promoteSteps() then reads it whole (see PROMOTE_ABOVE_TOKENS). Infinity reads it whole
   * at once.
   */
  readonly promoteAbove?: number;
}

/**
 * Held-whole collections above this many tokens open in place first: decoding every shard
 * took 8.8 s at 100M tokens and 33 s at 300M (BENCHMARKS.md), opening in place about a
 * second, and a clerk's first check should not wait for the rest. The court collection
 * (10M, 0.7 s) opens whole at once.
 */
export const PROMOTE_ABOVE_TOKENS = 50_000_000;
/** Decoded pages kept while such a collection is read whole (a few first checks' worth at 300M). */
const PROMOTION_PAGE_CACHE_BYTES = 1024 * 1024 * 1024;

/**
 * Memory a collection held whole takes per stream token (a phrase start or a segment end;
 * shard.ts): the token stream and the phrase starts (about 4.4 bytes at 300M tokens, since
 * the segment ends became flags), each shard's range of every first token, the sampled
 * phrases, the postings cache, and what the allocator keeps after reading the shards:
 * 2.47 GB at the peak for the 362M stream tokens of a 300M-token collection when measured
 * for this limit (6.8 bytes), 2,097 MiB later (6.1 bytes), 1,963 MiB now (5.7 bytes;
 * BENCHMARKS.md). 7 keeps the margin.
 */
export const RESIDENT_BYTES_PER_TOKEN = 7;
/** Share of the machine's memory a collection held whole may take. */
const RESIDENT_MEMORY_SHARE = 0.4;
/** Share of the machine's memory the pages of a collection searched in place may take. */
const PAGE_CACHE_MEMORY_SHARE = 0.25;

/**
 * Up to how many tokens a collection is held whole on this machine. Held whole, a search
 * reads arrays in memory; paged, it reads pages (about 100 µs each from the file, then
 * cached; see shard-pages.ts), and is 1.4 to 2 times slower even when every page is cached (arity-1 median
 * and p95 at 100M and 300M tokens), and far slower while they are not. So a collection is paged only where holding it whole would take
 * more than 40 % of the memory: above about 1.47B stream tokens (1.2B tokens) on 24 GB.
 */
export function residentTokenLimit(): number {
  return Math.floor((totalmem() * RESIDENT_MEMORY_SHARE) / RESIDENT_BYTES_PER_TOKEN);
}

/** Decoded pages a paged collection keeps: a quarter of the memory, at least 256 MB. */
export function pageCacheBudget(): number {
  return Math.max(256 * 1024 * 1024, Math.floor(totalmem() * PAGE_CACHE_MEMORY_SHARE));
}

export class CollectionIndex {
  private cachedIndex: ShardedIndex | undefined;
  private loadedShards = new Map<number, IndexShard>();
  /** Pages of the paged shards, kept across reloads (pages never change; see shard-pages.ts). */
  private pageCache: PageCache | undefined;
  private vocabulary = new Vocabulary();
  /** Liveness and document count of the last load, for shards promoteSteps() reads whole. */
  private liveness: (documentNumber: number) => boolean = () => true;
  private documentCount = 0;
  /** True when the last load found the collection small enough to hold whole. */
  private holdsWhole = true;
  /** Reads document texts (see text-blocks.ts); made on the first documentText(). */
  private texts: TextBlockReader | undefined;

  private constructor(
    readonly path: string,
    readonly db: Database.Database,
    private readonly options: OpenOptions = {},
  ) {}

  /** Opens an index file, checking that it is one. Throws AppError for people. */
  static open(path: string, options: OpenOptions = {}): CollectionIndex {
    const db = openIndexFile(path, { readonly: options.readonly ?? true });
    const collection = new CollectionIndex(path, db, options);
    try {
      collection.readInfo();
      return collection;
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** Wraps a just-created database (used by the writer). */
  static fromDatabase(path: string, db: Database.Database): CollectionIndex {
    return new CollectionIndex(path, db);
  }

  /** Runs a read against the file, turning SQLite's file errors into AppErrors. */
  guard<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      throw explainFileError(this.path, error) ?? error;
    }
  }

  readInfo(): CollectionInfo {
    return this.guard(() => {
      const meta = readMeta(this.db);
      if (meta.format !== 'unlinkable-collection')
        throw new AppError('not-an-index', `${this.path} is not an Unlinkable collection index. The file was not changed.`);
      const counts = this.db.prepare('SELECT COUNT(*) AS documents, COALESCE(SUM(token_count), 0) AS tokens FROM documents').get() as {
        documents: number;
        tokens: number;
      };
      const shards = this.db.prepare('SELECT COUNT(*) AS n FROM shards').get() as { n: number };
      return {
        path: this.path,
        name: meta.name ?? '',
        documentCount: counts.documents,
        tokenCount: counts.tokens,
        shardCount: shards.n,
        placeholderPattern: meta.placeholder_pattern ?? '',
        contentSha256: meta.content_sha256 ?? '',
        createdAt: meta.created_at ?? '',
        updatedAt: meta.updated_at ?? '',
        generation: Number(meta.generation ?? 0),
      };
    });
  }

  /** The change counter alone: one row, cheap enough to read before every check. */
  generation(): number {
    return this.guard(() => Number((this.db.prepare("SELECT value FROM meta WHERE key = 'generation'").get() as { value: string } | undefined)?.value ?? 0));
  }

  /** The placeholder pattern fixed when the collection was made (it never changes). */
  placeholderPattern(): string {
    this.cachedPattern ??= this.guard(
      () => (this.db.prepare("SELECT value FROM meta WHERE key = 'placeholder_pattern'").get() as { value: string } | undefined)?.value ?? '',
    );
    return this.cachedPattern;
  }

  private cachedPattern: string | undefined;

  /**
   * The phrase index, loaded on first use and refreshed when the file changed: only
   * shards added since are read, and removed documents are marked dead.
   */
  phraseIndex(): ShardedIndex {
    return runToEnd(this.phraseIndexSteps());
  }

  /**
   * The same, yielding after each shard it decodes, with progress: the engine worker loads
   * a large collection this way at start, so that it can report progress, be cancelled,
   * and answer other requests meanwhile. A check that arrives mid-load loads the rest
   * itself; the shards either load decodes are kept for the other.
   */
  *phraseIndexSteps(onShard?: (done: number, total: number) => void): Generator<void, ShardedIndex> {
    const generation = this.generation();
    if (this.cachedIndex !== undefined && this.loadedGeneration === generation) return this.cachedIndex;
    try {
      this.cachedIndex = yield* this.load(onShard);
    } catch (error) {
      throw explainFileError(this.path, error) ?? error;
    }
    this.loadedGeneration = generation;
    return this.cachedIndex;
  }

  private loadedGeneration = -1;

  private *load(onShard: ((done: number, total: number) => void) | undefined): Generator<void, ShardedIndex> {
    const keys = readVocabulary(this.db, this.path);
    if (keys.ends.length < this.vocabulary.maxId) {
      this.vocabulary = new Vocabulary();
      this.loadedShards.clear();
    }
    this.vocabulary.appendStoredKeys(keys, this.vocabulary.maxId);
    // Liveness as a bitmap by document number: integers only, no ids (see sqlDirectory).
    const numbers = this.db.prepare('SELECT number FROM documents').pluck().all() as number[];
    const live = new Uint8Array(numbers.reduce((max, n) => Math.max(max, n), 0) + 1);
    for (const n of numbers) live[n] = 1;
    const isLive = (n: number): boolean => n < live.length && live[n] === 1;
    const rows = listShards(this.db);
    const streamTokens = rows.reduce((sum, row) => sum + row.stream_length, 0);
    const paging = streamTokens > (this.options.residentTokens ?? residentTokenLimit());
    // Held whole in the end, but opened in place now and read whole by promoteSteps().
    // Only the first load: shards an import adds later are read whole at once, as before.
    const promoting = !paging && this.cachedIndex === undefined && streamTokens > (this.options.promoteAbove ?? PROMOTE_ABOVE_TOKENS);
    this.holdsWhole = !paging;
    this.liveness = isLive;
    this.documentCount = numbers.length;
    if (paging || promoting) {
      // While a collection is read whole, its pages serve checks for half a minute beside the
      // arrays being filled: a smaller cache keeps the two within the memory it will need.
      const budget = this.options.pageCacheBytes ?? (paging ? pageCacheBudget() : Math.min(pageCacheBudget(), PROMOTION_PAGE_CACHE_BYTES));
      this.pageCache ??= new PageCache(this.db, this.path, budget, this.vocabulary.maxId);
      this.pageCache.setMaxTokenId(this.vocabulary.maxId);
    }
    const next = new Map<number, IndexShard>();
    for (const [done, row] of rows.entries()) {
      onShard?.(done, rows.length);
      const known = this.loadedShards.get(row.id);
      if (known !== undefined) {
        known.setLive(isLive);
        next.set(row.id, known);
        continue;
      }
      try {
        // Shards of the older layout have no pages and always load whole.
        const shard =
          (paging || promoting) && this.pageCache !== undefined && isPagedShard(this.db, row.id)
            ? new PagedShard(readPagedShardParts(this.db, this.path, row, promoting), this.pageCache, isLive)
            : new Shard(readShardArrays(this.db, this.path, row, this.vocabulary.maxId), isLive);
        next.set(row.id, shard);
        // Kept at once: a load that is cancelled, or overtaken by another, loses nothing it decoded.
        this.loadedShards.set(row.id, shard);
      } catch (error) {
        // Listed a moment ago and compacted away since by another program: newer, not damaged.
        if (!shardExists(this.db, row.id)) throw new CollectionChangedError(this.path);
        if (error instanceof AppError) throw error;
        throw new AppError('index-corrupt', `${this.path} is damaged (shard ${row.id} is inconsistent). The file was not changed; rebuild the index.`);
      }
      yield;
    }
    this.loadedShards = next;
    onShard?.(rows.length, rows.length);
    return new ShardedIndex(this.vocabulary, [...next.values()], this.sqlDirectory(numbers.length));
  }

  /** True while some shard of a collection held whole is still searched in place (see promoteSteps). */
  get promotionPending(): boolean {
    return this.holdsWhole && [...this.loadedShards.values()].some((shard) => shard instanceof PagedShard);
  }

  /**
   * Reads whole, in steps of tens of milliseconds, the shards of a held-whole collection
   * that opened in place (OpenOptions.promoteAbove); progress counts shards. Searches
   * switch to them all at once at the end, and the pages are let go. Checks run between
   * the steps on the index as it was. Stops,
   * changing nothing, when the file changed meanwhile: the next load starts over.
   */
  *promoteSteps(onShard?: (done: number, total: number) => void): Generator<void, void> {
    const index = yield* this.phraseIndexSteps();
    const generation = this.loadedGeneration;
    if (!this.promotionPending) return;
    // The first checks' pages would otherwise stay in memory beside every shard read whole.
    this.pageCache?.clear();
    const rows = new Map(listShards(this.db).map((row) => [row.id, row]));
    const pending = [...this.loadedShards.values()].filter((shard) => shard instanceof PagedShard).length;
    const whole = new Map<number, IndexShard>();
    let done = 0;
    for (const [id, shard] of this.loadedShards) {
      if (!(shard instanceof PagedShard)) {
        whole.set(id, shard);
        continue;
      }
      onShard?.(done++, pending);
      yield;
      const row = rows.get(id);
      if (row === undefined || this.cachedIndex !== index || this.guard(() => this.generation()) !== generation) return;
      try {
        // In steps of tens of milliseconds: a shard of 15M tokens takes about a second to read
        // and make, and a check that arrives meanwhile waits for the step under way.
        // The paged shard's document tables and samples are the same arrays a Shard needs.
        whole.set(id, new Shard(yield* readShardArraysSteps(this.db, this.path, row, this.vocabulary.maxId, shard), this.liveness));
      } catch (error) {
        if (!shardExists(this.db, id)) return;
        if (error instanceof AppError) throw error;
        throw new AppError('index-corrupt', `${this.path} is damaged (shard ${id} is inconsistent). The file was not changed; rebuild the index.`);
      }
    }
    yield;
    if (this.cachedIndex !== index || this.guard(() => this.generation()) !== generation) return;
    this.loadedShards = whole;
    this.cachedIndex = new ShardedIndex(this.vocabulary, [...whole.values()], this.sqlDirectory(this.documentCount));
    // The pages' arena goes with the last search still holding a paged shard.
    this.pageCache = undefined;
    onShard?.(pending, pending);
  }

  /** External ids looked up in the file when asked (see DocumentDirectory). */
  private sqlDirectory(count: number): DocumentDirectory {
    const idOfNumber = this.db.prepare('SELECT external_id FROM documents WHERE number = ?').pluck();
    const numberOfId = this.db.prepare('SELECT number FROM documents WHERE external_id = ?').pluck();
    // Remembered once asked: a document's number never changes its id (numbers are not reused),
    // and detection asks again for the same documents (about 140 a judgment, 12 µs each from SQLite).
    const known = new Map<number, string>();
    return {
      count,
      externalIdOf: (n) => {
        const id = known.get(n) ?? (this.guard(() => idOfNumber.get(n)) as string | undefined);
        if (id !== undefined) known.set(n, id);
        return id;
      },
      numberOf: (id) => this.guard(() => numberOfId.get(id) as number | undefined),
    };
  }

  /** Lists documents in id order; `search` filters by id substring. */
  listDocuments(options: { offset?: number; limit?: number; search?: string } = {}): { total: number; documents: DocumentSummary[] } {
    return this.guard(() => {
      const filter = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '%';
      const total = (this.db.prepare("SELECT COUNT(*) AS n FROM documents WHERE external_id LIKE ? ESCAPE '\\'").get(filter) as { n: number }).n;
      const rows = this.db
        .prepare(
          "SELECT number, external_id, token_count, char_count, source, origin, added_at FROM documents WHERE external_id LIKE ? ESCAPE '\\' ORDER BY external_id LIMIT ? OFFSET ?",
        )
        .all(filter, options.limit ?? 100, options.offset ?? 0) as {
        number: number;
        external_id: string;
        token_count: number;
        char_count: number;
        source: string | null;
        origin: string;
        added_at: string;
      }[];
      return {
        total,
        documents: rows.map((r) => ({
          id: r.external_id,
          number: r.number,
          tokens: r.token_count,
          characters: r.char_count,
          source: r.source,
          origin: r.origin,
          addedAt: r.added_at,
        })),
      };
    });
  }

  /** The text of a document, or undefined when the id is unknown. */
  documentText(id: string): string | undefined {
    return this.guard(() => {
      const row = this.db.prepare('SELECT * FROM documents WHERE external_id = ?').get(id) as StoredText | undefined;
      if (row === undefined) return undefined;
      this.texts ??= new TextBlockReader(this.db, this.path);
      return this.texts.text(row);
    });
  }

  close(): void {
    if (this.db.open) this.db.close();
    this.cachedIndex = undefined;
    this.loadedShards.clear();
  }
}
