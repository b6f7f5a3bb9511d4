/**
 * A shard's token stream and suffix array stored as small pages, read on demand.
 *
 * Why: opening a collection used to decode every shard whole (28.6 s and 4.9 GB of RSS at
 * 300M tokens). A search touches a few dozen entries of each array, so pages of 4096
 * values, fetched from SQLite by key and kept in one bounded cache, serve it; what stays
 * in memory per shard is small (document starts and numbers, sampled phrases). The
 * operating system's page cache keeps recently read parts of the file, outside RSS.
 *
 * Pages are immutable: a shard id is never reused (AUTOINCREMENT), and a shard is only
 * ever written whole or deleted, so a cached page is valid for as long as its shard is.
 * A page gone from the file means another program compacted the collection since it was
 * loaded (collection-changed.ts), not damage.
 *
 * What a page read costs, measured at 300M tokens (26 shards) on 2 cores: about 100 µs
 * with the file in the system's cache (SQLite 20, inflate 30, varints 27, the rest checks
 * and garbage), about 170 µs more without. Pages are now decoded straight into the cache
 * (no array of their own, the range check in the same pass) and looked up by row id:
 * SQLite 14, inflate 28, varints 30 with the cache's first touch of its memory, and the
 * garbage collector about a third as busy. The first check of a 260-word judgment right
 * after opening read 17,200 token pages and 1,800 phrase-start pages (the last steps of
 * each binary search land on random stream positions); half of them were the searches
 * for each token's range, which the table of first tokens (first-token-buckets.ts) now
 * answers, leaving 9,100 and 1,100: 1.3 s instead of 2.0 with the file in the system's
 * cache, 2.9 s instead of 5.0 without. Later checks take tens of ms, once the cache holds
 * the pages common phrases need. Storing the first tokens of each phrase start beside it
 * in the phrase-start pages would spare most of the rest. It costs room (front-coded,
 * well over a byte a token, with 7.95 of issue 11's 8 already used), so something else
 * must shrink first.
 */
import type Database from 'better-sqlite3';
import { AppError } from '../../shared/errors.js';
import { CollectionChangedError, shardExists } from './collection-changed.js';
import { explainFileError } from './schema.js';
import { checksum, decodeVarintDeflateInto, encodeVarintDeflate, unpackFixedWidthInto } from './blob-codec.js';
import { FIRST_TOKEN_COUNTS, FirstTokenBuckets } from './first-token-buckets.js';

/** Values per page, as a shift: 4096 tokens (about 6 KB deflated) or suffixes (12 KB at 3 bytes). */
export const PAGE_SHIFT = 12;
export const PAGE_VALUES = 1 << PAGE_SHIFT;
export const PAGE_MASK = PAGE_VALUES - 1;

/** The shard_parts kinds of a paged shard. */
export const TOKEN_PAGES = 'token_pages';
export const SUFFIX_PAGES = 'suffix_pages';
export const SUFFIX_SAMPLES = 'suffix_samples';

/** Token stream pages, each encoded on its own (varints then deflate), so that one can be read alone. */
export function encodeTokenPages(tokens: Uint32Array): Uint8Array[] {
  const pages: Uint8Array[] = [];
  for (let from = 0; from < tokens.length || from === 0; from += PAGE_VALUES) pages.push(encodeVarintDeflate(tokens.subarray(from, from + PAGE_VALUES)));
  return pages;
}

/** Pages in a shard of `values` values. */
export function pageCount(values: number): number {
  return Math.max(1, Math.ceil(values / PAGE_VALUES));
}

/** Values in page `page` of a shard of `values` values. */
function valuesInPage(values: number, page: number): number {
  return Math.max(0, Math.min(PAGE_VALUES, values - page * PAGE_VALUES));
}

/** What a paged shard's reader needs to know to check its pages. */
export interface PagedShardShape {
  readonly id: number;
  readonly streamLength: number;
  readonly suffixCount: number;
  readonly suffixWidth: number;
}

/** The two kinds of page a paged shard reads. */
export const enum PageKind {
  Tokens = 0,
  Suffixes = 1,
}

/** A shard that holds pages in the cache's slots and lets the cache take them back. */
export interface PageOwner extends PagedShardShape {
  dropPage(kind: PageKind, page: number): void;
}

/**
 * Reads pages from the file, checks them, and keeps the decoded pages of every paged shard
 * of one open file in one arena of fixed slots (PAGE_VALUES values each), within a budget
 * of bytes.
 *
 * Why an arena: a page read at random costs a cache miss; a page of its own typed array
 * costs a second one (the array object, then its data), and as many objects for the
 * collector. Here a shard maps its page number to a slot offset (a small Int32Array) and
 * reads `arena[slot + offset]`, as a shard held whole reads its own array. Slots are
 * reused in the order they were filled (cheaper than moving a page on every hit, and a
 * search's pages are reread within moments or not at all); the arena's memory is taken
 * from the system as slots are first filled.
 */
export class PageCache {
  private readonly select: Database.Statement;
  private readonly selectByRow: Database.Statement;
  private readonly selectFirstRow: Database.Statement;
  private readonly selectParts: Database.Statement;
  /** Row id of page 0 of each shard's tokens (key 2·id) and phrase starts (2·id + 1); see rowOf. */
  private readonly firstRows = new Map<number, number>();
  /** Decoded pages, slot after slot; replaced by clear(). */
  arena: Uint32Array;
  /** Who holds each slot, and which page, so that reuse can tell the owner. */
  private readonly slotOwner: (PageOwner | undefined)[];
  private readonly slotKind: Uint8Array;
  private readonly slotPage: Int32Array;
  private nextSlot = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly path: string,
    budgetBytes: number,
    /** The largest token id a page may hold (the vocabulary's size when the file was opened). */
    private maxTokenId: number,
  ) {
    this.select = db.prepare('SELECT crc32, data FROM shard_parts WHERE shard_id = ? AND kind = ? AND part = ?').raw();
    this.selectByRow = db.prepare('SELECT shard_id, kind, part, crc32, data FROM shard_parts WHERE id = ?').raw();
    this.selectFirstRow = db.prepare('SELECT id FROM shard_parts WHERE shard_id = ? AND kind = ? AND part = 0').pluck();
    this.selectParts = db.prepare('SELECT part, crc32, data FROM shard_parts WHERE shard_id = ? AND kind = ? ORDER BY part');
    // At least two slots: a search compares a token page with a suffix page.
    this.arena = reserveArena(Math.max(2, Math.floor(budgetBytes / (PAGE_VALUES * 4))));
    const slots = this.arena.length / PAGE_VALUES;
    this.slotOwner = new Array<PageOwner | undefined>(slots).fill(undefined);
    this.slotKind = new Uint8Array(slots);
    this.slotPage = new Int32Array(slots);
  }

  /**
   * A shard's table of first tokens (first-token-buckets.ts), checked; null for a shard
   * written before the table existed, which then finds token ranges by searching.
   */
  readFirstTokenBuckets(owner: PagedShardShape): FirstTokenBuckets | null {
    let rows: { part: number; crc32: number; data: Buffer }[];
    try {
      rows = this.selectParts.all(owner.id, FIRST_TOKEN_COUNTS) as typeof rows;
    } catch (error) {
      throw explainFileError(this.path, error) ?? error;
    }
    if (rows.length === 0) {
      if (!shardExists(this.db, owner.id)) throw new CollectionChangedError(this.path);
      return null;
    }
    rows.forEach((row, i) => {
      if (row.part !== i) throw corrupt(this.path, `shard ${owner.id} is missing part ${i} of its first tokens`);
      if (checksum(row.data) !== row.crc32 >>> 0) throw corrupt(this.path, `checksum mismatch in shard ${owner.id} first tokens`);
    });
    try {
      return new FirstTokenBuckets(rows.length === 1 ? rows[0]!.data : Buffer.concat(rows.map((r) => r.data)), owner.suffixCount, this.maxTokenId);
    } catch {
      throw corrupt(this.path, `shard ${owner.id} first tokens cannot be decoded`);
    }
  }

  /**
   * Lets go of every decoded page and reserves a fresh arena of the same size (or smaller,
   * where the old one, still held until it is collected, leaves too little address space).
   * What the old arena's filled slots took from the system goes back with it, instead of
   * staying until the cache itself goes: a collection read whole
   * (CollectionIndex.promoteSteps) clears the pages of its first checks before filling
   * arrays that need that memory. Searches that come meanwhile read their pages again.
   */
  clear(): void {
    for (let slot = 0; slot < this.slotOwner.length; slot++) {
      this.slotOwner[slot]?.dropPage(this.slotKind[slot] as PageKind, this.slotPage[slot]!);
      this.slotOwner[slot] = undefined;
    }
    this.nextSlot = 0;
    this.arena = reserveArena(this.slotOwner.length);
  }

  /**
   * Allocates an arena's values. A seam for tests: they make it refuse a size, as a small
   * address space does, to reach the smaller arena of reserveArena.
   */
  static allocateArena(values: number): Uint32Array {
    return new Uint32Array(values);
  }

  setMaxTokenId(maxTokenId: number): void {
    this.maxTokenId = maxTokenId;
  }

  /**
   * The stored page: looked up by row id first, one search of the table instead of two
   * (its key's index, then the table; 14 against 20 µs a page here). A shard's pages are
   * written one after another in one transaction, so page p of a kind is usually the row
   * after page 0's plus p. The row found must name the same shard, kind and page; any
   * other goes by the key, as every read did before.
   */
  private rowOf(shard: number, kind: PageKind, name: string, page: number): { crc32: number; data: Buffer } | undefined {
    const key = 2 * shard + kind;
    let first = this.firstRows.get(key);
    if (first === undefined) {
      first = (this.selectFirstRow.get(shard, name) as number | undefined) ?? -1;
      this.firstRows.set(key, first);
    }
    if (first >= 0) {
      const byRow = this.selectByRow.get(first + page) as [number, string, number, number, Buffer] | undefined;
      if (byRow !== undefined && byRow[0] === shard && byRow[1] === name && byRow[2] === page) return { crc32: byRow[3], data: byRow[4] };
    }
    const byKey = this.select.get(shard, name, page) as [number, Buffer] | undefined;
    return byKey === undefined ? undefined : { crc32: byKey[0], data: byKey[1] };
  }

  /** Reads, checks and decodes one page into a slot; returns the slot's offset in the arena. The owner keeps it until dropPage(). */
  read(owner: PageOwner, kind: PageKind, page: number): number {
    const tokens = kind === PageKind.Tokens;
    const name = tokens ? TOKEN_PAGES : SUFFIX_PAGES;
    const expected = valuesInPage(tokens ? owner.streamLength : owner.suffixCount, page);
    let row: { crc32: number; data: Buffer } | undefined;
    try {
      row = this.rowOf(owner.id, kind, name, page);
    } catch (error) {
      throw explainFileError(this.path, error) ?? error;
    }
    // A shard compacted away by another program since it was loaded: newer, not damaged.
    if (row === undefined && !shardExists(this.db, owner.id)) throw new CollectionChangedError(this.path);
    if (row === undefined) throw corrupt(this.path, `shard ${owner.id} is missing page ${page} of its ${tokens ? 'tokens' : 'phrase starts'}`);
    if (checksum(row.data) !== row.crc32 >>> 0) throw corrupt(this.path, `checksum mismatch in shard ${owner.id} ${name} page ${page}`);
    // The slot is written over below, so its page is taken from its owner first; a page
    // that then fails its checks leaves the slot empty.
    const slot = this.nextSlot;
    this.slotOwner[slot]?.dropPage(this.slotKind[slot] as PageKind, this.slotPage[slot]!);
    this.slotOwner[slot] = undefined;
    const offset = slot * PAGE_VALUES;
    let largest: number;
    try {
      largest = tokens
        ? decodeVarintDeflateInto(row.data, this.arena, offset, expected)
        : unpackFixedWidthInto(row.data, owner.suffixWidth, this.arena, offset, expected);
    } catch {
      throw corrupt(this.path, `shard ${owner.id} ${name} page ${page} cannot be decoded`);
    }
    if (largest > (tokens ? this.maxTokenId : owner.streamLength - 1))
      throw corrupt(this.path, `shard ${owner.id} ${name} page ${page} holds a value out of range`);
    // Slots past the arena's end go unused: a fresh arena (clear) may have been reserved smaller.
    this.nextSlot = (slot + 1) % (this.arena.length / PAGE_VALUES);
    this.slotOwner[slot] = owner;
    this.slotKind[slot] = kind;
    this.slotPage[slot] = page;
    return offset;
  }
}

/**
 * An arena of `slots` pages, reserved, not touched: the system gives its memory as slots
 * are filled. Where even the reservation is refused (a small address space), a smaller
 * cache still answers.
 */
function reserveArena(slots: number): Uint32Array {
  for (let n = slots; ; n = Math.max(2, Math.floor(n / 2))) {
    try {
      return PageCache.allocateArena(n * PAGE_VALUES);
    } catch (error) {
      if (!(error instanceof RangeError) || n <= 2) throw error;
    }
  }
}

export function corrupt(path: string, what: string): AppError {
  return new AppError('index-corrupt', `${path} is damaged (${what}). The file was not changed; rebuild the index from the original documents.`);
}
