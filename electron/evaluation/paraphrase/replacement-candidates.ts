/**
 * The replacement edit: WordNet synonyms of a content word, put into the word's form
 * and case, in WordNet order (first sense first).
 */
import type { ContentWord } from './content-words.js';
import { inflect } from './inflection.js';
import type { Neighbourhood } from './neighbourhood.js';
import { matchCase } from './text-case.js';
import type { WordNet } from '../../lexicon/wordnet-reader.js';

/** Lemmas that are templates rather than words ("make up one's mind"). */
const TEMPLATE_WORDS = /\b(?:one's|one|oneself|someone|someone's|somebody|something)\b/;
/** Letters, spaces, hyphens and apostrophes only: no abbreviations (a.d.) or numbers. */
const PLAIN_LEMMA = /^[a-z][a-z' -]*$/;
const VOWEL_INITIAL = /^[aeiou]/i;

/** Keeps "a"/"an" right: the replacement starts with a vowel letter exactly when the original does. */
function keepsArticle(original: string, replacement: string, around: Neighbourhood): boolean {
  return around.article === null || VOWEL_INITIAL.test(original) === VOWEL_INITIAL.test(replacement);
}

/** Rejects "public public prosecutor": a multiword synonym repeating the word next to it. */
function repeatsNeighbour(replacement: string, around: Neighbourhood): boolean {
  const words = replacement.split(' ');
  return words.length > 1 && (words[0] === around.previousWord || words[words.length - 1] === around.nextWord);
}

/** "older" for "old", "courts" for "court": WordNet lists some inflected forms as synonyms. */
function isInflectionOf(synonym: string, lemma: string): boolean {
  return synonym.startsWith(lemma) && /^(?:e?r|e?st|e?s|e?d|ing)$/.test(synonym.slice(lemma.length));
}

/**
 * Up to `limit` distinct replacement texts for `word` (possessive ending included),
 * each different from the original word and agreeing with its neighbourhood.
 */
export function replacementCandidates(word: ContentWord, around: Neighbourhood, wordnet: WordNet, limit: number): string[] {
  const original = word.stem.toLowerCase();
  const candidates: string[] = [];
  for (const synonym of wordnet.synonyms(word.lemma, word.pos)) {
    if (candidates.length >= limit) break;
    // Capitalised lemmas are names (Margaret Court); a common word should not become one.
    if (!PLAIN_LEMMA.test(synonym) || TEMPLATE_WORDS.test(synonym) || isInflectionOf(synonym, word.lemma)) continue;
    // A multiword adjective cannot stand before a noun ("a of import case").
    if (word.pos === 'adj' && synonym.includes(' ')) continue;
    const inflected = inflect(synonym, word.shape);
    if (!inflected || inflected === original) continue;
    if (!keepsArticle(original, inflected, around) || repeatsNeighbour(inflected, around)) continue;
    const replacement = matchCase(word.stem, inflected) + word.suffix;
    if (!candidates.includes(replacement)) candidates.push(replacement);
  }
  return candidates;
}
