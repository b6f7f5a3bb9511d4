/**
 * Picks the content words of a tagged text (nouns, verbs, adjectives, adverbs) that
 * the baseline may edit, with their WordNet lemma and grammatical form.
 */
import { resolveWord, type ResolvedWord } from './lemma-resolution.js';
import type { TextTerm } from './text-terms.js';
import type { WordNet, WordNetPos } from '../../lexicon/wordnet-reader.js';

/** A word the baseline may replace (or, for adjectives and adverbs, remove). */
export interface ContentWord extends ResolvedWord {
  /** Index of the word in the term list. */
  readonly termIndex: number;
  readonly start: number;
  readonly end: number;
  /** The word as written, without a possessive ending. */
  readonly stem: string;
  /** A possessive ending ('s, ’s) kept after the replacement; usually empty. */
  readonly suffix: string;
  readonly pos: WordNetPos;
}

/** Tags that mark names, numbers and function words: never edited. */
const SKIPPED_TAGS = [
  'Pronoun',
  'ProperNoun',
  'Person',
  'Place',
  'Organization',
  'Auxiliary',
  'Copula',
  'Modal',
  'Negative',
  'Determiner',
  'Preposition',
  'Conjunction',
  'QuestionWord',
  'Value',
  'Date',
  'Honorific',
  'Abbreviation',
  'Acronym',
  'Url',
  'Email',
  'HashTag',
  'AtMention',
  'Emoji',
  'Emoticon',
];
/** Lemmas whose synonyms would change the grammar or the meaning rather than the wording. */
const FUNCTION_LEMMAS: Readonly<Record<WordNetPos, ReadonlySet<string>>> = {
  verb: new Set(['be', 'have', 'do', 'get', 'let']),
  noun: new Set([]),
  adj: new Set(['such', 'other', 'same', 'own', 'few', 'many', 'much', 'more', 'most', 'less', 'least', 'several']),
  adv: new Set([
    'not',
    'never',
    'no',
    'nor',
    'only',
    'so',
    'then',
    'there',
    'here',
    'how',
    'when',
    'where',
    'why',
    'ever',
    'yet',
    'too',
    'as',
    'even',
    'more',
    'most',
    'less',
    'least',
  ]),
};
/** Forms of have/be/get after which a past form is a participle ("was charged", "has run"). */
const PARTICIPLE_AUXILIARIES = new Set([
  'have',
  'has',
  'had',
  'having',
  "'ve",
  'be',
  'is',
  'are',
  'was',
  'were',
  'been',
  'being',
  'am',
  'get',
  'gets',
  'got',
  'gotten',
  'getting',
]);
const POSSESSIVE_ENDING = /['’]s$/i;

function partOfSpeech(tags: ReadonlySet<string>): WordNetPos | null {
  if (SKIPPED_TAGS.some((tag) => tags.has(tag))) return null;
  if (tags.has('Verb')) return 'verb';
  if (tags.has('Noun')) return 'noun';
  if (tags.has('Adjective')) return 'adj';
  if (tags.has('Adverb')) return 'adv';
  return null;
}

function followsAuxiliary(terms: readonly TextTerm[], index: number): boolean {
  const sentence = terms[index]!.sentence;
  for (let i = index - 1; i >= 0; i--) {
    const previous = terms[i]!;
    if (previous.sentence !== sentence) return false;
    if (previous.tags.has('Adverb') || previous.tags.has('Negative')) continue;
    return PARTICIPLE_AUXILIARIES.has(previous.normal);
  }
  return false;
}

/**
 * compromise tags "was charged with" as be + adjective; when the word is a verb's
 * participle, it is treated as the verb (the paper's example: charged → accused).
 */
function passiveParticiple(word: string, wordnet: WordNet): ResolvedWord | null {
  if (!/(?:ed|en|wn)$/.test(word)) return null;
  const resolved = resolveWord(word, 'verb', { tags: new Set(['Verb', 'Participle']), afterAuxiliary: true }, wordnet);
  return resolved?.shape.pos === 'verb' && resolved.shape.form === 'participle' ? resolved : null;
}

/**
 * Capitalisation that the replacement can copy: lower case, a capitalised sentence
 * start, or ALL CAPS in a heading. Capitals elsewhere mark names ("the Court").
 */
function hasCopyableCase(stem: string, term: TextTerm): boolean {
  if (stem === stem.toLowerCase()) return true;
  if (stem === stem.toUpperCase()) return term.inCapitalsRun;
  const capitalised = stem[0] === stem[0]!.toUpperCase() && stem.slice(1) === stem.slice(1).toLowerCase();
  return capitalised && term.firstInSentence;
}

/** The editable content words of `terms`, in text order. */
export function findContentWords(text: string, terms: readonly TextTerm[], wordnet: WordNet): ContentWord[] {
  const words: ContentWord[] = [];
  terms.forEach((term, termIndex) => {
    if (!term.editable) return;
    const pos = partOfSpeech(term.tags);
    if (!pos) return;
    const written = text.slice(term.start, term.end);
    const possessive = pos === 'noun' && term.tags.has('Possessive') && POSSESSIVE_ENDING.test(written);
    const stem = possessive ? written.slice(0, -2) : written;
    if (stem.length < 2 || /[^\p{L}'’-]/u.test(stem) || !hasCopyableCase(stem, term)) return;
    const word = stem.toLowerCase().replace(/’/g, "'");
    const afterAuxiliary = followsAuxiliary(terms, termIndex);
    const resolved =
      (pos === 'adj' && afterAuxiliary ? passiveParticiple(word, wordnet) : null) ?? resolveWord(word, pos, { tags: term.tags, afterAuxiliary }, wordnet);
    if (!resolved || FUNCTION_LEMMAS[resolved.shape.pos].has(resolved.lemma)) return;
    const suffix = written.slice(stem.length);
    words.push({ ...resolved, termIndex, start: term.start, end: term.end, stem, suffix, pos: resolved.shape.pos });
  });
  return words;
}
