/**
 * Typed access to the parts of `compromise` this baseline uses: the tagger and its
 * word-level transforms (conjugation, plurals, comparison). The package types these
 * internals as `object`, so the shapes are declared here once.
 */
import nlp from 'compromise';

/** Conjugation table of a verb, as compromise returns it (Participle only when irregular). */
export type Conjugation = Partial<Record<'Infinitive' | 'PastTense' | 'PresentTense' | 'Gerund' | 'Participle', string>>;

interface Transforms {
  verb: {
    conjugate(word: string, model: object): Conjugation;
    toInfinitive(word: string, model: object, tense?: string): string;
  };
  noun: {
    toPlural(word: string, model: object): string;
    toSingular(word: string, model: object): string;
  };
  adjective: {
    fromComparative(word: string, model: object): string;
    fromSuperlative(word: string, model: object): string;
  };
}

/** One tagged term of compromise's JSON output. */
export interface CompromiseTerm {
  readonly text: string;
  readonly tags: readonly string[];
  readonly offset: { readonly start: number; readonly length: number };
  /** Set for the expanded halves of contractions ("hadn't" → had + not). */
  readonly implicit?: string | null;
  readonly normal?: string;
}

const model = nlp.model();
const transforms = (nlp.methods() as unknown as { two: { transform: Transforms } }).two.transform;

/** Tags `text` and returns its sentences as lists of terms with UTF-16 offsets into `text`. */
export function tagSentences(text: string): CompromiseTerm[][] {
  const json = nlp(text).json({ offset: true }) as { terms: CompromiseTerm[] }[];
  return json.map((sentence) => sentence.terms);
}

/** Conjugation table of a (single-word) verb. */
export function conjugate(verb: string): Conjugation {
  return transforms.verb.conjugate(verb, model);
}

/** Compromise's guess at a verb's infinitive, optionally told which tense the word is in. */
export function toInfinitive(word: string, tense?: 'PastTense' | 'PresentTense' | 'Gerund'): string {
  return transforms.verb.toInfinitive(word, model, tense);
}

/** Plural of a single noun. */
export function toPlural(noun: string): string {
  return transforms.noun.toPlural(noun, model);
}

/** Singular of a plural noun (handles irregulars: children → child). */
export function toSingular(noun: string): string {
  return transforms.noun.toSingular(noun, model);
}

/** Positive form of a comparative (bigger → big, better → good). */
export function fromComparative(word: string): string {
  return transforms.adjective.fromComparative(word, model);
}

/** Positive form of a superlative (biggest → big, best → good). */
export function fromSuperlative(word: string): string {
  return transforms.adjective.fromSuperlative(word, model);
}
