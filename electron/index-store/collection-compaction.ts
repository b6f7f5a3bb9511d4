/**
 * Removing documents from a collection, and compaction: rewriting the shards from the live
 * documents' token streams once removals or many small imports have piled up.
 */
import type Database from 'better-sqlite3';
import { throwIfAborted } from '../../shared/errors.js';
import type { CollectionIndex } from './collection-index.js';
import type { TokenizedShard } from './shard-builder.js';
import { ShardPipeline } from './shard-pipeline.js';
import { insertShard } from './shard-storage.js';
import { rewriteTextBlocks } from './text-blocks.js';
import { bumpGeneration, inWriteTransaction, now } from './write-transaction.js';

/** What compaction takes of a write's options (collection-writer.ts's AddOptions fit). */
export interface CompactOptions {
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((phase: 'compacting', done: number, total: number) => void) | undefined;
  /** Stream tokens per shard (see shard-pipeline.ts). */
  readonly shardTokens?: number | undefined;
}

/** Compaction is due when more shards than this accumulate. */
const MAX_SHARDS_BEFORE_COMPACTION = 16;

/**
 * Deletes a document's row; returns false when there is none. The block that held its
 * text goes into `blocks`, for rewriteTextBlocks once every row is gone.
 */
export function deleteDocumentRow(db: Database.Database, id: string, blocks: number[]): boolean {
  // SELECT *: a format-1 file has no text_block column.
  const row = db.prepare('SELECT * FROM documents WHERE external_id = ?').get(id) as { text_block?: number | null } | undefined;
  if (row === undefined) return false;
  if (row.text_block !== undefined && row.text_block !== null) blocks.push(row.text_block);
  db.prepare('DELETE FROM documents WHERE external_id = ?').run(id);
  return true;
}

/** Removes documents by id; returns the ids removed and those not found. */
export function removeDocuments(collection: CollectionIndex, ids: readonly string[]): { removed: string[]; missing: string[] } {
  const { db } = collection;
  const removed: string[] = [];
  const missing: string[] = [];
  db.transaction(() => {
    const blocks: number[] = [];
    for (const id of ids) (deleteDocumentRow(db, id, blocks) ? removed : missing).push(id);
    rewriteTextBlocks(db, collection.path, blocks);
    if (removed.length > 0) bumpGeneration(db);
  }).immediate();
  return { removed, missing };
}

/** True when enough shards or dead documents piled up that compaction pays. */
export function compactionDue(collection: CollectionIndex): boolean {
  const { db } = collection;
  const shards = db.prepare('SELECT COUNT(*) AS n, COALESCE(SUM(document_count), 0) AS docs FROM shards').get() as { n: number; docs: number };
  const live = (db.prepare('SELECT COUNT(*) AS n FROM documents').get() as { n: number }).n;
  return shards.n > MAX_SHARDS_BEFORE_COMPACTION || (shards.docs > 0 && live < shards.docs / 2);
}

/**
 * Rewrites all shards from the live documents' token streams (no re-tokenizing),
 * dropping removed documents and merging small shards.
 */
export async function compactCollection(collection: CollectionIndex, options: CompactOptions = {}): Promise<{ shardsBefore: number; shardsAfter: number }> {
  const index = collection.phraseIndex();
  const { db } = collection;
  return inWriteTransaction(db, async () => {
    const before = index.shards.length;
    const oldShards = (db.prepare('SELECT id FROM shards').all() as { id: number }[]).map((r) => r.id);
    const liveTokens = index.shards.reduce((sum, shard) => {
      // From the document table: reading every document's tokens to count them would decode (or page in) the whole stream twice.
      for (let local = 0; local < shard.documentCount; local++)
        if (shard.live[local] !== 0) sum += shard.documentStarts[local + 1]! - shard.documentStarts[local]!;
      return sum;
    }, 0);
    const move = db.prepare('UPDATE documents SET shard_id = ?, shard_document = ? WHERE number = ?');
    let after = 0;
    let copied = 0;
    const pipeline = new ShardPipeline<null>(
      (encoded, parts) => {
        const createdAt = now();
        encoded.forEach((shard, s) => {
          const shardId = insertShard(db, shard, createdAt);
          parts[s]!.documentNumbers.forEach((number, local) => move.run(shardId, local, number));
        });
        after += encoded.length;
      },
      { signal: options.signal, shardTokens: options.shardTokens },
    );
    // The live documents' token streams, copied a batch at a time (no re-tokenizing).
    let batch = new StreamBatch();
    options.onProgress?.('compacting', 0, liveTokens);
    try {
      for (const shard of index.shards) {
        for (let local = 0; local < shard.documentCount; local++) {
          if (shard.live[local] === 0) continue;
          const piece = shard.documentTokens(local);
          batch.add(shard.documentNumbers[local]!, piece);
          copied += piece.length;
          if (batch.length >= pipeline.shardTokens) {
            const full = batch;
            batch = new StreamBatch();
            await pipeline.submitFull(full.finish(), index.vocabulary.maxId, null);
            throwIfAborted(options.signal);
            options.onProgress?.('compacting', copied, liveTokens);
          }
        }
      }
      await pipeline.finish(batch.length > 0 ? batch.finish() : undefined, index.vocabulary.maxId, null);
    } catch (error) {
      pipeline.cancel();
      throw error;
    }
    throwIfAborted(options.signal);
    const drop = db.prepare('DELETE FROM shards WHERE id = ?');
    for (const id of oldShards) drop.run(id);
    bumpGeneration(db);
    options.onProgress?.('compacting', liveTokens, liveTokens);
    return { shardsBefore: before, shardsAfter: after };
  });
}

/** Token streams of whole documents (sentinels included), gathered into one batch. */
class StreamBatch {
  private readonly pieces: Uint32Array[] = [];
  private readonly numbers: number[] = [];
  private readonly counts: number[] = [];
  length = 0;

  add(documentNumber: number, piece: Uint32Array): void {
    let tokenCount = 0;
    for (const t of piece) if (t !== 0) tokenCount++;
    this.pieces.push(piece);
    this.numbers.push(documentNumber);
    this.counts.push(tokenCount);
    this.length += piece.length;
  }

  finish(): TokenizedShard {
    const tokens = new Uint32Array(this.length);
    const starts = new Uint32Array(this.pieces.length + 1);
    let offset = 0;
    this.pieces.forEach((piece, i) => {
      starts[i] = offset;
      tokens.set(piece, offset);
      offset += piece.length;
    });
    starts[this.pieces.length] = offset;
    return { tokens, documentStarts: starts, documentNumbers: Int32Array.from(this.numbers), tokenCounts: Int32Array.from(this.counts) };
  }
}
