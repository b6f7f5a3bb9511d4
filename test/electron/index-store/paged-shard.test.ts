/**
 * Shards searched page by page (paged-shard.ts) against the same file held whole and the
 * brute-force reference, on collections of many pages read through a cache far smaller
 * than them, so that pages are dropped and read again in the middle of searches.
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { copyFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { CollectionIndex } from '../../../electron/index-store/collection-index.js';
import { computeStatistics } from '../../../electron/index-store/collection-stats.js';
import { createCollection } from '../../../electron/index-store/collection-writer.js';
import { removeDocuments } from '../../../electron/index-store/collection-compaction.js';
import { PagedShard } from '../../../electron/index-store/paged-shard.js';
import { encodeFirstTokenCounts, FIRST_TOKEN_COUNTS, FirstTokenBuckets } from '../../../electron/index-store/first-token-buckets.js';
import { checksum } from '../../../electron/index-store/blob-codec.js';
import { PAGE_VALUES, PageCache } from '../../../electron/index-store/shard-pages.js';
import { bucketStartsOf } from '../../../electron/index-store/shard.js';
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

  it('read the right page when its row is not where the pages were written (found by key instead)', async () => {
    const documents = documentsOf(5, 24, 1_500);
    const path = join(tempDir(), 'moved.unl');
    await createCollection(path, recordsOf(documents), { name: 'moved', shardTokens: 14_000 });
    const whole = CollectionIndex.open(path);
    const expected = documents.map((d) => Array.from(whole.phraseIndex().documentTokens(whole.phraseIndex().documentNumberOf(d.id)!)!));
    whole.close();
    // Page 1 of every shard's tokens moves to the end of the table, and page 2 into page 1's
    // row: row id (page 0's + 1) now holds page 2, and (page 0's + 2) nothing.
    const db = new Database(path);
    const move = db.prepare("UPDATE shard_parts SET id = ? WHERE shard_id = ? AND kind = 'token_pages' AND part = ?");
    for (const { shard_id: shard, first } of db.prepare("SELECT shard_id, id AS first FROM shard_parts WHERE kind = 'token_pages' AND part = 0").all() as {
      shard_id: number;
      first: number;
    }[]) {
      const pages = db.prepare("SELECT COUNT(*) FROM shard_parts WHERE shard_id = ? AND kind = 'token_pages'").pluck().get(shard) as number;
      if (pages < 3) continue;
      move.run((db.prepare('SELECT MAX(id) FROM shard_parts').pluck().get() as number) + 1, shard, 1);
      move.run(first + 1, shard, 2);
    }
    db.close();
    const paged = CollectionIndex.open(path, { residentTokens: 0, pageCacheBytes: 3 * PAGE_VALUES * 4 });
    const index = paged.phraseIndex();
    expect(index.shards.filter((shard) => shard.streamLength > 3 * PAGE_VALUES).length).toBeGreaterThanOrEqual(2);
    documents.forEach((d, i) => expect(Array.from(index.documentTokens(index.documentNumberOf(d.id)!)!)).toEqual(expected[i]));
    paged.close();
  });

  it('keep answering like brute force after clear() gets a smaller arena than before', async () => {
    const documents = documentsOf(5, 30, 800);
    const path = join(tempDir(), 'smaller-arena.unl');
    await createCollection(path, recordsOf(documents), { name: 'smaller', shardTokens: 10_000 });
    const paged = CollectionIndex.open(path, { residentTokens: 0, pageCacheBytes: 8 * PAGE_VALUES * 4 });
    const index = paged.phraseIndex();
    const settings = { k: 2, arity: 1 as const, maxN: 6 };
    const queries = [3, 11, 19, 27].map((d) => documents[d]!.text.split(' ').slice(50, 170).join(' '));
    const check = (query: string): void =>
      expect(detectLinkage(index, query, settings).minimal.map((m) => ({ start: m.start, end: m.end, df: m.df, documents: m.documents }))).toEqual(
        referenceDetect(documents, query, settings).minimal,
      );
    check(queries[0]!);
    // The system refuses the same size again (the old arena is not collected yet): half of it is reserved.
    const allocate = vi.spyOn(PageCache, 'allocateArena').mockImplementationOnce(() => {
      throw new RangeError('Array buffer allocation failed');
    });
    const cache = (paged as unknown as { pageCache: PageCache }).pageCache;
    cache.clear();
    expect(allocate).toHaveBeenCalledTimes(2);
    expect(cache.arena.length).toBe(4 * PAGE_VALUES);
    allocate.mockRestore();
    // More pages than four slots: slots wrap at the smaller arena's end, never past it.
    for (const query of [...queries, ...queries]) check(query);
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

  it("find a token's range from the table of first tokens, reading fewer pages; files without it search as before", async () => {
    const documents = documentsOf(23, 30, 800);
    const path = join(tempDir(), 'with-table.unl');
    await createCollection(path, recordsOf(documents), { name: 'table', shardTokens: 10_000 });
    const older = join(tempDir(), 'without-table.unl');
    copyFileSync(path, older);
    const db = new Database(older);
    expect(db.prepare('DELETE FROM shard_parts WHERE kind = ?').run(FIRST_TOKEN_COUNTS).changes).toBeGreaterThanOrEqual(3);
    db.close();

    const reads = vi.spyOn(PageCache.prototype, 'read');
    const pagesRead = (file: string, query: string, settings: { k: number; arity: 1 | 2; maxN: number }): { pages: number; summary: unknown } => {
      // Two pages of cache: every page a search touches is read again, so reads count what searches touch.
      const collection = CollectionIndex.open(file, { residentTokens: 0, pageCacheBytes: 2 * PAGE_VALUES * 4 });
      reads.mockClear();
      const summary = summaryOf(detectLinkage(collection.phraseIndex(), query, settings));
      const pages = reads.mock.calls.length;
      collection.close();
      return { pages, summary };
    };
    try {
      let fewer = 0;
      for (const [which, from] of [
        [2, 10],
        [9, 300],
        [17, 500],
        [28, 650],
      ] as const) {
        const words = documents[which]!.text.split(' ').slice(from, from + 80);
        const query = words.map((w, i) => (i % 13 === 4 ? 'unseen' : w)).join(' ');
        for (const settings of [
          { k: 2, arity: 1 as const, maxN: 6 },
          { k: 3, arity: 2 as const, maxN: 6 },
        ]) {
          const withTable = pagesRead(path, query, settings);
          const withoutTable = pagesRead(older, query, settings);
          expect(withTable.summary).toEqual(withoutTable.summary);
          if (withTable.pages < withoutTable.pages) fewer++;
          expect(withTable.pages).toBeLessThanOrEqual(withoutTable.pages);
        }
        expect(
          detectLinkage(CollectionIndex.open(path, { residentTokens: 0 }).phraseIndex(), query, { k: 2, arity: 1, maxN: 6 }).minimal.map((m) => ({
            start: m.start,
            end: m.end,
            df: m.df,
            documents: m.documents,
          })),
        ).toEqual(referenceDetect(documents, query, { k: 2, arity: 1, maxN: 6 }).minimal);
      }
      expect(fewer).toBeGreaterThanOrEqual(4);
      // Read whole, a shard takes its bucket table from the stored table, or counts it from its stream without one.
      const query = documents[5]!.text.split(' ').slice(40, 160).join(' ');
      const settings = { k: 3, arity: 2 as const, maxN: 6 };
      const pagedCollection = CollectionIndex.open(path, { residentTokens: 0 });
      const paged = summaryOf(detectLinkage(pagedCollection.phraseIndex(), query, settings));
      pagedCollection.close();
      for (const file of [path, older]) {
        const collection = CollectionIndex.open(file);
        const whole = collection.phraseIndex();
        expect(whole.shards.every((shard) => shard.hasBucketTable)).toBe(true);
        expect(summaryOf(detectLinkage(whole, query, settings))).toEqual(paged);
        expect(
          detectLinkage(whole, query, { k: 2, arity: 1, maxN: 6 }).minimal.map((m) => ({ start: m.start, end: m.end, df: m.df, documents: m.documents })),
        ).toEqual(referenceDetect(documents, query, { k: 2, arity: 1, maxN: 6 }).minimal);
        collection.close();
      }
    } finally {
      reads.mockRestore();
    }
  });

  it('report a damaged table of first tokens as a damaged file, never as answers', async () => {
    const documents = documentsOf(31, 12, 600);
    const path = join(tempDir(), 'damaged-table.unl');
    await createCollection(path, recordsOf(documents), { name: 'damaged', shardTokens: 4_000 });
    const query = documents[3]!.text.split(' ').slice(50, 110).join(' ');
    const settings = { k: 2, arity: 1 as const, maxN: 6 };
    // A table that decodes and passes its checksum but counts another stream's phrases.
    const db = new Database(path);
    const wrong = encodeFirstTokenCounts(new Uint32Array([1, 2, 3, 0, 2]));
    db.prepare('UPDATE shard_parts SET data = ?, crc32 = ? WHERE kind = ?').run(wrong, checksum(wrong), FIRST_TOKEN_COUNTS);
    db.close();
    expect(() => detectLinkage(CollectionIndex.open(path, { residentTokens: 0 }).phraseIndex(), query, settings)).toThrow(
      expect.objectContaining({ code: 'index-corrupt', message: expect.stringMatching(/first tokens/) }),
    );
    // A flipped byte fails the checksum.
    const flipped = new Database(path);
    flipped.prepare('UPDATE shard_parts SET crc32 = crc32 + 1 WHERE kind = ?').run(FIRST_TOKEN_COUNTS);
    flipped.close();
    expect(() => detectLinkage(CollectionIndex.open(path, { residentTokens: 0 }).phraseIndex(), query, settings)).toThrow(
      expect.objectContaining({ code: 'index-corrupt', message: expect.stringMatching(/checksum mismatch .*first tokens/) }),
    );
  });
});

describe('the table of first tokens', () => {
  it('gives every token the range of phrases that start with it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 400 }), (values) => {
        const tokens = Uint32Array.from(values);
        const starting = values.filter((t) => t > 0).length;
        const table = new FirstTokenBuckets(encodeFirstTokenCounts(tokens), starting, 40);
        let low = 0;
        for (let t = 1; t <= 41; t++) {
          const count = values.filter((v) => v === t).length;
          expect([table.low(t), table.high(t)]).toEqual([low, low + count]);
          low += count;
        }
        // As a shard read whole keeps it: counted from the stream, as for a file without the table.
        const counts = new Uint32Array(42);
        for (const t of values) if (t > 0) counts[t]!++;
        expect(Array.from(table.table.slice(0, 42))).toEqual(Array.from(bucketStartsOf(counts, starting)));
        // An id newer than the table (the vocabulary grew since it was read) starts no phrase here.
        expect(table.high(45) - table.low(45)).toBe(0);
        expect(table.largestId).toBe(Math.max(0, ...values));
      }),
      { numRuns: 100 },
    );
  });

  it('refuses a table that does not fit its shard', () => {
    const data = encodeFirstTokenCounts(Uint32Array.from([5, 5, 9, 0, 12]));
    expect(() => new FirstTokenBuckets(data, 5, 20)).toThrow(/counts 4 phrases, not 5/);
    expect(() => new FirstTokenBuckets(data, 4, 10)).toThrow(/impossible entry/);
    expect(new FirstTokenBuckets(data, 4, 12).high(5)).toBe(2);
  });
});
