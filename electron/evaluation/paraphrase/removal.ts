/**
 * The removal edit (adjectives and adverbs only): drop a modifier where the sentence
 * stays grammatical without it, "a very grave violation" → "a grave violation".
 *
 * Why so conservative: a removed predicate adjective ("was clear that"), a removed
 * item of a list ("long, detailed") or a removed head of an adverb ("very old") breaks
 * the sentence, so only unmodified pre-modifiers between plain spaces are removed.
 */
import type { TextTerm } from './text-terms.js';

/** The span a removal deletes: the word and the spaces after it. */
export interface RemovalSpan {
  readonly start: number;
  readonly end: number;
}

const PLAIN_SPACES = /^[ \t]+$/;
const STARTS_WITH_VOWEL_LETTER = /^[aeiou]/i;

function modifiesNext(term: TextTerm, next: TextTerm): boolean {
  if (next.tags.has('Pronoun') || next.tags.has('Determiner') || next.tags.has('Conjunction')) return false;
  if (term.tags.has('Adjective')) return next.tags.has('Noun') || next.tags.has('Adjective');
  return next.tags.has('Adjective') || next.tags.has('Adverb') || next.tags.has('Verb');
}

/** "a"/"an" must still fit the word that follows once the modifier is gone. */
function articleStillAgrees(text: string, previous: TextTerm, next: TextTerm): boolean {
  const nextStartsWithVowel = STARTS_WITH_VOWEL_LETTER.test(text.slice(next.start, next.end));
  if (previous.normal === 'a') return !nextStartsWithVowel;
  if (previous.normal === 'an') return nextStartsWithVowel;
  return true;
}

/**
 * Where removing the adjective or adverb at `terms[index]` is safe, the span to delete
 * (so that no double space or space before punctuation is left); otherwise null.
 */
export function removalSpan(text: string, terms: readonly TextTerm[], index: number): RemovalSpan | null {
  const term = terms[index];
  const previous = terms[index - 1];
  const next = terms[index + 1];
  if (!term || !previous || !next || term.firstInSentence) return null;
  if (previous.sentence !== term.sentence || next.sentence !== term.sentence) return null;
  if (previous.end <= previous.start || next.end <= next.start) return null; // contraction halves
  if (!PLAIN_SPACES.test(text.slice(previous.end, term.start)) || !PLAIN_SPACES.test(text.slice(term.end, next.start))) {
    return null;
  }
  // After a conjunction the modifier is half of a pair; after an adverb it is modified itself ("very old").
  if (previous.tags.has('Conjunction') || previous.tags.has('Adverb') || !modifiesNext(term, next)) return null;
  if (!articleStillAgrees(text, previous, next)) return null;
  return { start: term.start, end: next.start };
}
