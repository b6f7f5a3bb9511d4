/**
 * A collection compacted by another program while a reader searches it in place: the
 * reader's shards lose their pages. That must read as "changed, check again", never as a
 * damaged file, and the front doors check again on the collection as it is now, giving
 * what a fresh open and the brute-force reference give. Real SQLite files, two connections.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CollectionChangedError } from '../../../electron/index-store/collection-changed.js';
import { compact } from '../../../electron/index-store/collection-files.js';
import { CollectionIndex } from '../../../electron/index-store/collection-index.js';
import { createCollection } from '../../../electron/index-store/collection-writer.js';
import { removeDocuments } from '../../../electron/index-store/collection-compaction.js';
import { PAGE_VALUES } from '../../../electron/index-store/shard-pages.js';
import { EngineState } from '../../../electron/engine/engine-state.js';
import { checkText } from '../../../electron/services/detection.js';
import { detectLinkage } from '../../../shared/linkage/detect.js';
import { referenceDetect } from '../../reference/brute-force.js';
import { recordsOf, type PlainDocument } from '../../helpers/records.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';
import { projectRoot } from '../../spec-paths.js';

const tempDir = useTempDir();

/** Documents over a small vocabulary, long enough for shards of several pages. */
function documentsOf(count: number, words: number): PlainDocument[] {
  let state = 12345;
  const next = (n: number): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
  return Array.from({ length: count }, (_, d) => ({
    id: `doc-${String(d).padStart(2, '0')}`,
    text: Array.from({ length: words }, () => `w${Math.min(next(50), next(50))}`).join(' '),
  }));
}

const removed = ['doc-02', 'doc-05'];
const settings = { k: 2, arity: 1 as const, maxN: 5 };

function spansOf(result: ReturnType<typeof detectLinkage>): unknown {
  return result.minimal.map((m) => ({ start: m.start, end: m.end, df: m.df, documents: m.documents }));
}

async function compactedUnderReader(): Promise<{
  path: string;
  reader: CollectionIndex;
  live: PlainDocument[];
  query: string;
  staleIndex: ReturnType<CollectionIndex['phraseIndex']>;
}> {
  const documents = documentsOf(16, 1500);
  const path = join(tempDir(), 'changing.unl');
  await createCollection(path, recordsOf(documents), { name: 'changing', shardTokens: 10_000 });
  // The reader searches in place through a cache of three pages, so that a check reads pages as it goes.
  const reader = CollectionIndex.open(path, { residentTokens: 0, pageCacheBytes: 3 * PAGE_VALUES * 4 });
  const query = documents[7]!.text.split(' ').slice(200, 320).join(' ');
  const staleIndex = reader.phraseIndex();
  expect(staleIndex.shards.length).toBeGreaterThanOrEqual(2);
  detectLinkage(staleIndex, query, settings);
  // Another program removes two documents and compacts: every shard the reader loaded is deleted.
  const writer = CollectionIndex.open(path, { readonly: false });
  removeDocuments(writer, removed);
  writer.close();
  await compact(path);
  return { path, reader, live: documents.filter((d) => !removed.includes(d.id)), query, staleIndex };
}

describe('a collection compacted while a reader searches it in place', () => {
  it('reads as changed, not damaged, and the check runs again on the collection as it is now', async () => {
    const { path, reader, live, query, staleIndex } = await compactedUnderReader();
    // The shards loaded before the compaction: their pages are gone.
    let thrown: unknown;
    try {
      detectLinkage(staleIndex, query, settings);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CollectionChangedError);
    expect(thrown).toMatchObject({ code: 'conflict' });
    expect((thrown as Error).message).not.toMatch(/damaged/);

    // The service checks again on the compacted collection: as a fresh open, and as brute force over the live documents.
    const checked = checkText(reader, query, settings);
    const fresh = CollectionIndex.open(path, { residentTokens: 0 });
    expect(spansOf(checked)).toEqual(spansOf(detectLinkage(fresh.phraseIndex(), query, settings)));
    expect(spansOf(checked)).toEqual(referenceDetect(live, query, settings).minimal);
    expect(spansOf(checked)).not.toEqual([]);
    fresh.close();
    reader.close();
  });

  it('the review engine plans again when the compaction lands between the detections of its sliced plan', async () => {
    const documents = documentsOf(16, 1500);
    const path = join(tempDir(), 'engine.unl');
    await createCollection(path, recordsOf(documents), { name: 'engine', shardTokens: 10_000 });
    const writer = CollectionIndex.open(path, { readonly: false });
    removeDocuments(writer, removed);
    writer.close();
    const engine = new EngineState();
    // The engine opens collections itself; a small page cache makes its checks read pages as they go.
    (engine as unknown as { open: Map<string, CollectionIndex> }).open.set(
      path,
      CollectionIndex.open(path, { residentTokens: 0, pageCacheBytes: 3 * PAGE_VALUES * 4 }),
    );
    const query = documents[3]!.text.split(' ').slice(400, 700).join(' ');
    const review = { k: 2, arity: 3, maxN: 5, sourceId: null, strategy: 'minimal', placeholder: '[REDACTED]' } as const;
    // The plan asks its signal at every step, and it detects several times: the second time
    // it asks, the command line compacts the file (and the plan waits for it), and the next
    // detection reads pages of shards that are gone.
    let asked = 0;
    let compacted: ReturnType<typeof spawnSync> | undefined;
    const signal = {
      get aborted(): boolean {
        if (++asked === 2) compacted = spawnSync(process.execPath, ['--import', 'tsx', 'electron/cli/cli-entry.ts', 'compact', path], { cwd: projectRoot });
        return false;
      },
    };
    const plan = await engine.plan(path, query, review as never, 'doc', [], signal);
    expect(compacted?.status, String(compacted?.stderr)).toBe(0);
    // The plan of the compacted file, as a fresh engine makes it, and clean.
    const fresh = new EngineState();
    const expected = await fresh.plan(path, query, review as never, 'doc', [], { aborted: false });
    expect(plan.clean).toBe(true);
    expect({ ...plan, milliseconds: 0 }).toEqual({ ...expected, milliseconds: 0 });
    fresh.close(path);
    engine.close(path);
  });
});
