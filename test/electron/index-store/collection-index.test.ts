import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CollectionIndex } from '../../../electron/index-store/collection-index.js';
import { addDocuments, createCollection } from '../../../electron/index-store/collection-writer.js';
import { compactCollection, removeDocuments } from '../../../electron/index-store/collection-compaction.js';
import { checksum, decodeVarintDeflate, encodeVarintDeflate } from '../../../electron/index-store/blob-codec.js';
import { detectLinkage } from '../../../shared/linkage/detect.js';
import { AppError } from '../../../shared/errors.js';
import { referenceDetect } from '../../reference/brute-force.js';
import { recordsOf, type PlainDocument } from '../../helpers/records.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';
import { fileHash, flipBlobByte } from '../../helpers/index-file.js';

const tempDir = useTempDir();

const WORDS = ['the', 'applicant', 'court', 'held', 'that', 'prison', 'F-type', 'Article'];
function randomText(seed: number, length: number): string {
  let s = seed;
  const parts: string[] = [];
  for (let i = 0; i < length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    parts.push(WORDS[s % WORDS.length]!);
    parts.push((s >> 8) % 9 === 0 ? '. ' : ' ');
  }
  return parts.join('');
}

const corpus: PlainDocument[] = Array.from({ length: 12 }, (_, i) => ({ id: `doc-${i}`, text: randomText(i + 1, 40) }));
const query = `${corpus[3]!.text} held that the prison court. ${corpus[7]!.text.slice(0, 120)}`;

function expectSameAsReference(collection: CollectionIndex, live: PlainDocument[], k = 2): void {
  const actual = detectLinkage(collection.phraseIndex(), query, { k, arity: 3, maxN: 8 });
  const expected = referenceDetect(live, query, { k, arity: 3, maxN: 8 });
  expect(actual.minimal.map((m) => ({ start: m.start, end: m.end, df: m.df, documents: m.documents }))).toEqual(expected.minimal);
  expect(actual.summary.linkable).toBe(expected.linkable);
  expect(actual.combinations.map((c) => ({ start: c.start, end: c.end }))).toEqual(expected.combinationSpans);
}

/** Each live document's token stream, by document number. */
function liveStreams(collection: CollectionIndex): Map<number, number[]> {
  const streams = new Map<number, number[]>();
  for (const shard of collection.phraseIndex().shards)
    for (let local = 0; local < shard.documentCount; local++)
      if (shard.live[local] !== 0) streams.set(shard.documentNumbers[local]!, Array.from(shard.documentTokens(local)));
  return new Map([...streams].sort((a, b) => a[0] - b[0]));
}

async function makeCollection(documents: PlainDocument[]): Promise<string> {
  const path = join(tempDir(), 'collection.unl');
  await createCollection(path, recordsOf(documents), { name: 'test' });
  return path;
}

// Every behaviour twice: held in memory whole (small collections) and searched page by page from the file (large ones).
describe.each([
  ['held whole', {}],
  ['read page by page', { residentTokens: 0 }],
] as const)('collection index file, %s', (_layout, mode) => {
  it('answers exactly like the brute-force reference after create, add, remove, replace and compact', async () => {
    const path = await makeCollection(corpus.slice(0, 8));
    let collection = CollectionIndex.open(path, { readonly: false, ...mode });
    expectSameAsReference(collection, corpus.slice(0, 8));

    const added = await addDocuments(collection, recordsOf(corpus.slice(8)));
    expect(added.added).toBe(4);
    expect(collection.readInfo().shardCount).toBe(2);
    expectSameAsReference(collection, corpus);

    expect(removeDocuments(collection, ['doc-2', 'doc-9', 'missing'])).toEqual({ removed: ['doc-2', 'doc-9'], missing: ['missing'] });
    const live = corpus.filter((d) => d.id !== 'doc-2' && d.id !== 'doc-9');
    expectSameAsReference(collection, live);

    const replacement = { id: 'doc-3', text: 'entirely new words here' };
    const replaced = await addDocuments(collection, recordsOf([replacement]), { replace: true });
    expect(replaced).toMatchObject({ added: 1, replaced: 1 });
    const afterReplace = live.map((d) => (d.id === 'doc-3' ? replacement : d));
    expectSameAsReference(collection, afterReplace);

    await compactCollection(collection);
    expect(collection.readInfo().shardCount).toBe(1);
    expectSameAsReference(collection, afterReplace);
    collection.close();

    // And from a fresh process's point of view: reopen read-only.
    collection = CollectionIndex.open(path, mode);
    expectSameAsReference(collection, afterReplace);
    expect(collection.readInfo().documentCount).toBe(afterReplace.length);
    expect(collection.documentText('doc-3')).toBe(replacement.text);
    collection.close();
  });

  it('keeps agreeing with the reference over random add/remove sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 11 })), { minLength: 1, maxLength: 6 }), async (steps) => {
        const path = await makeCollection(corpus.slice(0, 4));
        const collection = CollectionIndex.open(path, { readonly: false, ...mode });
        const live = new Map(corpus.slice(0, 4).map((d) => [d.id, d]));
        for (const [add, which] of steps) {
          const d = corpus[which]!;
          if (add) {
            await addDocuments(collection, recordsOf([d]), { replace: true });
            live.set(d.id, d);
          } else {
            removeDocuments(collection, [d.id]);
            live.delete(d.id);
          }
        }
        const ordered = [...live.values()].sort((a, b) => collection.phraseIndex().documentNumberOf(a.id)! - collection.phraseIndex().documentNumberOf(b.id)!);
        expectSameAsReference(collection, ordered);
        collection.close();
      }),
      { numRuns: 15 },
    );
  });

  it('builds, adds, replaces and compacts in batches of a few tokens with the same answers as the reference', async () => {
    // Each batch is sorted on a worker while the next is read, and written in read order.
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 250 }), fc.integer({ min: 1, max: 6 }), async (shardTokens, replaceAt) => {
        const path = join(tempDir(), `batched-${shardTokens}-${replaceAt}.unl`);
        await createCollection(path, recordsOf(corpus.slice(0, 8)), { name: 'test', shardTokens });
        const collection = CollectionIndex.open(path, { readonly: false, ...mode });
        // A batch closes at the document that fills it: every shard but the last holds at least
        // shardTokens, and less without its last document.
        const shards = collection.phraseIndex().shards;
        for (const shard of shards.slice(0, -1)) {
          expect(shard.streamLength).toBeGreaterThanOrEqual(shardTokens);
          expect(shard.streamLength - shard.documentTokens(shard.documentCount - 1).length).toBeLessThan(shardTokens);
        }
        expect(shards.at(-1)!.streamLength - shards.at(-1)!.documentTokens(shards.at(-1)!.documentCount - 1).length).toBeLessThan(shardTokens);
        expectSameAsReference(collection, corpus.slice(0, 8));

        const replacement = { id: corpus[replaceAt]!.id, text: 'entirely new words here, held by the court' };
        const report = await addDocuments(collection, recordsOf([...corpus.slice(8), replacement]), { replace: true, shardTokens });
        expect(report).toMatchObject({ added: 5, replaced: 1 });
        const live = [...corpus.filter((d) => d.id !== replacement.id), replacement];
        expectSameAsReference(collection, live);
        removeDocuments(collection, ['doc-0']);
        const streamsBefore = liveStreams(collection);
        await compactCollection(collection, { shardTokens });
        expect(liveStreams(collection)).toEqual(streamsBefore);
        expectSameAsReference(collection, live.slice(1));
        for (const d of live.slice(1)) expect(collection.documentText(d.id)).toBe(d.text);
        collection.close();
      }),
      { numRuns: 5 },
    );
  });

  it('leaves nothing behind when a build in many batches is cancelled, and an add leaves the file as it was', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ id: `many-${i}`, text: randomText(100 + i, 40) }));
    async function* cancelledAfter(count: number, controller: AbortController) {
      let given = 0;
      for await (const record of recordsOf(many)) {
        if (given++ === count) controller.abort();
        yield record;
      }
    }
    const controller = new AbortController();
    const path = join(tempDir(), 'cancelled.unl');
    await expect(createCollection(path, cancelledAfter(30, controller), { shardTokens: 60, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(readdirSync(tempDir()).filter((name) => name.startsWith('cancelled.unl'))).toEqual([]);

    const existing = await makeCollection(corpus);
    const before = fileHash(existing);
    const collection = CollectionIndex.open(existing, { readonly: false, ...mode });
    const again = new AbortController();
    await expect(addDocuments(collection, cancelledAfter(45, again), { shardTokens: 60, signal: again.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expectSameAsReference(collection, corpus);
    // Compaction reports progress in tokens copied; cancelled after its first batch, it changes nothing.
    const compacting = new AbortController();
    const progress: number[] = [];
    const onProgress = (_phase: string, done: number, total: number): void => {
      progress.push(done / total);
      if (done > 0) compacting.abort();
    };
    await expect(compactCollection(collection, { shardTokens: 60, signal: compacting.signal, onProgress })).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBeGreaterThan(0);
    expect(progress.at(-1)).toBeLessThan(1);
    expectSameAsReference(collection, corpus);
    collection.close();
    expect(fileHash(existing)).toBe(before);
  });

  it('rejects a duplicate id unless asked to replace it', async () => {
    const path = await makeCollection(corpus.slice(0, 3));
    const collection = CollectionIndex.open(path, { readonly: false, ...mode });
    const report = await addDocuments(
      collection,
      recordsOf([
        { id: 'doc-1', text: 'other text' },
        { id: 'new', text: 'fresh words' },
        { id: 'new', text: 'again' },
      ]),
    );
    expect(report.added).toBe(1);
    expect(report.problems.map((p) => p.code)).toEqual(['duplicate-id', 'duplicate-id']);
    expect(collection.documentText('doc-1')).toBe(corpus[1]!.text);
    collection.close();
  });

  it('refuses to create over an existing file and leaves nothing behind on failure', async () => {
    const path = await makeCollection(corpus.slice(0, 2));
    const before = fileHash(path);
    await expect(createCollection(path, recordsOf(corpus))).rejects.toMatchObject({ code: 'already-exists' });
    expect(fileHash(path)).toBe(before);
    const empty = join(tempDir(), 'empty.unl');
    await expect(createCollection(empty, recordsOf([]))).rejects.toMatchObject({ code: 'empty-file' });
  });
});

describe('opening bad files', () => {
  it('explains a missing file', () => {
    expect(() => CollectionIndex.open(join(tempDir(), 'nope.unl'))).toThrow(/No collection index/);
  });

  it.each([
    ['a text file', (p: string) => writeFileSync(p, 'hello, this is not a database')],
    ['an empty file', (p: string) => writeFileSync(p, '')],
    ['random bytes', (p: string) => writeFileSync(p, Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919) % 256)))],
    [
      'a foreign SQLite database',
      (p: string) => {
        const db = new Database(p);
        db.exec('CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES (1)');
        db.close();
      },
    ],
  ])('reports %s as not an index and never changes it', (_name, make) => {
    const path = join(tempDir(), 'bad.unl');
    make(path);
    const before = fileHash(path);
    let error: unknown;
    try {
      CollectionIndex.open(path).phraseIndex();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('not-an-index');
    expect(fileHash(path)).toBe(before);
  });

  it.each([
    ['suffix_pages', 'held whole', {}],
    ['token_pages', 'held whole', {}],
    ['suffix_pages', 'read page by page', { residentTokens: 0 }],
    ['token_pages', 'read page by page', { residentTokens: 0 }],
    ['suffix_samples', 'read page by page', { residentTokens: 0 }],
    ['document_starts', 'read page by page', { residentTokens: 0 }],
    ['first_token_counts', 'read page by page', { residentTokens: 0 }],
  ] as const)('reports damaged %s as corrupt (%s) and never changes the file', async (kind, _layout, mode) => {
    const path = await makeCollection(corpus);
    const damaged = join(tempDir(), 'damaged.unl');
    copyFileSync(path, damaged);
    flipBlobByte(damaged, 'shard_parts', `kind = '${kind}'`, 5);
    const before = fileHash(damaged);
    // A paged collection reads most pages when a search needs them: the damage is reported then.
    expect(() => detectLinkage(CollectionIndex.open(damaged, mode).phraseIndex(), query, { k: 2, arity: 3, maxN: 8 })).toThrow(
      expect.objectContaining({ code: 'index-corrupt' }),
    );
    expect(fileHash(damaged)).toBe(before);
  });

  it('reports a token page that passes its checksum but holds fewer tokens than the shard has phrases, when read whole', async () => {
    // A shard held whole keeps no sentinels, so it counts the stream's tokens against its
    // phrase count (escaped-tokens.ts): one token turned into a sentinel must not shift them.
    const path = await makeCollection(corpus);
    const db = new Database(path);
    const page = db
      .prepare(
        "SELECT p.id, p.data, s.stream_length AS length FROM shard_parts p JOIN shards s ON s.id = p.shard_id WHERE p.kind = 'token_pages' AND p.part = 0 LIMIT 1",
      )
      .get() as { id: number; data: Buffer; length: number };
    const values = decodeVarintDeflate(page.data, Math.min(4096, page.length));
    values[values.findIndex((v) => v !== 0)] = 0;
    const data = encodeVarintDeflate(values);
    db.prepare('UPDATE shard_parts SET data = ?, crc32 = ? WHERE id = ?').run(data, checksum(data), page.id);
    db.close();
    const before = fileHash(path);
    expect(() => detectLinkage(CollectionIndex.open(path).phraseIndex(), query, { k: 2, arity: 3, maxN: 8 })).toThrow(
      expect.objectContaining({ code: 'index-corrupt' }),
    );
    expect(fileHash(path)).toBe(before);
  });

  it('reports a missing page of a paged shard when the collection is opened', async () => {
    const path = await makeCollection(corpus);
    const db = new Database(path);
    db.prepare("DELETE FROM shard_parts WHERE kind = 'token_pages'").run();
    db.close();
    expect(() => CollectionIndex.open(path, { residentTokens: 0 }).phraseIndex()).toThrow(expect.objectContaining({ code: 'index-corrupt' }));
  });

  it('reports a truncated file and never changes it', async () => {
    const path = await makeCollection(corpus);
    const bytes = readFileSync(path);
    const truncated = join(tempDir(), 'truncated.unl');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const before = fileHash(truncated);
    let error: unknown;
    try {
      CollectionIndex.open(truncated).phraseIndex();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(['index-corrupt', 'not-an-index']).toContain((error as AppError).code);
    expect(fileHash(truncated)).toBe(before);
  });

  it.each([
    ['held whole', {}],
    ['read page by page', { residentTokens: 0 }],
  ] as const)(
    'gives the live postings of a common phrase after removals, through the postings cache of an index opened before them (%s)',
    async (_layout, mode) => {
      // More documents than CACHED_POSTINGS_MIN hold the phrase, so its postings are cached.
      const documents = Array.from({ length: 300 }, (_, i) => ({ id: `doc-${String(i).padStart(3, '0')}`, text: `the applicant complained. item ${i}` }));
      const path = await makeCollection(documents.slice(0, 200));
      const collection = CollectionIndex.open(path, { readonly: false, ...mode });
      await addDocuments(collection, recordsOf(documents.slice(200)));
      const holders = (index: ReturnType<CollectionIndex['phraseIndex']>): string[] => {
        const walker = index.walker();
        const [the, applicant] = index.idsOf(['the', 'applicant']);
        return walker.start(the!) && walker.extend(applicant!) ? index.externalIds(walker.documents()) : [];
      };
      const before = collection.phraseIndex();
      expect(holders(before)).toEqual(documents.map((d) => d.id));
      expect(holders(before)).toEqual(documents.map((d) => d.id));

      const removed = new Set(['doc-000', 'doc-150', 'doc-299']);
      removeDocuments(collection, [...removed]);
      const after = collection.phraseIndex();
      const live = documents.filter((d) => !removed.has(d.id)).map((d) => d.id);
      expect(holders(after)).toEqual(live);
      // The older index shares the shards, whose liveness changed: its cached postings must not outlive that.
      expect(holders(before)).toEqual(live);
      collection.close();
    },
  );
});
