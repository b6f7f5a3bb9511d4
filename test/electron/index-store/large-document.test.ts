/**
 * A 20 MB document imports and answers queries; a highly repetitive one (a phrase
 * repeated a million times) stays fast because distinct documents are counted by
 * skipping, not by scanning every occurrence. Times are printed, never asserted:
 * the benchmarks hold the speed targets.
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
    const started = performance.now();
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
    console.log(`20 MB import: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    expect([...phases]).toEqual(expect.arrayContaining(['reading', 'sorting', 'writing']));

    const collection = CollectionIndex.open(path);
    const query = `${'the same words again '.repeat(20)}unheard of`;
    const checkStarted = performance.now();
    const result = detectLinkage(collection.phraseIndex(), query, { k: 2, arity: 1, maxN: 0 });
    console.log(`unbounded check of a repetitive text: ${(performance.now() - checkStarted).toFixed(0)} ms`);
    // "the same words again" is in both documents; "again the" only in the big one, and
    // the query holds it at each of its 19 joins (occurrences are counted, not strings).
    expect(result.minimal.length).toBe(19);
    for (const m of result.minimal) expect([m.text, m.df, m.documents]).toEqual(['again the', 1, ['big']]);
    collection.close();
  });
});
