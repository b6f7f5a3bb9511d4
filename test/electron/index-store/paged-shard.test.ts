/**
 * Shards searched page by page (paged-shard.ts) against the same file held whole and the
 * brute-force reference, on collections of many pages read through a cache far smaller
 * than them, so that pages are dropped and read again in the middle of searches.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CollectionIndex } from '../../../electron/index-store/collection-index.js';
import { computeStatistics } from '../../../electron/index-store/collection-stats.js';
import { createCollection, removeDocuments } from '../../../electron/index-store/collection-writer.js';
import { PagedShard } from '../../../electron/index-store/paged-shard.js';
import { PAGE_VALUES } from '../../../electron/index-store/shard-pages.js';
import { detectLinkage } from '../../../shared/linkage/detect.js';
import { referenceDetect } from '../../reference/brute-force.js';
import { recordsOf, type PlainDocument } from '../../helpers/records.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir();

/** Documents from a small vocabulary, so that phrases repeat across them and within them. */
function documentsOf(seed: number, count: number, words: number): PlainDocument[] {
  let state = seed >>> 0 || 1;
  const next = (n: number): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
  const vocabulary = Array.from({ length: 60 }, (_, i) => `w${i.toString(36)}`);
  return Array.from({ length: count }, (_, d) => {
    const tokens: string[] = [];
    for (let i = 0; i < words; i++) tokens.push(vocabulary[Math.min(next(60), next(60))]!, ...(next(9) === 0 ? ['.'] : []));
    return { id: `doc-${String(d).padStart(3, '0')}`, text: tokens.join(' ') };
  });
}

function summaryOf(result: ReturnType<typeof detectLinkage>): unknown {
  return {
    minimal: result.minimal.map((m) => [m.start, m.end, m.df, m.documents]),
    combinations: result.combinations.map((c) => [c.start, c.end]),
    linkable: result.summary.linkable,
  };
}

describe('paged shards', () => {
  it('answer like the file held whole and like brute force, through a cache of a few pages', async () => {
    const documents = documentsOf(7, 40, 900);
    const path = join(tempDir(), 'paged.unl');
    await createCollection(path, recordsOf(documents), { name: 'paged', shardTokens: 12_000 });
    const whole = CollectionIndex.open(path);
    // Three pages of cache, for shards of several pages each.
    const paged = CollectionIndex.open(path, { residentTokens: 0, pageCacheBytes: 3 * PAGE_VALUES * 4 });
    const pagedIndex = paged.phraseIndex();
    expect(pagedIndex.shards.length).toBeGreaterThanOrEqual(3);
    expect(pagedIndex.shards.every((shard) => shard instanceof PagedShard)).toBe(true);
    expect(pagedIndex.shards.filter((shard) => shard.streamLength > 2 * PAGE_VALUES).length).toBeGreaterThanOrEqual(2);

    await fc.assert(
      fc.property(fc.integer({ min: 0, max: documents.length - 1 }), fc.integer({ min: 0, max: 800 }), fc.integer({ min: 2, max: 3 }), (which, from, k) => {
        // A stretch of a document with some words changed: linkable spans, and some not.
        const words = documents[which]!.text.split(' ').slice(from, from + 60);
        const query = words.map((w, i) => (i % 17 === 5 ? 'unseen' : w)).join(' ');
        for (const arity of [1, 2] as const) {
          const settings = { k, arity, maxN: 6 };
          const expected = detectLinkage(whole.phraseIndex(), query, settings);
          expect(summaryOf(detectLinkage(pagedIndex, query, settings))).toEqual(summaryOf(expected));
        }
        const reference = referenceDetect(documents, query, { k, arity: 1, maxN: 6 });
        expect(
          detectLinkage(pagedIndex, query, { k, arity: 1, maxN: 6 }).minimal.map((m) => ({ start: m.start, end: m.end, df: m.df, documents: m.documents })),
        ).toEqual(reference.minimal);
      }),
      { numRuns: 8 },
    );

    // Whole documents across page boundaries, and Figure 2's statistics from a merge over every page.
    for (const document of documents) {
      const number = pagedIndex.documentNumberOf(document.id)!;
      expect(Array.from(pagedIndex.documentTokens(number)!)).toEqual(Array.from(whole.phraseIndex().documentTokens(number)!));
    }
    // (With the default cache: the merge reads every shard at once, and three pages would be read again at every step.)
    const pagedWithRoom = CollectionIndex.open(path, { residentTokens: 0 });
    expect(computeStatistics(pagedWithRoom.phraseIndex().shards, 4)).toEqual(computeStatistics(whole.phraseIndex().shards, 4));
    pagedWithRoom.close();
    whole.close();
    paged.close();
  });

  it('count only live documents after removals, like the file held whole', async () => {
    const documents = documentsOf(11, 24, 700);
    const path = join(tempDir(), 'removed.unl');
    await createCollection(path, recordsOf(documents), { name: 'removed', shardTokens: 8_000 });
    const writer = CollectionIndex.open(path, { readonly: false, residentTokens: 0, pageCacheBytes: 2 * PAGE_VALUES * 4 });
    const before = writer.phraseIndex();
    removeDocuments(writer, ['doc-003', 'doc-010', 'doc-017']);
    const live = documents.filter((d) => !['doc-003', 'doc-010', 'doc-017'].includes(d.id));
    const after = writer.phraseIndex();
    // The shards are kept across the change (only liveness is read again).
    expect(after.shards[0]).toBe(before.shards[0]);
    const query = documents[10]!.text.split(' ').slice(100, 160).join(' ');
    const settings = { k: 2, arity: 1 as const, maxN: 6 };
    expect(detectLinkage(after, query, settings).minimal.map((m) => ({ start: m.start, end: m.end, df: m.df, documents: m.documents }))).toEqual(
      referenceDetect(live, query, settings).minimal,
    );
    writer.close();
  });
});
