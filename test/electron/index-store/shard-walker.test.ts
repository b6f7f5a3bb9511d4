// ShardWalker.startKnown (the walk's shortcut in segment-analysis.ts) must leave the walker
// exactly where starting and extending token by token would, in every shard layout: the
// shards it has not searched yet catch up on the next question.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CollectionIndex } from '../../../electron/index-store/collection-index.js';
import { createCollection } from '../../../electron/index-store/collection-writer.js';
import { buildMemoryIndex } from '../../../electron/index-store/memory-index.js';
import type { PhraseIndex, PhraseWalker } from '../../../shared/linkage/phrase-index.js';
import { recordsOf } from '../../helpers/records.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const WORDS = ['a', 'b', 'c', 'the', 'court', 'held'];
const textArb = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 30 }).map((words) => words.join(' '));

/** What a walker says about its phrase: counts up to each cap, the documents, and whether each next token extends it. */
function answers(walker: PhraseWalker, next: readonly number[]): unknown[] {
  const said: unknown[] = [1, 2, 3, 5].map((cap) => walker.countDocuments(cap));
  said.push(Array.from(walker.documents()));
  for (const token of next) said.push(walker.extend(token), walker.countDocuments(3), Array.from(walker.documents()));
  return said;
}

/** startKnown's answers and those of start + extend, for the phrase ids[from, from + length) and the tokens after it. */
function bothWays(index: PhraseIndex, ids: Int32Array, from: number, length: number): [unknown[], unknown[]] {
  const next = Array.from(ids.subarray(from + length, from + length + 3));
  const known = index.walker();
  known.startKnown(ids, from, length);
  const stepped = index.walker();
  let present = stepped.start(ids[from]!);
  for (let t = 1; t < length; t++) present = stepped.extend(ids[from + t]!) && present;
  expect(present).toBe(true);
  return [answers(known, next), answers(stepped, next)];
}

describe('ShardWalker.startKnown', () => {
  const tempDir = useTempDir();

  it('answers as start and extend do, for any phrase of the collection and any shard layout', () => {
    fc.assert(
      fc.property(
        fc.array(textArb, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 4 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 6 }),
        (texts, perShard, pick, at, size) => {
          const index = buildMemoryIndex(
            texts.map((text, i) => ({ id: `doc-${i}`, text })),
            { documentsPerShard: perShard },
          );
          // A phrase that occurs: a window of one of the documents (a text is one segment).
          const words = texts[pick % texts.length]!.split(' ');
          const from = at % words.length;
          const length = Math.min(size, words.length - from);
          const ids = index.idsOf(words);
          const [known, stepped] = bothWays(index, ids, from, length);
          expect(known).toEqual(stepped);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers as start and extend do on a collection searched page by page', async () => {
    const texts = Array.from({ length: 40 }, (_, i) => `the court held that the applicant ${i % 3 === 0 ? 'had' : 'has'} been heard on day ${i % 7}`);
    const path = join(tempDir(), 'collection.unl');
    await createCollection(path, recordsOf(texts.map((text, i) => ({ id: `doc-${i}`, text }))), { name: 'test' });
    const collection = CollectionIndex.open(path, { residentTokens: 0 });
    const index = collection.phraseIndex();
    expect(index.shards.every((shard) => !shard.hasBucketTable)).toBe(true);
    const ids = index.idsOf(texts[3]!.split(' '));
    for (let from = 0; from < ids.length; from++) {
      for (let length = 1; from + length <= ids.length; length++) {
        const [known, stepped] = bothWays(index, ids, from, length);
        expect(known).toEqual(stepped);
      }
    }
    collection.close();
  });
});
