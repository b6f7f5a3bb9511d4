/**
 * Changing a collection: create and add (removing and compacting are in
 * collection-compaction.ts). Each change is one SQLite transaction (BEGIN IMMEDIATE …
 * COMMIT), held across the asynchronous sorting, so a crash or kill at any point leaves
 * the previous state.
 */
import type Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { makeFolder } from '../runtime/make-folder.js';
import { AppError, throwIfAborted } from '../../shared/errors.js';
import { compilePlaceholderPattern, DEFAULT_PLACEHOLDER_PATTERN } from '../../shared/tokenizer/placeholders.js';
import type { ImportProblem, ImportRecord } from '../import/import-records.js';
import { CollectionIndex } from './collection-index.js';
import { createIndexFile, readMeta } from './schema.js';
import { ShardTokenizer } from './shard-builder.js';
import { ShardPipeline, type WriteSortedBatch } from './shard-pipeline.js';
import { insertShard, insertVocabularyPart, readVocabulary } from './shard-storage.js';
import { Vocabulary } from './vocabulary.js';
import { insertTextBlock, rewriteTextBlocks, TextBlockPacker, upgradeToTextBlocks } from './text-blocks.js';
import { sha256Text } from '../runtime/text-hash.js';
import { bumpGeneration, inWriteTransaction, now } from './write-transaction.js';
import { deleteDocumentRow } from './collection-compaction.js';

/** Phases of a long write, for progress bars. */
export type WritePhase = 'reading' | 'sorting' | 'writing' | 'compacting';

/** Progress of a write: `done` of `total` units of the phase. */
export type WriteProgress = (phase: WritePhase, done: number, total: number) => void;

/** What an import did. */
export interface ImportReport {
  readonly added: number;
  readonly replaced: number;
  readonly tokens: number;
  readonly problems: ImportProblem[];
  readonly seconds: number;
}

/** Options of add and index. */
export interface AddOptions {
  /** Replace documents whose id already exists instead of rejecting them. */
  readonly replace?: boolean;
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: WriteProgress | undefined;
  /** Stream tokens per shard (see shard-pipeline.ts); tests set small ones to get many batches. */
  readonly shardTokens?: number | undefined;
  /** Raw bytes of text per compressed block (see text-blocks.ts); tests set small ones to get many blocks. */
  readonly textBlockBytes?: number | undefined;
}

/**
 * Reading lets the event loop run at least this often, so that a cancel (a message to
 * the import worker) is seen at once: a gunzip stream that is ahead of the reader, and the
 * text packer, hand over data without ever waiting, so the loop could otherwise read a
 * whole file before the cancel arrives.
 */
const YIELD_EVERY_MS = 50;

/** What a document row's own text column (format 1) holds now that texts live in blocks. */
const EMPTY_BLOB = Buffer.alloc(0);

interface PendingDocument {
  readonly number: number;
  readonly id: string;
  readonly tokens: number;
  readonly characters: number;
  readonly origin: string;
  readonly source: string | undefined;
  readonly textSha256: string;
}

/** The documents of one batch, with their texts (being compressed). */
interface BatchDocuments {
  readonly documents: Map<number, PendingDocument>;
  readonly texts: TextBlockPacker;
}

/** Writes a sorted batch's shards and their documents. Call inside the transaction. */
function batchWriter(db: Database.Database): WriteSortedBatch<BatchDocuments> {
  const insertDocument = db.prepare(
    'INSERT INTO documents (number, external_id, shard_id, shard_document, token_count, char_count, origin, source, text_sha256, text, added_at, text_block, text_offset, text_bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  return async (encoded, parts, batch) => {
    const texts = new Map<number, { block: number; offset: number; bytes: number }>();
    for (const block of await batch.texts.finish()) {
      const id = insertTextBlock(db, block.data);
      for (const text of block.texts) texts.set(text.documentNumber, { block: id, offset: text.offset, bytes: text.bytes });
    }
    const createdAt = now();
    encoded.forEach((shard, s) => {
      const shardId = insertShard(db, shard, createdAt);
      parts[s]!.documentNumbers.forEach((number, local) => {
        const d = batch.documents.get(number)!;
        const text = texts.get(number)!;
        // The text lives in its block; the row's own text column (format 1) stays empty.
        insertDocument.run(
          d.number,
          d.id,
          shardId,
          local,
          d.tokens,
          d.characters,
          d.origin,
          d.source ?? null,
          d.textSha256,
          EMPTY_BLOB,
          createdAt,
          text.block,
          text.offset,
          text.bytes,
        );
      });
    });
  };
}

/**
 * Adds documents from `records` to an open (writable) collection. Duplicate ids are
 * reported as problems unless `replace` is set. Returns what happened.
 */
export async function addDocuments(collection: CollectionIndex, records: AsyncIterable<ImportRecord>, options: AddOptions = {}): Promise<ImportReport> {
  const started = performance.now();
  const { db } = collection;
  const meta = readMeta(db);
  const pattern = compilePlaceholderPattern(meta.placeholder_pattern ?? DEFAULT_PLACEHOLDER_PATTERN);
  return inWriteTransaction(db, async () => {
    upgradeToTextBlocks(db);
    const vocabulary = new Vocabulary();
    vocabulary.appendStoredKeys(readVocabulary(db, collection.path), 0);
    const vocabularyBefore = vocabulary.size;
    const existing = new Set((db.prepare('SELECT external_id FROM documents').all() as { external_id: string }[]).map((r) => r.external_id));
    const sequence = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'documents'").get() as { seq: number } | undefined;
    let nextNumber = (sequence?.seq ?? 0) + 1;
    // Replaced documents go before their successors are written (ids are unique); the transaction undoes both on failure.
    /** Blocks that held replaced texts: rewritten once, at the end. */
    const replacedBlocks: number[] = [];

    const pipeline = new ShardPipeline(batchWriter(db), {
      signal: options.signal,
      shardTokens: options.shardTokens,
      onShardWritten: (done, total) => options.onProgress?.('sorting', done, total),
    });
    const newBatch = () => ({
      tokenizer: new ShardTokenizer(vocabulary, pattern),
      documents: new Map<number, PendingDocument>(),
      texts: new TextBlockPacker(options.textBlockBytes),
    });
    let batch = newBatch();
    const problems: ImportProblem[] = [];
    const seen = new Set<string>();
    let added = 0;
    let replaced = 0;
    let tokens = 0;
    let yielded = performance.now();
    try {
      for await (const record of records) {
        if (performance.now() - yielded > YIELD_EVERY_MS) {
          await setImmediate();
          yielded = performance.now();
        }
        throwIfAborted(options.signal);
        if (record.kind === 'problem') {
          problems.push(record);
          continue;
        }
        if (seen.has(record.id)) {
          problems.push({
            kind: 'problem',
            origin: record.origin,
            code: 'duplicate-id',
            message: `${record.origin}: id "${record.id}" appears twice in this import; the first one was kept.`,
          });
          continue;
        }
        if (existing.has(record.id)) {
          if (options.replace !== true) {
            problems.push({
              kind: 'problem',
              origin: record.origin,
              code: 'duplicate-id',
              message: `${record.origin}: the collection already has a document "${record.id}". Use --replace to replace it.`,
            });
            continue;
          }
          deleteDocumentRow(db, record.id, replacedBlocks);
          replaced++;
        }
        seen.add(record.id);
        const number = nextNumber++;
        const count = batch.tokenizer.add({ documentNumber: number, text: record.text });
        tokens += count;
        added++;
        batch.documents.set(number, {
          number,
          id: record.id,
          tokens: count,
          characters: record.text.length,
          origin: record.origin,
          source: record.source,
          textSha256: sha256Text(record.text),
        });
        await batch.texts.add(number, record.text);
        options.onProgress?.('reading', added, 0);
        if (batch.tokenizer.length >= pipeline.shardTokens) {
          const full = batch;
          batch = newBatch();
          // The payload leaves the tokenizer behind: its growable buffer is twice the batch.
          await pipeline.submitFull(full.tokenizer.finish(), vocabulary.maxId, { documents: full.documents, texts: full.texts });
        }
      }
      if (added === 0) return { added: 0, replaced: 0, tokens: 0, problems, seconds: (performance.now() - started) / 1000 };
      await pipeline.finish(batch.documents.size > 0 ? batch.tokenizer.finish() : undefined, vocabulary.maxId, {
        documents: batch.documents,
        texts: batch.texts,
      });
    } catch (error) {
      pipeline.cancel();
      throw error;
    }
    throwIfAborted(options.signal);
    options.onProgress?.('writing', 0, 1);
    rewriteTextBlocks(db, collection.path, replacedBlocks);
    insertVocabularyPart(db, vocabularyBefore, vocabulary.keysFrom(vocabularyBefore));
    bumpGeneration(db);
    options.onProgress?.('writing', 1, 1);
    return { added, replaced, tokens, problems, seconds: (performance.now() - started) / 1000 };
  });
}

/** Settings of a new collection. */
export interface CreateOptions {
  readonly name?: string;
  readonly placeholderPattern?: string;
}

/**
 * Creates a collection file from `records`. The file is built under a temporary name
 * and renamed into place only when complete, so an interrupted build leaves nothing
 * half-made at `path`.
 */
export async function createCollection(path: string, records: AsyncIterable<ImportRecord>, options: CreateOptions & AddOptions = {}): Promise<ImportReport> {
  const pattern = options.placeholderPattern ?? DEFAULT_PLACEHOLDER_PATTERN;
  compilePlaceholderPattern(pattern);
  if (existsSync(path)) throw new AppError('already-exists', `${path} already exists. Choose a new file name, or use "add" to add documents to it.`);
  makeFolder(dirname(resolve(path)), 'collection folder');
  removeStalePartials(path);
  const temporary = `${path}.partial-${process.pid}-${Date.now()}`;
  const created = now();
  const db = createIndexFile(temporary, {
    format: 'unlinkable-collection',
    name: options.name ?? '',
    placeholder_pattern: pattern,
    tokenizer: '1',
    created_at: created,
    updated_at: created,
    generation: '0',
    content_sha256: createHash('sha256').digest('hex'),
  });
  const collection = CollectionIndex.fromDatabase(temporary, db);
  try {
    const report = await addDocuments(collection, records, options);
    if (report.added === 0) {
      throw new AppError(
        'empty-file',
        `No documents could be read from the inputs, so no index was made.${report.problems.length > 0 ? ` First problem: ${report.problems[0]!.message}` : ''}`,
      );
    }
    collection.close();
    if (existsSync(path)) throw new AppError('already-exists', `${path} appeared while the index was being built; the new index was not moved there.`);
    renameSync(temporary, path);
    return report;
  } catch (error) {
    collection.close();
    rmSync(temporary, { force: true });
    rmSync(`${temporary}-journal`, { force: true });
    throw error;
  }
}

/** Deletes partial files left by builds that were killed (their process is gone). */
function removeStalePartials(path: string): void {
  const folder = dirname(path);
  const prefix = `${basename(path)}.partial-`;
  for (const name of readdirSync(folder)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && !processAlive(pid)) rmSync(join(folder, name), { force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
