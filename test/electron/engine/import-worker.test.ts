/**
 * Compaction as the app runs it: on the import worker thread, with progress, and a cancel
 * that leaves the file as it was (one transaction). Real worker, real SQLite files.
 */
import { describe, expect, it } from 'vitest';
import { createImportClient } from '../../../electron/engine/engine-clients.js';
import { openCollection, removeIds } from '../../../electron/index-store/collection-files.js';
import { createCollection } from '../../../electron/index-store/collection-writer.js';
import { recordsOf, type PlainDocument } from '../../helpers/records.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('unlinkable-import-worker-');

function documentsOf(count: number, words: number): PlainDocument[] {
  let state = 99;
  const next = (n: number): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
  return Array.from({ length: count }, (_, d) => ({
    id: `doc-${d}`,
    text: Array.from({ length: words }, () => `w${next(5000)}`).join(' '),
  }));
}

/** A collection of several shards with two documents removed. */
async function collectionToCompact(words: number): Promise<string> {
  const path = join(tempDir(), 'compact.unl');
  await createCollection(path, recordsOf(documentsOf(12, words)), { name: 'compact', shardTokens: words * 3 });
  await removeIds(path, ['doc-1', 'doc-7']);
  return path;
}

function stateOf(path: string): { shards: number; documents: number; tokens: number; generation: number } {
  const collection = openCollection(path);
  try {
    const info = collection.readInfo();
    return { shards: info.shardCount, documents: info.documentCount, tokens: info.tokenCount, generation: info.generation };
  } finally {
    collection.close();
  }
}

describe('compaction on the import worker', () => {
  it('rewrites the shards without the removed documents, reporting progress', async () => {
    const path = await collectionToCompact(2_000);
    const before = stateOf(path);
    expect(before.shards).toBeGreaterThanOrEqual(4);
    const phases: string[] = [];
    const worker = createImportClient();
    try {
      const result = await worker.request('compact', { path }, { onProgress: (phase) => phases.push(phase) });
      expect(result).toEqual({ shardsBefore: before.shards, shardsAfter: 1 });
    } finally {
      await worker.dispose();
    }
    expect(phases).toContain('compacting');
    expect(stateOf(path)).toMatchObject({ shards: 1, documents: 10, tokens: before.tokens });
  });

  it('leaves the file as it was when cancelled', async () => {
    // Large enough that the cancel arrives while the shards are still being sorted.
    const path = await collectionToCompact(150_000);
    const before = stateOf(path);
    const cancel = new AbortController();
    const worker = createImportClient();
    try {
      const compacting = worker.request('compact', { path }, { signal: cancel.signal, onProgress: (phase) => phase === 'compacting' && cancel.abort() });
      await expect(compacting).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      await worker.dispose();
    }
    expect(stateOf(path)).toEqual(before);
  });
});
