import { brotliDecompressSync, deflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CollectionIndex } from '../../../electron/index-store/collection-index.js';
import { addDocuments, createCollection } from '../../../electron/index-store/collection-writer.js';
import { compactCollection, removeDocuments } from '../../../electron/index-store/collection-compaction.js';
import type { ImportRecord } from '../../../electron/import/import-records.js';
import { recordsOf, type PlainDocument } from '../../helpers/records.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';
import { fileHash, flipBlobByte, toWholeArrayShards } from '../../helpers/index-file.js';
import { isPagedShard, listShards } from '../../../electron/index-store/shard-storage.js';
import { detectLinkage } from '../../../shared/linkage/detect.js';

const tempDir = useTempDir();

const WORDS = ['the', 'applicant', 'court', 'held', 'that', 'Ørsted', 'prison', '—', 'Article', 'naïve', '𝔘nicode'];

/** About `bytes` of text, with a marker found in no other document. */
function textOf(i: number, bytes: number): string {
  const parts = [`marker${i}x.`];
  let s = i + 1;
  let length = 0;
  while (length < bytes) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const word = WORDS[s % WORDS.length]!;
    parts.push(word);
    length += word.length + 1;
  }
  return parts.join(' ');
}

/** Blocks of 1 MB: the default 8 MB would need 24 MB of text for several. */
const BLOCK_BYTES = 1024 * 1024;

/** Enough text for several blocks. */
const corpus: PlainDocument[] = Array.from({ length: 24 }, (_, i) => ({ id: `doc-${String(i).padStart(2, '0')}`, text: textOf(i, BLOCK_BYTES / 8) }));

async function makeCollection(documents: PlainDocument[]): Promise<string> {
  const path = join(tempDir(), 'collection.unl');
  await createCollection(path, recordsOf(documents), { name: 'test', textBlockBytes: BLOCK_BYTES });
  return path;
}

/** Every block of the file, decompressed, as one string: what a reader of the file could find. */
function allBlockText(path: string): string {
  const db = new Database(path, { readonly: true });
  const blocks = db.prepare('SELECT data FROM text_blocks ORDER BY id').all() as { data: Buffer }[];
  db.close();
  return blocks.map((b) => brotliDecompressSync(b.data).toString('utf8')).join('\n');
}

function blockCount(path: string): number {
  const db = new Database(path, { readonly: true });
  const { n } = db.prepare('SELECT COUNT(*) AS n FROM text_blocks').get() as { n: number };
  db.close();
  return n;
}

function expectTexts(collection: CollectionIndex, documents: readonly PlainDocument[]): void {
  for (const d of documents) expect(collection.documentText(d.id)).toBe(d.text);
}

/** Rewrites a file of `documents` into format 1: each text deflated in its own row, no block table or columns. */
function toFormatOne(path: string, documents: readonly PlainDocument[]): void {
  const texts = new Map(documents.map((d) => [d.id, d.text]));
  const db = new Database(path);
  toWholeArrayShards(db);
  db.function('v1_text', (id: unknown) => deflateRawSync(Buffer.from(texts.get(String(id))!, 'utf8'), { level: 4 }));
  db.exec(`
PRAGMA foreign_keys = OFF;
CREATE TABLE documents_v1 (
  number INTEGER PRIMARY KEY AUTOINCREMENT, external_id TEXT NOT NULL UNIQUE, shard_id INTEGER NOT NULL REFERENCES shards(id),
  shard_document INTEGER NOT NULL, token_count INTEGER NOT NULL, char_count INTEGER NOT NULL, origin TEXT NOT NULL, source TEXT,
  text_sha256 TEXT NOT NULL, text BLOB NOT NULL, added_at TEXT NOT NULL);
INSERT INTO documents_v1 SELECT number, external_id, shard_id, shard_document, token_count, char_count, origin, source, text_sha256, v1_text(external_id), added_at FROM documents;
DROP TABLE documents;
DROP TABLE text_blocks;
ALTER TABLE documents_v1 RENAME TO documents;
CREATE INDEX documents_by_shard ON documents (shard_id, shard_document);
PRAGMA user_version = 1;
VACUUM;
`);
  db.close();
}

describe('document texts in blocks', () => {
  it('packs texts many to a block and reads each back exactly, non-ASCII included', async () => {
    const path = await makeCollection(corpus);
    const blocks = blockCount(path);
    expect(blocks).toBeGreaterThanOrEqual(2);
    expect(blocks).toBeLessThan(corpus.length / 2);
    const collection = CollectionIndex.open(path);
    expectTexts(collection, corpus);
    // Out of order too: the kept block must not answer for another.
    expectTexts(collection, [...corpus].reverse());
    expect(collection.documentText('missing')).toBeUndefined();
    collection.close();
  });

  it('takes removed and replaced texts out of their blocks, and drops a block left empty', async () => {
    const path = await makeCollection(corpus);
    let collection = CollectionIndex.open(path, { readonly: false });
    // Read before the change, ending in a block the change rewrites: the reader must not keep it.
    expectTexts(collection, [...corpus, corpus[10]!]);
    expect(removeDocuments(collection, ['doc-03', 'doc-11'])).toEqual({ removed: ['doc-03', 'doc-11'], missing: [] });
    const replacement = { id: 'doc-12', text: 'an entirely new text for this id' };
    await addDocuments(collection, recordsOf([replacement]), { replace: true });
    let live = corpus.filter((d) => d.id !== 'doc-03' && d.id !== 'doc-11').map((d) => (d.id === replacement.id ? replacement : d));
    // First from the rewritten block the reader read last, where the texts moved.
    expect(collection.documentText('doc-13')).toBe(corpus[13]!.text);
    expectTexts(collection, live);
    expect(collection.documentText('doc-03')).toBeUndefined();
    const stored = allBlockText(path);
    for (const gone of ['marker3x.', 'marker11x.', 'marker12x.']) expect(stored).not.toContain(gone);
    expect(stored).toContain('marker13x.');

    // Remove the first eight documents: at 1/8 of a block each, the first block is left empty.
    const before = blockCount(path);
    const first = live.slice(0, 8).map((d) => d.id);
    removeDocuments(collection, first);
    live = live.slice(8);
    expect(blockCount(path)).toBeLessThan(before);
    await compactCollection(collection);
    expectTexts(collection, live);
    collection.close();
    collection = CollectionIndex.open(path);
    expectTexts(collection, live);
    collection.close();
  });

  it('reads a format-1 file as it is, without writing to it, and upgrades it with its first change', async () => {
    const path = await makeCollection(corpus.slice(0, 6));
    toFormatOne(path, corpus.slice(0, 6));
    const before = fileHash(path);
    let collection = CollectionIndex.open(path);
    expectTexts(collection, corpus.slice(0, 6));
    expect(collection.phraseIndex().documentCount).toBe(6);
    collection.close();
    // A collection opened to be searched in place still reads the old shards, whole.
    collection = CollectionIndex.open(path, { residentTokens: 0 });
    expect(collection.phraseIndex().shards.map((shard) => shard.hasBucketTable)).toEqual([true]);
    expect(detectLinkage(collection.phraseIndex(), corpus[1]!.text, { k: 2, arity: 1, maxN: 8 }).summary.ngrams).toBeGreaterThan(0);
    collection.close();
    expect(fileHash(path)).toBe(before);

    collection = CollectionIndex.open(path, { readonly: false });
    // A removal needs no upgrade: the old rows hold their own texts.
    expect(removeDocuments(collection, ['doc-02'])).toEqual({ removed: ['doc-02'], missing: [] });
    expect(collection.db.pragma('user_version', { simple: true })).toBe(1);
    await addDocuments(collection, recordsOf(corpus.slice(6, 10)));
    // Texts in blocks (2) and the new shard in pages (3); the old shard stays as it was.
    expect(collection.db.pragma('user_version', { simple: true })).toBe(3);
    expect(collection.phraseIndex().shards.map((shard) => shard.hasBucketTable)).toEqual([true, true]);
    expect(listShards(collection.db).map((row) => isPagedShard(collection.db, row.id))).toEqual([false, true]);
    expect(removeDocuments(collection, ['doc-01', 'doc-07'])).toEqual({ removed: ['doc-01', 'doc-07'], missing: [] });
    const live = corpus.slice(0, 10).filter((d) => !['doc-01', 'doc-02', 'doc-07'].includes(d.id));
    expectTexts(collection, live);
    collection.close();
    expect(allBlockText(path)).not.toContain('marker7x.');
  });

  it('sees a cancel while reading, even from an input that never waits', async () => {
    // An array-backed stream resolves every record at once: only the writer's own pauses let a timer in.
    const many = Array.from({ length: 3000 }, (_, i) => ({ id: `many-${i}`, text: textOf(i, 2000) }));
    let read = 0;
    async function* counted(): AsyncGenerator<ImportRecord> {
      for await (const record of recordsOf(many)) {
        read++;
        yield record;
      }
    }
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const path = join(tempDir(), 'cancelled.unl');
    await expect(createCollection(path, counted(), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(read).toBeLessThan(many.length / 2);
  });

  it('reports a damaged text block as corrupt, and the file is not changed', async () => {
    const path = await makeCollection(corpus.slice(0, 4));
    flipBlobByte(path, 'text_blocks', '1', 10);
    const before = fileHash(path);
    const collection = CollectionIndex.open(path);
    expect(() => collection.documentText('doc-00')).toThrow(
      expect.objectContaining({ code: 'index-corrupt', message: expect.stringContaining('rebuild the index') }),
    );
    // The phrase index does not need the texts.
    expect(collection.phraseIndex().documentCount).toBe(4);
    collection.close();
    expect(fileHash(path)).toBe(before);
  });
});
