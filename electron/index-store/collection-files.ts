/**
 * Collection files as whole steps: open, import from inputs, add, remove, compact. The
 * services (services/collections.ts), the import worker and the evaluation call these;
 * no front door holds logic of its own.
 */
import { accessSync, constants } from 'node:fs';
import type { ImportRecord } from '../import/import-records.js';
import { readInputs } from '../import/read-inputs.js';
import { CollectionIndex } from './collection-index.js';
import { addDocuments, createCollection, type ImportReport, type WritePhase } from './collection-writer.js';
import { compactCollection, compactionDue, removeDocuments } from './collection-compaction.js';

/** Progress of a long collection job. */
export type JobProgress = (phase: WritePhase | 'loading' | 'statistics', done: number, total: number) => void;

/** Opens a collection; for writing only when asked (collections are shared read-only artifacts). */
export function openCollection(path: string, options: { write?: boolean; residentTokens?: number } = {}): CollectionIndex {
  return CollectionIndex.open(path, { readonly: options.write !== true, residentTokens: options.residentTokens });
}

/** True when the file can be written by this process. */
export function isWritable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Options of an import. */
export interface ImportOptions {
  readonly name?: string | undefined;
  readonly placeholderPattern?: string | undefined;
  readonly replace?: boolean | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: JobProgress | undefined;
}

/** Documents read from one input file. */
export interface FileCount {
  readonly file: string;
  readonly documents: number;
}

/** An import's report with which file became how many documents (a stray README.md shows). */
export interface InputsReport extends ImportReport {
  readonly files: FileCount[];
}

/** The records of `inputs`, counting the documents each file yields into `counts`. */
async function* recordsOf(inputs: readonly string[], options: ImportOptions, counts: Map<string, number>): AsyncGenerator<ImportRecord> {
  for await (const record of readInputs(inputs, { signal: options.signal, onBytes: (read, total) => options.onProgress?.('reading', read, total) })) {
    if (record.kind === 'document' && record.file !== undefined) counts.set(record.file, (counts.get(record.file) ?? 0) + 1);
    yield record;
  }
}

function withFiles(report: ImportReport, counts: Map<string, number>): InputsReport {
  return { ...report, files: [...counts].map(([file, documents]) => ({ file, documents })) };
}

function writerProgress(options: ImportOptions) {
  return (phase: WritePhase, done: number, total: number): void => {
    if (phase !== 'reading') options.onProgress?.(phase, done, total);
  };
}

/** Builds a new collection file from inputs (files, folders, JSONL). */
export async function createFromInputs(path: string, inputs: readonly string[], options: ImportOptions = {}): Promise<InputsReport> {
  const counts = new Map<string, number>();
  const report = await createCollection(path, recordsOf(inputs, options, counts), {
    name: options.name,
    placeholderPattern: options.placeholderPattern,
    signal: options.signal,
    onProgress: writerProgress(options),
  });
  return withFiles(report, counts);
}

/** Adds inputs to an existing collection, compacting afterwards when due. */
export async function addInputs(path: string, inputs: readonly string[], options: ImportOptions = {}): Promise<InputsReport> {
  const collection = openCollection(path, { write: true });
  const counts = new Map<string, number>();
  try {
    const report = await addDocuments(collection, recordsOf(inputs, options, counts), {
      replace: options.replace,
      signal: options.signal,
      onProgress: writerProgress(options),
    });
    if (compactionDue(collection)) await compactCollection(collection, { signal: options.signal, onProgress: writerProgress(options) });
    return withFiles(report, counts);
  } finally {
    collection.close();
  }
}

/** Removes documents by id, compacting afterwards when due. */
export async function removeIds(path: string, ids: readonly string[], options: ImportOptions = {}): Promise<{ removed: string[]; missing: string[] }> {
  const collection = openCollection(path, { write: true });
  try {
    const result = removeDocuments(collection, ids);
    if (result.removed.length > 0 && compactionDue(collection))
      await compactCollection(collection, { signal: options.signal, onProgress: writerProgress(options) });
    return result;
  } finally {
    collection.close();
  }
}

/** Rewrites the collection's shards without removed documents. */
export async function compact(path: string, options: ImportOptions = {}): Promise<{ shardsBefore: number; shardsAfter: number }> {
  const collection = openCollection(path, { write: true });
  try {
    return await compactCollection(collection, { signal: options.signal, onProgress: writerProgress(options) });
  } finally {
    collection.close();
  }
}
