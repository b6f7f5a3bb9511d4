/**
 * What a replacement must agree with around it: the article of its noun phrase
 * ("a lawyer" must not become "a attorney") and the adjacent words (a synonym
 * "public prosecutor" after "public" would read "public public prosecutor").
 */
import type { TextTerm } from './text-terms.js';

/** The surroundings of one word, lower case; empty strings where there is nothing. */
export interface Neighbourhood {
  readonly previousWord: string;
  readonly nextWord: string;
  /** The a/an governing the word, looking back over modifiers (they may be removed). */
  readonly article: 'a' | 'an' | null;
}

function sameSentence(terms: readonly TextTerm[], index: number, sentence: number): TextTerm | undefined {
  const term = terms[index];
  return term && term.sentence === sentence && term.end > term.start ? term : undefined;
}

/** The neighbourhood of `terms[index]`. */
export function neighbourhoodOf(terms: readonly TextTerm[], index: number): Neighbourhood {
  const sentence = terms[index]!.sentence;
  let article: 'a' | 'an' | null = null;
  for (let i = index - 1; i >= 0; i--) {
    const previous = sameSentence(terms, i, sentence);
    if (!previous) break;
    if (previous.tags.has('Adjective') || previous.tags.has('Adverb')) continue;
    if (previous.normal === 'a' || previous.normal === 'an') article = previous.normal;
    break;
  }
  return {
    previousWord: sameSentence(terms, index - 1, sentence)?.normal ?? '',
    nextWord: sameSentence(terms, index + 1, sentence)?.normal ?? '',
    article,
  };
}
