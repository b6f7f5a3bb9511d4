/**
 * Reading and writing shards and vocabulary parts. Large arrays are split into parts
 * of at most PART_BYTES so that no single blob approaches SQLite's size limit.
 */
import type Database from 'better-sqlite3';
import { AppError } from '../../shared/errors.js';
import { byteWidthFor, checksum, decodeVarintDeflate, deflateText, encodeVarintDeflate, inflateText, packFixedWidth, unpackFixedWidth } from './blob-codec.js';
import type { ShardParts } from './shard.js';

const PART_BYTES = 32 * 1024 * 1024;

/** A shard encoded for storage: what a sort worker hands back. */
export interface EncodedShard {
  readonly documentCount: number;
  readonly streamLength: number;
  readonly suffixCount: number;
  readonly suffixWidth: number;
  readonly tokens: Uint8Array;
  readonly suffixes: Uint8Array;
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
    tokens: encodeVarintDeflate(parts.tokens),
    suffixes: packFixedWidth(parts.suffixes, suffixWidth),
    documentStarts: encodeVarintDeflate(parts.documentStarts),
    documentNumbers: encodeVarintDeflate(new Uint32Array(parts.documentNumbers.buffer, parts.documentNumbers.byteOffset, parts.documentNumbers.length)),
  };
}

function corrupt(path: string, what: string): AppError {
  return new AppError('index-corrupt', `${path} is damaged (${what}). The file was not changed; rebuild the index from the original documents.`);
}

/** Inserts a shard and its parts; returns the shard id. Call inside a transaction. */
export function insertShard(db: Database.Database, shard: EncodedShard, createdAt: string): number {
  const info = db
    .prepare('INSERT INTO shards (document_count, stream_length, suffix_count, suffix_width, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(shard.documentCount, shard.streamLength, shard.suffixCount, shard.suffixWidth, createdAt);
  const shardId = Number(info.lastInsertRowid);
  const insertPart = db.prepare('INSERT INTO shard_parts (shard_id, kind, part, crc32, data) VALUES (?, ?, ?, ?, ?)');
  const kinds: [string, Uint8Array][] = [
    ['tokens', shard.tokens],
    ['suffixes', shard.suffixes],
    ['document_starts', shard.documentStarts],
    ['document_numbers', shard.documentNumbers],
  ];
  for (const [kind, bytes] of kinds) {
    // Suffix parts must split on whole values.
    const step = kind === 'suffixes' ? PART_BYTES - (PART_BYTES % shard.suffixWidth) : PART_BYTES;
    let part = 0;
    for (let offset = 0; offset < bytes.length || part === 0; offset += step) {
      const slice = bytes.subarray(offset, Math.min(bytes.length, offset + step));
      insertPart.run(shardId, kind, part++, checksum(slice), slice);
    }
  }
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

/** Reads and decodes one shard's arrays, checking every checksum and length. */
export function readShard(db: Database.Database, path: string, row: ShardRow): ShardParts {
  try {
    const tokens = decodeVarintDeflate(readKind(db, path, row.id, 'tokens'), row.stream_length);
    const suffixes = unpackFixedWidth(readKind(db, path, row.id, 'suffixes'), row.suffix_width);
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

/** Appends vocabulary keys assigned ids [firstId, firstId + keys.length). */
export function insertVocabularyPart(db: Database.Database, firstId: number, keys: readonly string[]): void {
  if (keys.length === 0) return;
  const data = deflateText(keys.join('\n'), 6);
  db.prepare('INSERT INTO vocabulary_parts (first_id, key_count, crc32, data) VALUES (?, ?, ?, ?)').run(firstId, keys.length, checksum(data), data);
}

/** All vocabulary keys in id order (id 1 first). */
export function readVocabulary(db: Database.Database, path: string): string[] {
  const rows = db.prepare('SELECT first_id, key_count, crc32, data FROM vocabulary_parts ORDER BY first_id').all() as {
    first_id: number;
    key_count: number;
    crc32: number;
    data: Buffer;
  }[];
  const keys: string[] = [];
  for (const row of rows) {
    if (row.first_id !== keys.length + 1) throw corrupt(path, 'vocabulary parts do not follow each other');
    if (checksum(row.data) !== row.crc32 >>> 0) throw corrupt(path, 'vocabulary checksum mismatch');
    const part = inflateText(row.data).split('\n');
    if (part.length !== row.key_count) throw corrupt(path, 'vocabulary part length');
    for (const key of part) keys.push(key);
  }
  return keys;
}
