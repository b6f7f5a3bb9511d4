/**
 * A collection that changed under a reader. Shards searched in place (paged-shard.ts) read
 * their pages from the file during a check; when another program compacts the collection
 * meanwhile, the old shards' pages are gone. That is not damage: the file is whole, only
 * newer than what the reader had loaded. The reader says so, and the front doors check
 * once more against the collection as it is now (`retryIfCollectionChanged`), so that no
 * verdict mixes two states of the collection and the clerk is not told the file is broken.
 */
import type Database from 'better-sqlite3';
import { AppError } from '../../shared/errors.js';

export class CollectionChangedError extends AppError {
  constructor(path: string) {
    super('conflict', `${path} changed while it was being read (another program compacted it). Nothing was lost; check again.`);
  }
}

/** True when the shard's row is still in the file (ids are never reused, see schema.ts). */
export function shardExists(db: Database.Database, shardId: number): boolean {
  return db.prepare('SELECT 1 FROM shards WHERE id = ?').get(shardId) !== undefined;
}

/**
 * How many times a check starts again after the collection changed under it. One is
 * enough unless the collection is compacted again within that one check.
 */
const RETRIES = 2;

/** Runs `read`, again from the start when the collection changed under it. */
export function retryIfCollectionChanged<T>(read: () => T): T {
  for (let attempt = 0; ; attempt++) {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof CollectionChangedError) || attempt >= RETRIES) throw error;
    }
  }
}

/** The same for reads that run in time slices. */
export async function retryIfCollectionChangedAsync<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof CollectionChangedError) || attempt >= RETRIES) throw error;
    }
  }
}
