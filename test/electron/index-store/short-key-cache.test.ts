/**
 * The indexer looks short ASCII tokens up in a cache before the vocabulary
 * (short-key-cache.ts). Its answers must be exactly the vocabulary's: one id per key,
 * whatever the case of the text, and never one key's id for another key.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHORT_KEY_LENGTH, ShortKeyCache } from '../../../electron/index-store/short-key-cache.js';
import { Vocabulary } from '../../../electron/index-store/vocabulary.js';
import { scanTokens } from '../../../shared/tokenizer/scan.js';
import { tokenize } from '../../../shared/tokenizer/tokenize.js';

/** Words of 1–16 characters: letters of both cases, digits, inner joiners, and some not ASCII. */
const word = fc
  .tuple(fc.array(fc.constantFrom(...'abcdeABCDE019'.split('')), { minLength: 1, maxLength: 16 }), fc.constantFrom('', "'s", '-x', 'é', 'ß'))
  .map(([characters, tail]) => characters.join('') + tail);

/** Ids the way the vocabulary numbers them: keys in order of first appearance, from 1. */
function referenceIds(text: string): number[] {
  const ids = new Map<string, number>();
  return tokenize(text).keys.map((key) => ids.get(key) ?? ids.set(key, ids.size + 1).size);
}

function internedIds(vocabulary: Vocabulary, text: string): number[] {
  const ids: number[] = [];
  scanTokens(text, [], (start, end, _opens, flags, hash) => ids.push(vocabulary.internToken(text, start, end, flags, hash)));
  return ids;
}

describe('short keys looked up before the vocabulary', () => {
  it('gives every token the id of its key, as the vocabulary numbers them, read once or again', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 300 }), (words) => {
        const text = words.join(' ');
        const vocabulary = new Vocabulary();
        const expected = referenceIds(text);
        expect(internedIds(vocabulary, text)).toEqual(expected);
        // Again: now every short key is answered by the cache.
        expect(internedIds(vocabulary, text)).toEqual(expected);
        for (const key of new Set(tokenize(text).keys)) expect(vocabulary.keyAt(vocabulary.idOf(key))).toBe(key);
      }),
      { numRuns: 300 },
    );
  });

  it('tells apart keys that differ only in their last character, or in length, at every length', () => {
    const base = 'abcdefghijklmnop';
    const words: string[] = [];
    for (let length = 1; length <= SHORT_KEY_LENGTH + 2; length++) {
      const stem = base.slice(0, length);
      words.push(stem, stem.toUpperCase(), `${stem.slice(0, -1)}z`, `${stem}0`);
    }
    const text = `${words.join(' ')} ${[...words].reverse().join(' ')}`;
    expect(internedIds(new Vocabulary(), text)).toEqual(referenceIds(text));
    // All in one probe chain (the same hash for every key), so that each is compared with every other.
    const cache = new ShortKeyCache();
    const shortKeys = [...new Set(words.map((w) => w.toLowerCase()))].filter((key) => key.length <= SHORT_KEY_LENGTH);
    shortKeys.forEach((key, i) => {
      expect(cache.lookup(key, 0, key.length, 0)).toBe(0);
      cache.remember(i + 1);
    });
    shortKeys.forEach((key, i) => expect(cache.lookup(key.toUpperCase(), 0, key.length, 0)).toBe(i + 1));
  });

  it('still finds every key after growing many times', () => {
    const cache = new ShortKeyCache();
    const vocabulary = new Vocabulary();
    const keys = [...new Set(Array.from({ length: 40_000 }, (_, i) => i.toString(36).padStart(1 + (i % SHORT_KEY_LENGTH), 'q')))];
    expect(keys.length).toBeGreaterThan(30_000);
    // The scanner's hash of each key, as the indexer hands it over.
    const hashOf = (key: string): number => {
      let hash = 0;
      scanTokens(key, [], (_start, _end, _opens, _flags, h) => (hash = h));
      return hash;
    };
    keys.forEach((key) => {
      expect(cache.lookup(key, 0, key.length, hashOf(key))).toBe(0);
      cache.remember(vocabulary.intern(key));
    });
    // A hit, not a miss that the vocabulary would have answered: growing rehashed each key where lookups look.
    keys.forEach((key, i) => expect(cache.lookup(key.toUpperCase(), 0, key.length, hashOf(key))).toBe(i + 1));
  });
});
