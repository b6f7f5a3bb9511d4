import { beforeAll, describe, expect, it } from 'vitest';
import { inflect } from '../../../../electron/evaluation/paraphrase/inflection.js';
import { resolveWord } from '../../../../electron/evaluation/paraphrase/lemma-resolution.js';
import { morphyCandidates } from '../../../../electron/lexicon/dictionary-words.js';
import { conjugateVerb } from '../../../../electron/evaluation/paraphrase/verb-conjugation.js';
import { loadWordNet, type WordNet } from '../../../../electron/lexicon/wordnet-reader.js';

let wordnet: WordNet;
beforeAll(async () => {
  wordnet = await loadWordNet();
});

describe('verb conjugation', () => {
  it.each([
    ['accuse', 'accuses', 'accused', 'accused', 'accusing'],
    ['take', 'takes', 'took', 'taken', 'taking'],
    ['run', 'runs', 'ran', 'run', 'running'],
    ['set', 'sets', 'set', 'set', 'setting'],
    // compromise knows these only as nouns and leaves them unconjugated.
    ['collar', 'collars', 'collared', 'collared', 'collaring'],
    ['cop', 'cops', 'copped', 'copped', 'copping'],
    ['bear', 'bears', 'bore', 'borne', 'bearing'],
  ])('%s', (verb, third, past, participle, gerund) => {
    expect(conjugateVerb(verb)).toEqual({ base: verb, third, past, participle, gerund });
  });
});

describe('inflect', () => {
  it('conjugates the head of a multiword verb', () => {
    expect(inflect('take away', { pos: 'verb', form: 'participle' })).toBe('taken away');
    expect(inflect('bear down', { pos: 'verb', form: 'third' })).toBe('bears down');
  });

  it('puts the plural on the head noun', () => {
    expect(inflect('tribunal', { pos: 'noun', form: 'plural' })).toBe('tribunals');
    expect(inflect('child', { pos: 'noun', form: 'plural' })).toBe('children');
    expect(inflect('court of law', { pos: 'noun', form: 'plural' })).toBe('courts of law');
    expect(inflect('law court', { pos: 'noun', form: 'plural' })).toBe('law courts');
  });

  it.each([
    ['large', 'larger', 'largest'],
    ['big', 'bigger', 'biggest'],
    ['happy', 'happier', 'happiest'],
    ['good', 'better', 'best'],
    ['beautiful', 'more beautiful', 'most beautiful'],
    ['well-chosen', 'more well-chosen', 'most well-chosen'],
    ['rapidly', 'more rapidly', 'most rapidly'],
  ])('compares %s', (word, comparative, superlative) => {
    expect(inflect(word, { pos: 'adj', form: 'comparative' })).toBe(comparative);
    expect(inflect(word, { pos: 'adj', form: 'superlative' })).toBe(superlative);
  });
});

describe('lemma resolution', () => {
  const tags = (...names: string[]) => new Set(names);

  it('applies the morphy detachment rules', () => {
    expect(morphyCandidates('churches', 'noun')).toContain('church');
    expect(morphyCandidates('charged', 'verb')).toEqual(['charge', 'charg']);
    expect(morphyCandidates('quickly', 'adv')).toEqual([]);
  });

  it.each([
    ['charged', 'verb', ['Verb', 'PastTense', 'Passive'], true, 'charge', 'participle'],
    ['decided', 'verb', ['Verb', 'PastTense'], false, 'decide', 'past'],
    ['went', 'verb', ['Verb', 'PastTense'], false, 'go', 'past'],
    ['runs', 'verb', ['Verb', 'PresentTense'], false, 'run', 'third'],
    ['run', 'verb', ['Verb'], true, 'run', 'participle'],
    ['considering', 'verb', ['Verb', 'Gerund'], true, 'consider', 'gerund'],
    ['courts', 'noun', ['Noun', 'Plural'], false, 'court', 'plural'],
    ['children', 'noun', ['Noun', 'Plural'], false, 'child', 'plural'],
    ['house', 'noun', ['Noun', 'Singular'], false, 'house', 'singular'],
    ['bigger', 'adj', ['Adjective', 'Comparative'], false, 'big', 'comparative'],
    ['larger', 'adj', ['Adjective', 'Comparative'], false, 'large', 'comparative'],
    ['happiest', 'adj', ['Adjective', 'Superlative'], false, 'happy', 'superlative'],
    ['quickly', 'adv', ['Adverb'], false, 'quickly', 'positive'],
  ] as const)('%s → %s lemma', (word, pos, tagNames, afterAuxiliary, lemma, form) => {
    const resolved = resolveWord(word, pos, { tags: tags(...tagNames), afterAuxiliary }, wordnet);
    expect(resolved).toEqual({ lemma, shape: { pos, form } });
  });

  it('refuses words WordNet does not know', () => {
    expect(resolveWord('blorfed', 'verb', { tags: tags('Verb', 'PastTense'), afterAuxiliary: false }, wordnet)).toBeNull();
  });
});
