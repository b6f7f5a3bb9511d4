import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultWordNetDictDir, loadWordNet, loadWordNetIndex, type WordNet } from '../../../electron/lexicon/wordnet-reader.js';

let wordnet: WordNet;
beforeAll(async () => {
  wordnet = await loadWordNet();
});

describe('WordNet reader', () => {
  it('finds synonyms in WordNet order, first sense first', () => {
    expect(wordnet.synonyms('court', 'noun').slice(0, 3)).toEqual(['tribunal', 'judicature', 'courtroom']);
    expect(wordnet.synonyms('charge', 'verb')).toContain('accuse');
    expect(wordnet.synonyms('quickly', 'adv')[0]).toBe('rapidly');
  });

  it('keeps parts of speech apart and turns underscores into spaces', () => {
    expect(wordnet.has('court', 'verb')).toBe(true);
    expect(wordnet.has('quickly', 'noun')).toBe(false);
    expect(wordnet.has('court of law', 'noun')).toBe(true);
    expect(wordnet.synonyms('court of law', 'noun')).toContain('law court');
  });

  it('answers "absent" for unknown, empty and non-ASCII keys', () => {
    expect(wordnet.synsetOffsets('zzzzq', 'noun')).toEqual([]);
    expect(wordnet.synsetOffsets('', 'noun')).toEqual([]);
    expect(wordnet.synsetOffsets('café', 'noun')).toEqual([]);
    expect(wordnet.synonyms('zzzzq', 'adj')).toEqual([]);
  });

  it('strips the syntactic markers of adjective lemmas', () => {
    for (const synonym of wordnet.synonyms('big', 'adj')) expect(synonym).not.toMatch(/\(/);
  });

  it('finds every lemma of the index by binary search, including the first and the last', () => {
    const index = readFileSync(join(defaultWordNetDictDir(), 'index.verb'), 'latin1');
    const lemmas = index
      .split('\n')
      .filter((line) => line.length > 0 && !line.startsWith(' '))
      .map((line) => line.slice(0, line.indexOf(' ')));
    expect(lemmas.length).toBeGreaterThan(10_000);
    const sample = lemmas.filter((_, i) => i % 97 === 0 || i === lemmas.length - 1);
    for (const lemma of sample) expect(wordnet.has(lemma, 'verb'), lemma).toBe(true);
  });

  it('rejects a dict folder that does not exist', async () => {
    await expect(loadWordNet('/nonexistent/wordnet/dict')).rejects.toThrow(/ENOENT/);
    await expect(loadWordNetIndex('/nonexistent/wordnet/dict')).rejects.toThrow(/ENOENT/);
  });

  it('knows the lemmas from the index files alone, without reading the synsets', async () => {
    // A folder with the index files only: the index-only WordNet loads from it, the whole one cannot.
    const indexOnly = mkdtempSync(join(tmpdir(), 'wordnet-index-'));
    try {
      for (const pos of ['noun', 'verb', 'adj', 'adv']) copyFileSync(join(defaultWordNetDictDir(), `index.${pos}`), join(indexOnly, `index.${pos}`));
      const index = await loadWordNetIndex(indexOnly);
      for (const [lemma, pos] of [
        ['court', 'verb'],
        ['court of law', 'noun'],
        ['quickly', 'noun'],
        ['zzzzq', 'adj'],
      ] as const) {
        expect(index.has(lemma, pos), `${lemma} (${pos})`).toBe(wordnet.has(lemma, pos));
      }
      await expect(loadWordNet(indexOnly)).rejects.toThrow(/ENOENT.*data\./u);
    } finally {
      rmSync(indexOnly, { recursive: true, force: true });
    }
  });
});
