/**
 * A 20 MB document imports with progress and answers exactly, even when highly repetitive
 * (a phrase repeated half a million times, where a distinct-document count that scanned
 * every occurrence would be slow). This test asserts answers only; how fast they come is
 * for the benchmarks (`npm run bench`), never for a timed test.
 */
import { describe, expect, it } from 'vitest';
import { CollectionIndex } from '../../../electron/index-store/collection-index.js';
import { createCollection } from '../../../electron/index-store/collection-writer.js';
import { detectLinkage } from '../../../shared/linkage/detect.js';
import { recordsOf } from '../../helpers/records.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir();

function twentyMegabytes(): string {
  const words = ['court', 'applicant', 'held', 'judgment', 'appeal', 'evidence', 'state', 'decision', 'article', 'prison'];
  const parts: string[] = [];
  let size = 0;
  let seed = 7;
  // Half varied prose, half one phrase repeated without punctuation.
  while (size < 10_000_000) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const word = `${words[seed % words.length]!}${seed % 97}`;
    parts.push(word, seed % 13 === 0 ? '. ' : ' ');
    size += word.length + 1;
  }
  const repeated = 'the same words again ';
  parts.push('\n\n', repeated.repeat(Math.ceil(10_000_000 / repeated.length)));
  return parts.join('');
}

describe('large documents', () => {
  it('imports a 20 MB document with progress and answers repetitive queries', async () => {
    const big = twentyMegabytes();
    expect(big.length).toBeGreaterThan(20_000_000);
    const path = join(tempDir(), 'large.unl');
    const phases = new Set<string>();
    await createCollection(
      path,
      recordsOf([
        { id: 'big', text: big },
        { id: 'small', text: 'the same words again and then other words' },
      ]),
      {
        onProgress: (phase) => phases.add(phase),
      },
    );
    expect([...phases]).toEqual(expect.arrayContaining(['reading', 'sorting', 'writing']));

    const collection = CollectionIndex.open(path);
    const query = `${'the same words again '.repeat(20)}unheard of`;
    const result = detectLinkage(collection.phraseIndex(), query, { k: 2, arity: 1, maxN: 0 });
    // "the same words again" is in both documents; "again the" only in the big one, and
    // the query holds it at each of its 19 joins (occurrences are counted, not strings).
    expect(result.minimal.length).toBe(19);
    for (const m of result.minimal) expect([m.text, m.df, m.documents]).toEqual(['again the', 1, ['big']]);
    collection.close();
  });
});
