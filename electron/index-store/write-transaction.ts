/**
 * What every change to a collection file ends with: its generation bumped (readers see
 * that the collection changed) and its content hash recomputed, inside one
 * BEGIN IMMEDIATE … COMMIT that a crash or kill at any point rolls back.
 */
import type Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readMeta, writeMeta } from './schema.js';

/** The time a row is written, as stored. */
export function now(): string {
  return new Date().toISOString();
}

/** SHA-256 over the live documents' (id, text hash) pairs in id order. */
function contentHash(db: Database.Database): string {
  const hash = createHash('sha256');
  for (const row of db.prepare('SELECT external_id, text_sha256 FROM documents ORDER BY external_id').iterate() as Iterable<{
    external_id: string;
    text_sha256: string;
  }>) {
    hash.update(`${row.external_id}\u0000${row.text_sha256}\n`);
  }
  return hash.digest('hex');
}

/** A new generation, update time and content hash: the collection changed. */
export function bumpGeneration(db: Database.Database): void {
  const meta = readMeta(db);
  writeMeta(db, { generation: String(Number(meta.generation ?? 0) + 1), updated_at: now(), content_sha256: contentHash(db) });
}

/** Runs `work` inside BEGIN IMMEDIATE … COMMIT, rolling back on any error. */
export async function inWriteTransaction<T>(db: Database.Database, work: () => Promise<T>): Promise<T> {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = await work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
