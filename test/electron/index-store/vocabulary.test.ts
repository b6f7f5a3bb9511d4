/**
 * Keys restored from an index file stay bytes until asked for (vocabulary.ts): every key,
 * ASCII or not, must get the same id and the same answers as when it is restored from
 * strings, and a repeated key is still reported.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storedKeyAt, Vocabulary, type StoredKeys } from '../../../electron/index-store/vocabulary.js';
import { scanTokens } from '../../../shared/tokenizer/scan.js';

/** Keys as readVocabulary returns them: UTF-8, one '\n' between two keys. */
function stored(keys: readonly string[]): StoredKeys {
  const bytes = Buffer.from(keys.join('\n'), 'utf8');
  const ends: number[] = [];
  for (let p = 0; p < bytes.length; p++) if (bytes[p] === 10) ends.push(p);
  if (keys.length > 0) ends.push(bytes.length);
  return { bytes, ends: Uint32Array.from(ends) };
}

const keyCharacters = fc.constantFrom(...'abcxyz019'.split(''), 'ß', 'é', 'ñ', 'ı', 'Ω', 'ж', '中', '文', '𝒜', '😀', "'", '-');
const anyKey = fc.array(keyCharacters, { minLength: 1, maxLength: 8 }).map((c) => c.join(''));

describe('Vocabulary restored from stored keys', () => {
  it('gives every key, ASCII or not, the id it has when restored from strings', () => {
    fc.assert(
      fc.property(fc.uniqueArray(anyKey, { maxLength: 200 }), fc.array(anyKey, { maxLength: 20 }), (keys, probes) => {
        const fromBytes = new Vocabulary();
        fromBytes.appendStoredKeys(stored(keys), 0);
        const fromStrings = new Vocabulary();
        fromStrings.appendKeys(keys);
        expect(fromBytes.size).toBe(keys.length + 1);
        keys.forEach((key, i) => {
          expect(fromBytes.idOf(key)).toBe(i + 1);
          expect(fromBytes.keyAt(i + 1)).toBe(key);
        });
        for (const probe of probes) expect(fromBytes.idOf(probe)).toBe(fromStrings.idOf(probe));
        expect(fromBytes.keysFrom(1)).toEqual(keys);
        // New keys go on from the stored ones.
        const fresh = 'zz-new-key';
        if (!keys.includes(fresh)) expect(fromBytes.intern(fresh)).toBe(keys.length + 1);
      }),
      { numRuns: 200 },
    );
  });

  it("finds a stored key from a document's characters (the indexer's lookup)", () => {
    const keys = ['the', 'court', 'applicant', 'straße', "applicant's"];
    const vocabulary = new Vocabulary();
    vocabulary.appendStoredKeys(stored(keys), 0);
    const text = "The COURT heard the applicant's Straße claim";
    const ids: number[] = [];
    scanTokens(text, [], (start, end, _opens, flags, hash) => ids.push(vocabulary.internToken(text, start, end, flags, hash)));
    expect(ids).toEqual([1, 2, 6, 1, 5, 4, 7]);
    expect(vocabulary.keysFrom(6)).toEqual(['heard', 'claim']);
  });

  it('restores the rest of the stored keys into a vocabulary that has the first ones', () => {
    const keys = ['alpha', 'beta', 'γάμμα', 'delta'];
    const vocabulary = new Vocabulary();
    vocabulary.appendStoredKeys(stored(keys.slice(0, 2)), 0);
    vocabulary.appendStoredKeys(stored(keys), 2);
    expect(keys.map((key) => vocabulary.idOf(key))).toEqual([1, 2, 3, 4]);
    expect(storedKeyAt(stored(keys), 2)).toBe('γάμμα');
  });

  it('decodes bytes that are not UTF-8 as Buffer does, and still finds the key', () => {
    const bytes = Buffer.from([0x61, 0xff, 0x62, 10, 0xed, 0xa0, 0x80, 10, 0x63]);
    const vocabulary = new Vocabulary();
    vocabulary.appendStoredKeys({ bytes, ends: Uint32Array.from([3, 7, 9]) }, 0);
    expect(vocabulary.idOf(bytes.toString('utf8', 0, 3))).toBe(1);
    expect(vocabulary.idOf(bytes.toString('utf8', 4, 7))).toBe(2);
    expect(vocabulary.idOf('c')).toBe(3);
  });

  it('reports a key stored twice', () => {
    expect(() => new Vocabulary().appendStoredKeys(stored(['one', 'two', 'one']), 0)).toThrow(/repeated/u);
    expect(() => new Vocabulary().appendStoredKeys(stored(['ñu', 'x', 'ñu']), 0)).toThrow(/repeated/u);
  });
});
