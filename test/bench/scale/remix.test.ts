/**
 * The scale benchmark's generator (bench/scale/remix.ts) on small gzipped fixtures: the
 * protected sources go in verbatim and once, none of their sentences is remixed into
 * another document, the same seed writes the same file, and the size is reached.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { remixCollection, sentencesOf } from '../../../bench/scale/remix.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('unlinkable-remix-');

function writeJsonLines(path: string, documents: { id: string; text: string }[]): void {
  writeFileSync(path, gzipSync(documents.map((d) => `${JSON.stringify(d)}\n`).join('')));
}

function readJsonLines(path: string): { id: string; text: string }[] {
  return gunzipSync(readFileSync(path))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: string; text: string });
}

function fixture() {
  const collection = join(tempDir(), 'collection.jsonl.gz');
  const other = join(tempDir(), 'other.jsonl.gz');
  const source = { id: 'source-1', text: 'The applicant lodged an appeal. It was dismissed on 3 May! Common words stay here.' };
  writeJsonLines(collection, [
    source,
    // Shares one sentence with the source: that sentence must not enter the pool.
    { id: 'court-2', text: 'Common words stay here. The court heard the parties.\nThe judgment became final.' },
  ]);
  writeJsonLines(other, [{ id: 'wiki-1', text: 'A river flows north. It has two bridges? Fish live in it.' }]);
  return { collection, source, input: { collection, protectedIds: new Set([source.id]), poolFiles: [collection, other] } };
}

describe('remixCollection', () => {
  it('keeps the protected sources verbatim and once, and none of their sentences elsewhere', async () => {
    const { source, input } = fixture();
    const output = join(tempDir(), 'remix.jsonl.gz');
    const result = await remixCollection(input, output, 5_000, 7);
    const documents = readJsonLines(output);
    expect(documents.filter((d) => d.id === source.id)).toEqual([source]);
    expect(documents.filter((d) => d.text === source.text)).toHaveLength(1);
    const sourceSentences = new Set(sentencesOf(source.text));
    for (const document of documents.filter((d) => d.id !== source.id)) {
      for (const sentence of sentencesOf(document.text)) expect(sourceSentences.has(sentence)).toBe(false);
    }
    // The pool: the other court judgment's 2 sentences the source lacks, and the wiki's 3.
    expect(result.poolSentences).toBe(5);
    expect(result.words).toBeGreaterThanOrEqual(5_000);
    expect(result.documents).toBe(documents.length);
    expect(new Set(documents.map((d) => d.id)).size).toBe(documents.length);
  });

  it('writes the same file for the same seed, and another for another seed', async () => {
    const { input } = fixture();
    const [a, b, c] = ['a', 'b', 'c'].map((name) => join(tempDir(), `${name}.jsonl.gz`)) as [string, string, string];
    await remixCollection(input, a, 3_000, 1);
    await remixCollection(input, b, 3_000, 1);
    await remixCollection(input, c, 3_000, 2);
    expect(readJsonLines(a)).toEqual(readJsonLines(b));
    expect(readJsonLines(a).map((d) => d.text)).not.toEqual(readJsonLines(c).map((d) => d.text));
  });

  it('refuses a pool with no sentence outside the protected documents', async () => {
    const collection = join(tempDir(), 'only.jsonl.gz');
    writeJsonLines(collection, [{ id: 's', text: 'One sentence.' }]);
    await expect(remixCollection({ collection, protectedIds: new Set(['s']), poolFiles: [collection] }, join(tempDir(), 'x.jsonl.gz'), 100, 1)).rejects.toThrow(
      /pool is empty/u,
    );
  });
});
