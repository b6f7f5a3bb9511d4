/**
 * Reading and writing shards and vocabulary parts. Large arrays are split into parts
 * of at most PART_BYTES so that no single blob approaches SQLite's size limit.
 */
import type Database from 'better-sqlite3';
import { inflateRawSync } from 'node:zlib';
import { AppError } from '../../shared/errors.js';
import { runToEnd } from '../../shared/steps.js';
import {
  byteWidthFor,
  checksum,
  decodeVarintDeflate,
  decodeVarintDeflateInto,
  deflateText,
  encodeVarintDeflate,
  packFixedWidth,
  unpackFixedWidth,
  unpackFixedWidthInto,
} from './blob-codec.js';
import type { PagedShardParts } from './paged-shard.js';
import { FORMAT_VERSION } from './schema.js';
import { bucketStartsOf, packBucketStarts, packSteps, type ShardArrays, type ShardParts } from './shard.js';
import { EscapedTokensBuilder } from './escaped-tokens.js';
import { bitsFor, PackedUints } from './packed-uints.js';
import type { StoredKeys } from './vocabulary.js';
import { corrupt, encodeTokenPages, PAGE_VALUES, pageCount, SUFFIX_PAGES, SUFFIX_SAMPLES, TOKEN_PAGES } from './shard-pages.js';
import { narrowSampleRecords, sampleRecordLength, sampleRecords } from './suffix-samples.js';
import { encodeFirstTokenCounts, FIRST_TOKEN_COUNTS, FirstTokenBuckets } from './first-token-buckets.js';

const PART_BYTES = 32 * 1024 * 1024;

/** A shard encoded for storage: what a sort worker hands back. */
export interface EncodedShard {
  readonly documentCount: number;
  readonly streamLength: number;
  readonly suffixCount: number;
  readonly suffixWidth: number;
  /** The token stream in pages of PAGE_VALUES tokens, each encoded alone (shard-pages.ts). */
  readonly tokenPages: Uint8Array[];
  /** Phrase starts packed at suffixWidth bytes; stored in pages of PAGE_VALUES entries. */
  readonly suffixes: Uint8Array;
  /** sampleRecords() of the sorted shard, so that a paged shard opens without its token stream. */
  readonly samples: Uint8Array;
  /** How many phrases start with each token (first-token-buckets.ts), so that a paged shard needs no search for a token's range. */
  readonly firstTokenCounts: Uint8Array;
  readonly documentStarts: Uint8Array;
  readonly documentNumbers: Uint8Array;
}

/** Encodes shard arrays for storage (runs in the sort worker too). */
export function encodeShard(parts: ShardParts): EncodedShard {
  const suffixWidth = byteWidthFor(Math.max(0, parts.tokens.length - 1));
  return {
    documentCount: parts.documentNumbers.length,
    streamLength: parts.tokens.length,
    suffixCount: parts.suffixes.length,
    suffixWidth,
    tokenPages: encodeTokenPages(parts.tokens),
    suffixes: packFixedWidth(parts.suffixes, suffixWidth),
    samples: encodeVarintDeflate(sampleRecords(parts.tokens, parts.suffixes)),
    firstTokenCounts: encodeFirstTokenCounts(parts.tokens),
    documentStarts: encodeVarintDeflate(parts.documentStarts),
    documentNumbers: encodeVarintDeflate(new Uint32Array(parts.documentNumbers.buffer, parts.documentNumbers.byteOffset, parts.documentNumbers.length)),
  };
}

/** Inserts a shard and its parts; returns the shard id. Call inside a transaction. */
export function insertShard(db: Database.Database, shard: EncodedShard, createdAt: string): number {
  const info = db
    .prepare('INSERT INTO shards (document_count, stream_length, suffix_count, suffix_width, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(shard.documentCount, shard.streamLength, shard.suffixCount, shard.suffixWidth, createdAt);
  const shardId = Number(info.lastInsertRowid);
  const insertPart = db.prepare('INSERT INTO shard_parts (shard_id, kind, part, crc32, data) VALUES (?, ?, ?, ?, ?)');
  const insertParts = (kind: string, bytes: Uint8Array, step: number): void => {
    let part = 0;
    for (let offset = 0; offset < bytes.length || part === 0; offset += step) {
      const slice = bytes.subarray(offset, Math.min(bytes.length, offset + step));
      insertPart.run(shardId, kind, part++, checksum(slice), slice);
    }
  };
  // Readers of format 2 and older cannot read a paged shard: they are told the file is newer than they are.
  if ((db.pragma('user_version', { simple: true }) as number) < FORMAT_VERSION) db.pragma(`user_version = ${FORMAT_VERSION}`);
  shard.tokenPages.forEach((page, part) => insertPart.run(shardId, TOKEN_PAGES, part, checksum(page), page));
  insertParts(SUFFIX_PAGES, shard.suffixes, PAGE_VALUES * shard.suffixWidth);
  insertParts(SUFFIX_SAMPLES, shard.samples, PART_BYTES);
  insertParts(FIRST_TOKEN_COUNTS, shard.firstTokenCounts, PART_BYTES);
  insertParts('document_starts', shard.documentStarts, PART_BYTES);
  insertParts('document_numbers', shard.documentNumbers, PART_BYTES);
  return shardId;
}

interface ShardRow {
  id: number;
  document_count: number;
  stream_length: number;
  suffix_count: number;
  suffix_width: number;
}

/** The shard rows of the file, in id order. */
export function listShards(db: Database.Database): ShardRow[] {
  return db.prepare('SELECT id, document_count, stream_length, suffix_count, suffix_width FROM shards ORDER BY id').all() as ShardRow[];
}

function readKind(db: Database.Database, path: string, shardId: number, kind: string): Buffer {
  const rows = db.prepare('SELECT part, crc32, data FROM shard_parts WHERE shard_id = ? AND kind = ? ORDER BY part').all(shardId, kind) as {
    part: number;
    crc32: number;
    data: Buffer;
  }[];
  if (rows.length === 0) throw corrupt(path, `shard ${shardId} has no ${kind}`);
  rows.forEach((row, i) => {
    if (row.part !== i) throw corrupt(path, `shard ${shardId} is missing part ${i} of ${kind}`);
    if (checksum(row.data) !== row.crc32 >>> 0) throw corrupt(path, `checksum mismatch in shard ${shardId} ${kind}`);
  });
  return rows.length === 1 ? rows[0]!.data : Buffer.concat(rows.map((r) => r.data));
}

/** True when the shard is stored in pages (written since format 3), false for the older whole-array layout. */
export function isPagedShard(db: Database.Database, shardId: number): boolean {
  return db.prepare('SELECT 1 FROM shard_parts WHERE shard_id = ? AND kind = ? AND part = 0').get(shardId, SUFFIX_SAMPLES) !== undefined;
}

/** How readShardSteps reads each kind of page: what a step takes (about 20–40 ms here), how a page decodes. */
const WHOLE_READS = {
  [TOKEN_PAGES]: {
    name: 'tokens',
    pagesPerStep: 256,
    decode: (data: Uint8Array, out: Uint32Array, at: number, count: number) => decodeVarintDeflateInto(data, out, at, count),
  },
  [SUFFIX_PAGES]: {
    name: 'phrase starts',
    pagesPerStep: 256,
    decode: (data: Uint8Array, out: Uint32Array, at: number, count: number, width: number) => unpackFixedWidthInto(data, width, out, at, count),
  },
} as const;

/**
 * Reads a paged shard's token stream or suffix array, a batch of pages a step, and hands
 * each page's values to `into` (a scratch array, reused). Each step runs its own query:
 * better-sqlite3 refuses other statements on a connection while a query is still being
 * iterated, and checks run between the steps. Every value must be below `limit`.
 */
function* readPages(
  db: Database.Database,
  path: string,
  row: ShardRow,
  kind: typeof TOKEN_PAGES | typeof SUFFIX_PAGES,
  values: number,
  limit: number,
  into: (page: Uint32Array, at: number, count: number) => void,
): Generator<void, void> {
  const { name, pagesPerStep, decode } = WHOLE_READS[kind];
  const select = db.prepare('SELECT part, crc32, data FROM shard_parts WHERE shard_id = ? AND kind = ? AND part >= ? AND part < ? ORDER BY part');
  const scratch = new Uint32Array(PAGE_VALUES);
  const pages = pageCount(values);
  for (let first = 0; first < pages; first += pagesPerStep) {
    if (first > 0) yield;
    const rows = select.all(row.id, kind, first, first + pagesPerStep) as { part: number; crc32: number; data: Buffer }[];
    for (let i = 0; i < Math.min(pagesPerStep, pages - first); i++) {
      const page = rows[i];
      const part = first + i;
      if (page?.part !== part) throw corrupt(path, `shard ${row.id} is missing page ${part} of its ${name}`);
      if (checksum(page.data) !== page.crc32 >>> 0) throw corrupt(path, `checksum mismatch in shard ${row.id} ${name} page ${part}`);
      const from = part * PAGE_VALUES;
      const count = Math.max(0, Math.min(PAGE_VALUES, values - from));
      if (decode(page.data, scratch, 0, count, row.suffix_width) >= limit)
        throw corrupt(path, `shard ${row.id} ${name} page ${part} holds a value out of range`);
      into(scratch, from, count);
    }
  }
  const beyond = db.prepare('SELECT COUNT(*) FROM shard_parts WHERE shard_id = ? AND kind = ? AND part >= ?').pluck().get(row.id, kind, pages) as number;
  if (beyond !== 0) throw corrupt(path, `shard ${row.id} has ${pages + beyond} pages of ${name}`);
}

/** The same, into one Uint32Array. */
function* readPagesWhole(
  db: Database.Database,
  path: string,
  row: ShardRow,
  kind: typeof TOKEN_PAGES | typeof SUFFIX_PAGES,
  values: number,
  limit: number,
): Generator<void, Uint32Array> {
  const out = new Uint32Array(values);
  yield* readPages(db, path, row, kind, values, limit, (page, at, count) => out.set(page.subarray(0, count), at));
  return out;
}

/** Reads and decodes one shard's arrays whole (either layout), checking every checksum and length. */
export function readShard(db: Database.Database, path: string, row: ShardRow): ShardParts {
  return runToEnd(readShardSteps(db, path, row));
}

function* readShardSteps(db: Database.Database, path: string, row: ShardRow): Generator<void, ShardParts> {
  try {
    const paged = isPagedShard(db, row.id);
    const tokens = paged
      ? yield* readPagesWhole(db, path, row, TOKEN_PAGES, row.stream_length, Infinity)
      : decodeVarintDeflate(readKind(db, path, row.id, 'tokens'), row.stream_length);
    yield;
    const suffixes = paged
      ? yield* readPagesWhole(db, path, row, SUFFIX_PAGES, row.suffix_count, row.stream_length)
      : unpackFixedWidth(readKind(db, path, row.id, 'suffixes'), row.suffix_width);
    yield;
    const documentStarts = decodeVarintDeflate(readKind(db, path, row.id, 'document_starts'), row.document_count + 1);
    const numbers = decodeVarintDeflate(readKind(db, path, row.id, 'document_numbers'), row.document_count);
    if (suffixes.length !== row.suffix_count) throw corrupt(path, `shard ${row.id} suffix count`);
    for (let i = 0; i < suffixes.length; i++) if (suffixes[i]! >= tokens.length) throw corrupt(path, `shard ${row.id} suffix out of range`);
    return { tokens, suffixes, documentStarts, documentNumbers: new Int32Array(numbers.buffer, numbers.byteOffset, numbers.length) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw corrupt(path, `shard ${row.id} cannot be decoded`);
  }
}

/** What a paged shard already holds in memory, so that reading it whole does not decode it again. */
export interface KnownShardTables {
  readonly documentStarts: Uint32Array;
  readonly documentNumbers: Int32Array;
  readonly samples: Uint32Array | Uint16Array;
  /** The shard's table of first tokens where it was read already (null: the file has none); undefined when it was not. */
  readonly decodedFirstTokens?: FirstTokenBuckets | null | undefined;
}

/**
 * Reads a shard into the packed arrays a Shard holds, in steps of about 40 ms: a
 * collection read whole in the background (CollectionIndex.promoteSteps) lets checks run
 * in between. A paged shard's pages are packed as they are decoded, so that no plain
 * array of the whole stream is made on the way: at 300M tokens those were 100 MB more at
 * the peak, beside every shard already read (the older layout still goes through them).
 * The stored table of first tokens gives the width of a token and the bucket table; a file
 * written before the table existed gets the vocabulary's width, and its buckets counted.
 */
export function* readShardArraysSteps(
  db: Database.Database,
  path: string,
  row: ShardRow,
  maxTokenId: number,
  known?: KnownShardTables,
): Generator<void, ShardArrays> {
  if (!isPagedShard(db, row.id)) {
    const parts = yield* readShardSteps(db, path, row);
    try {
      return yield* packSteps(parts, maxTokenId);
    } catch {
      throw corrupt(path, `shard ${row.id} is inconsistent`);
    }
  }
  try {
    const tables = known ?? readShardTables(db, path, row);
    // The paged shard's own table where its first check read it: kept, not decoded again and let go.
    const firstTokens = known?.decodedFirstTokens !== undefined ? known.decodedFirstTokens : readFirstTokens(db, path, row, maxTokenId);
    const largest = firstTokens?.largestId ?? maxTokenId;
    // Counted from the stream only where the file has no table: counting took a third of the read.
    const counts = firstTokens === null ? new Uint32Array(maxTokenId + 2) : undefined;
    const tokenBuilder = new EscapedTokensBuilder(row.stream_length, row.suffix_count, largest);
    yield;
    yield* readPages(db, path, row, TOKEN_PAGES, row.stream_length, largest + 1, (page, at, count) => {
      if (counts !== undefined) for (let j = 0; j < count; j++) counts[page[j]!]!++;
      tokenBuilder.setFrom(at, page, count);
    });
    const tokens = tokenBuilder.finish();
    // Phrase and document starts are stored as stream positions; held whole they are token positions.
    const positions = tokenBuilder.positions();
    yield;
    let bucketStarts: PackedUints;
    if (counts === undefined) bucketStarts = firstTokens!.table;
    else {
      counts[0] = 0; // sentinels are not phrase starts
      bucketStarts = packBucketStarts(bucketStartsOf(counts, row.suffix_count), row.suffix_count);
    }
    const suffixes = new PackedUints(row.suffix_count, bitsFor(Math.max(0, row.suffix_count - 1)));
    yield* readPages(db, path, row, SUFFIX_PAGES, row.suffix_count, row.stream_length, (page, at, count) => {
      positions.mapInPlace(page, count);
      suffixes.setFrom(at, page, count);
    });
    return { ...tables, tokenDocumentStarts: tables.documentStarts.map((p) => positions.tokenPosition(p)), tokens, suffixes, bucketStarts };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw corrupt(path, `shard ${row.id} cannot be decoded`);
  }
}

export function readShardArrays(db: Database.Database, path: string, row: ShardRow, maxTokenId: number): ShardArrays {
  return runToEnd(readShardArraysSteps(db, path, row, maxTokenId));
}

/**
 * A paged shard's table of first tokens (first-token-buckets.ts), checked; null where the
 * file has none. It gives the width of a token and the bucket table of a shard read whole,
 * as it gives a paged shard its token ranges.
 */
function readFirstTokens(db: Database.Database, path: string, row: ShardRow, maxTokenId: number): FirstTokenBuckets | null {
  const stored = db.prepare('SELECT 1 FROM shard_parts WHERE shard_id = ? AND kind = ? AND part = 0').get(row.id, FIRST_TOKEN_COUNTS) !== undefined;
  if (!stored) return null;
  try {
    return new FirstTokenBuckets(readKind(db, path, row.id, FIRST_TOKEN_COUNTS), row.suffix_count, maxTokenId);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw corrupt(path, `shard ${row.id} first tokens cannot be decoded`);
  }
}

/** A paged shard's document tables and sampled phrases, checked; the samples narrowed to 16 bits when `narrowSamples`. */
function readShardTables(db: Database.Database, path: string, row: ShardRow, narrowSamples = false): KnownShardTables {
  const documentStarts = decodeVarintDeflate(readKind(db, path, row.id, 'document_starts'), row.document_count + 1);
  const numbers = decodeVarintDeflate(readKind(db, path, row.id, 'document_numbers'), row.document_count);
  const records = decodeVarintDeflate(readKind(db, path, row.id, SUFFIX_SAMPLES), sampleRecordLength(row.suffix_count));
  const samples = narrowSamples ? narrowSampleRecords(records) : records;
  if (documentStarts[row.document_count] !== row.stream_length) throw corrupt(path, `shard ${row.id} document starts`);
  for (let d = 0; d < row.document_count; d++) if (documentStarts[d]! > documentStarts[d + 1]!) throw corrupt(path, `shard ${row.id} document starts`);
  return { documentStarts, documentNumbers: new Int32Array(numbers.buffer, numbers.byteOffset, numbers.length), samples };
}

/**
 * Reads what a paged shard keeps in memory (its pages are read on demand), checking that
 * every page is there: a missing page is reported at open, not in the middle of a search.
 * `narrowSamples` for a shard that will be read whole (CollectionIndex.promoteSteps): its
 * sample records are then 16 bits a token from the start, the very array the shard read
 * whole keeps (suffix-samples.ts), instead of 32-bit ones that would be let go.
 */
export function readPagedShardParts(db: Database.Database, path: string, row: ShardRow, narrowSamples = false): PagedShardParts {
  try {
    const counts = new Map(
      (
        db.prepare('SELECT kind, COUNT(*) AS n, MIN(part) AS first, MAX(part) AS last FROM shard_parts WHERE shard_id = ? GROUP BY kind').all(row.id) as {
          kind: string;
          n: number;
          first: number;
          last: number;
        }[]
      ).map((r) => [r.kind, r.first === 0 && r.last === r.n - 1 ? r.n : -1]),
    );
    if (counts.get(TOKEN_PAGES) !== pageCount(row.stream_length)) throw corrupt(path, `shard ${row.id} is missing token pages`);
    if (counts.get(SUFFIX_PAGES) !== pageCount(row.suffix_count)) throw corrupt(path, `shard ${row.id} is missing phrase-start pages`);
    return {
      id: row.id,
      streamLength: row.stream_length,
      suffixCount: row.suffix_count,
      suffixWidth: row.suffix_width,
      ...readShardTables(db, path, row, narrowSamples),
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw corrupt(path, `shard ${row.id} cannot be decoded`);
  }
}

/** Appends vocabulary keys assigned ids [firstId, firstId + keys.length). */
export function insertVocabularyPart(db: Database.Database, firstId: number, keys: readonly string[]): void {
  if (keys.length === 0) return;
  const data = deflateText(keys.join('\n'), 6);
  db.prepare('INSERT INTO vocabulary_parts (first_id, key_count, crc32, data) VALUES (?, ?, ?, ?)').run(firstId, keys.length, checksum(data), data);
}

/** All vocabulary keys in id order (id 1 first), as bytes (see Vocabulary.appendStoredKeys). */
export function readVocabulary(db: Database.Database, path: string): StoredKeys {
  const rows = db.prepare('SELECT first_id, key_count, crc32, data FROM vocabulary_parts ORDER BY first_id').all() as {
    first_id: number;
    key_count: number;
    crc32: number;
    data: Buffer;
  }[];
  const parts: Buffer[] = [];
  let count = 0;
  for (const row of rows) {
    if (row.first_id !== count + 1) throw corrupt(path, 'vocabulary parts do not follow each other');
    if (checksum(row.data) !== row.crc32 >>> 0) throw corrupt(path, 'vocabulary checksum mismatch');
    const part = inflateRawSync(row.data);
    // Keys are joined by '\n' (insertVocabularyPart), and no key holds one.
    let keys = 1;
    for (let p = part.indexOf(10); p >= 0; p = part.indexOf(10, p + 1)) keys++;
    if (keys !== row.key_count) throw corrupt(path, 'vocabulary part length');
    if (parts.length > 0) parts.push(NEWLINE);
    parts.push(part);
    count += keys;
  }
  const bytes = Buffer.concat(parts);
  const ends = new Uint32Array(count);
  let k = 0;
  for (let p = bytes.indexOf(10); p >= 0; p = bytes.indexOf(10, p + 1)) ends[k++] = p;
  if (count > 0) ends[k] = bytes.length;
  return { bytes, ends };
}

const NEWLINE = Buffer.from('\n');
