/**
 * Puts a WordNet lemma into the grammatical form of the word it replaces: verb tense
 * and aspect, noun number, adjective/adverb degree (the role Pattern plays in the paper).
 */
import { toPlural } from './compromise-facade.js';
import { conjugateVerb } from './verb-conjugation.js';

/** Verb forms a single English word can carry. */
export type VerbForm = 'base' | 'third' | 'past' | 'participle' | 'gerund';
/** Noun number. */
export type NounForm = 'singular' | 'plural';
/** Degree of comparison of adjectives and adverbs. */
export type Degree = 'positive' | 'comparative' | 'superlative';

/** A part of speech with the form the word takes in the text. */
export type WordShape =
  | { readonly pos: 'verb'; readonly form: VerbForm }
  | { readonly pos: 'noun'; readonly form: NounForm }
  | { readonly pos: 'adj' | 'adv'; readonly form: Degree };

/** Irregular comparisons. */
const DEGREE_OVERRIDES: Readonly<Record<string, readonly [string, string]>> = {
  good: ['better', 'best'],
  well: ['better', 'best'],
  bad: ['worse', 'worst'],
  ill: ['worse', 'worst'],
  badly: ['worse', 'worst'],
  far: ['farther', 'farthest'],
  little: ['less', 'least'],
  much: ['more', 'most'],
  many: ['more', 'most'],
};
/** One-syllable consonant-vowel-consonant endings double their last consonant (big → bigger). */
const DOUBLES_FINAL = /^[b-df-hj-np-tv-z]*[aeiou][b-df-hj-np-tv]$/;
/** Prepositions after which a multiword noun's head has ended ("court of law" → "courts of law"). */
const NOUN_HEAD_ENDERS = new Set(['of', 'in', 'for', 'to', 'on', 'at', 'with', 'by', 'from', 'under']);

/** Rough syllable count: vowel groups, not counting a silent final e. */
export function countSyllables(word: string): number {
  const groups = word.toLowerCase().match(/[aeiouy]+/g)?.length ?? 0;
  const silentE = /[^aeiouyl]e$/.test(word.toLowerCase()) && groups > 1 ? 1 : 0;
  return Math.max(1, groups - silentE);
}

function inflectVerb(lemma: string, form: VerbForm): string | null {
  const [head, ...rest] = lemma.split(' ');
  if (!head) return null;
  // Conjugate the head only: WordNet's multiword verbs are verb + particle/object ("take away").
  const inflected = conjugateVerb(head.toLowerCase())[form];
  if (!inflected || inflected.includes(' ')) return null;
  return [inflected, ...rest].join(' ');
}

function inflectNoun(lemma: string, form: NounForm): string {
  if (form === 'singular') return lemma;
  const words = lemma.split(' ');
  const ender = words.findIndex((word, i) => i > 0 && NOUN_HEAD_ENDERS.has(word));
  const headIndex = ender > 0 ? ender - 1 : words.length - 1;
  words[headIndex] = toPlural(words[headIndex]!);
  return words.join(' ');
}

/** Short adjectives take -er/-est (large, happy, narrow); longer ones take more/most. */
function takesSuffix(word: string): boolean {
  if (!/^[a-z]+$/.test(word) || word.endsWith('ly')) return false;
  const syllables = countSyllables(word);
  return syllables === 1 || (syllables === 2 && /(?:y|er|le|ow)$/.test(word));
}

function suffixed(word: string, suffix: 'er' | 'est'): string {
  if (word.endsWith('e')) return word + suffix.slice(1);
  if (/[b-df-hj-np-tv-z]y$/.test(word)) return word.slice(0, -1) + 'i' + suffix;
  if (DOUBLES_FINAL.test(word)) return word + word.slice(-1) + suffix;
  return word + suffix;
}

function compare(word: string, degree: Degree): string {
  if (degree === 'positive') return word;
  const override = DEGREE_OVERRIDES[word];
  if (override) return degree === 'comparative' ? override[0] : override[1];
  if (takesSuffix(word)) return suffixed(word, degree === 'comparative' ? 'er' : 'est');
  return `${degree === 'comparative' ? 'more' : 'most'} ${word}`;
}

/**
 * `lemma` (a WordNet lemma, spaces for underscores) in the form `shape` asks for, or
 * null when no trustworthy form exists.
 */
export function inflect(lemma: string, shape: WordShape): string | null {
  switch (shape.pos) {
    case 'verb':
      return inflectVerb(lemma, shape.form);
    case 'noun':
      return inflectNoun(lemma, shape.form);
    default:
      return compare(lemma, shape.form);
  }
}
