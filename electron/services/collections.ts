/**
 * Collection services shared by the CLI, the Electron main process and the browser
 * host: open, import, add, remove, compact. No front door holds logic of its own.
 */
import { accessSync, constants } from 'node:fs';
import { readInputs } from '../import/read-inputs.js';
import { CollectionIndex } from '../index-store/collection-index.js';
import {
  addDocuments,
  compactCollection,
  compactionDue,
  createCollection,
  removeDocuments,
  type ImportReport,
  type WritePhase,
} from '../index-store/collection-writer.js';

/** Progress of a long collection job. */
export type JobProgress = (phase: WritePhase | 'loading' | 'statistics', done: number, total: number) => void;

/** Opens a collection; for writing only when asked (collections are shared read-only artifacts). */
export function openCollection(path: string, options: { write?: boolean } = {}): CollectionIndex {
  return CollectionIndex.open(path, { readonly: options.write !== true });
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

function recordsOf(inputs: readonly string[], options: ImportOptions) {
  return readInputs(inputs, { signal: options.signal, onBytes: (read, total) => options.onProgress?.('reading', read, total) });
}

function writerProgress(options: ImportOptions) {
  return (phase: WritePhase, done: number, total: number): void => {
    if (phase !== 'reading') options.onProgress?.(phase, done, total);
  };
}

/** Builds a new collection file from inputs (files, folders, JSONL). */
export function createFromInputs(path: string, inputs: readonly string[], options: ImportOptions = {}): Promise<ImportReport> {
  return createCollection(path, recordsOf(inputs, options), {
    name: options.name,
    placeholderPattern: options.placeholderPattern,
    signal: options.signal,
    onProgress: writerProgress(options),
  });
}

/** Adds inputs to an existing collection, compacting afterwards when due. */
export async function addInputs(path: string, inputs: readonly string[], options: ImportOptions = {}): Promise<ImportReport> {
  const collection = openCollection(path, { write: true });
  try {
    const report = await addDocuments(collection, recordsOf(inputs, options), {
      replace: options.replace,
      signal: options.signal,
      onProgress: writerProgress(options),
    });
    if (compactionDue(collection)) await compactCollection(collection, { signal: options.signal, onProgress: writerProgress(options) });
    return report;
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
