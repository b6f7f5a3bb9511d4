/**
 * The collection index file: one SQLite database per collection.
 *
 * Opening never writes: a foreign or damaged file is reported and left exactly as it
 * was. Every change (import, add, remove, compact) is one transaction, so a crash or
 * kill leaves either the old state or the new one; SQLite's rollback journal restores
 * the old state the next time the file is opened for writing.
 */
import type Database from 'better-sqlite3';
import { openSqlite } from '../runtime/sqlite.js';
import { existsSync, statSync } from 'node:fs';
import { AppError } from '../../shared/errors.js';

/** 'UNLK': marks a SQLite file as an Unlinkable collection index. */
export const APPLICATION_ID = 0x554e4c4b;
/**
 * Format version written by this code; files of a newer version are refused.
 * 1: each document's text deflated in its own row. 2: texts packed in text_blocks
 * (text-blocks.ts); format-1 files are read as they are and upgraded by their first change.
 * 3: shards written in pages with sampled phrases (shard-pages.ts), so that a large
 * collection is searched in place; shards of the older layout are read whole, as before,
 * and a file becomes format 3 with the first paged shard written into it.
 */
export const FORMAT_VERSION = 3;

const SCHEMA = `
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE vocabulary_parts (
  id INTEGER PRIMARY KEY,
  first_id INTEGER NOT NULL,
  key_count INTEGER NOT NULL,
  crc32 INTEGER NOT NULL,
  data BLOB NOT NULL
);
CREATE TABLE shards (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  document_count INTEGER NOT NULL,
  stream_length INTEGER NOT NULL,
  suffix_count INTEGER NOT NULL,
  suffix_width INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE shard_parts (
  id INTEGER PRIMARY KEY,
  shard_id INTEGER NOT NULL REFERENCES shards(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  part INTEGER NOT NULL,
  crc32 INTEGER NOT NULL,
  data BLOB NOT NULL,
  UNIQUE (shard_id, kind, part)
);
CREATE TABLE documents (
  number INTEGER PRIMARY KEY AUTOINCREMENT,
  external_id TEXT NOT NULL UNIQUE,
  shard_id INTEGER NOT NULL REFERENCES shards(id),
  shard_document INTEGER NOT NULL,
  token_count INTEGER NOT NULL,
  char_count INTEGER NOT NULL,
  origin TEXT NOT NULL,
  source TEXT,
  text_sha256 TEXT NOT NULL,
  text BLOB NOT NULL,
  added_at TEXT NOT NULL,
  text_block INTEGER REFERENCES text_blocks(id),
  text_offset INTEGER,
  text_bytes INTEGER
);
CREATE INDEX documents_by_shard ON documents (shard_id, shard_document);
CREATE TABLE text_blocks (
  id INTEGER PRIMARY KEY,
  crc32 INTEGER NOT NULL,
  data BLOB NOT NULL
);
CREATE INDEX documents_by_text_block ON documents (text_block);
`;

/** Creates a new, empty index file. Fails if the path exists. */
export function createIndexFile(path: string, meta: Record<string, string>): Database.Database {
  if (existsSync(path)) throw new AppError('already-exists', `${path} already exists. Choose a new file name, or use "add" to add documents to it.`);
  const db = openSqlite(path);
  try {
    db.pragma(`application_id = ${APPLICATION_ID}`);
    db.pragma(`user_version = ${FORMAT_VERSION}`);
    db.pragma('journal_mode = DELETE');
    db.exec(SCHEMA);
    const insert = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    db.transaction(() => {
      for (const [key, value] of Object.entries(meta)) insert.run(key, value);
    })();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function sqliteCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

/** Maps SQLite's errors about the file itself to messages for people. */
export function explainFileError(path: string, error: unknown): AppError | undefined {
  const code = sqliteCode(error);
  if (code === 'SQLITE_NOTADB')
    return new AppError('not-an-index', `${path} is not an Unlinkable collection index (it is not a SQLite database). The file was not changed.`, {
      cause: error,
    });
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_CORRUPT_VTAB' || code === 'SQLITE_IOERR_SHORT_READ') {
    return new AppError('index-corrupt', `${path} is damaged and cannot be read. The file was not changed; rebuild the index from the original documents.`, {
      cause: error,
    });
  }
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED')
    return new AppError('conflict', `${path} is being changed by another program. Try again when it has finished.`, { cause: error });
  if (code?.startsWith('SQLITE_READONLY') === true) {
    return new AppError(
      'forbidden',
      `${path} cannot be written (it is read-only, or an interrupted update needs write access to be undone). Open it once with write permission.`,
      { cause: error },
    );
  }
  if (code === 'SQLITE_CANTOPEN')
    return new AppError('not-found', `${path} cannot be opened. Check that it exists and that you may read it.`, { cause: error });
  return undefined;
}

/** Opens an existing index file and checks that it is one; never writes to it. */
export function openIndexFile(path: string, options: { readonly: boolean }): Database.Database {
  if (!existsSync(path)) throw new AppError('not-found', `No collection index at ${path}. Create one with "unlinkable index ${path} <inputs…>".`);
  if (statSync(path).isDirectory()) throw new AppError('not-an-index', `${path} is a folder, not a collection index file.`);
  let db: Database.Database | undefined;
  try {
    db = openSqlite(path, { readonly: options.readonly, fileMustExist: true });
    const applicationId = db.pragma('application_id', { simple: true }) as number;
    if (applicationId !== APPLICATION_ID) {
      throw new AppError('not-an-index', `${path} is a SQLite database but not an Unlinkable collection index. The file was not changed.`);
    }
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > FORMAT_VERSION) {
      throw new AppError(
        'index-version',
        `${path} was written by a newer version of Unlinkable (format ${version}); this version reads format ${FORMAT_VERSION}. Update Unlinkable.`,
      );
    }
    db.pragma('foreign_keys = ON');
    return db;
  } catch (error) {
    db?.close();
    throw explainFileError(path, error) ?? error;
  }
}

/** Reads the meta table as a record. */
export function readMeta(db: Database.Database): Record<string, string> {
  const rows = db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[];
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Upserts meta keys (inside the caller's transaction). */
export function writeMeta(db: Database.Database, values: Record<string, string>): void {
  const upsert = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  for (const [key, value] of Object.entries(values)) upsert.run(key, value);
}
