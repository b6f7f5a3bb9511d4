/**
 * The numbers a text states, for the number check ('number-invented', validation.ts): tokens
 * with a digit as they are, and English number words as the digits they stand for. A
 * judgment writes "fifteen years" as often as "15 years", and SmolLM2 answered "more than
 * fourteen years" for "than fifteen years" (docs/evaluation/meaning-check/): a changed
 * fact that the digit-only check let through and the meaning check scored 0.87.
 *
 * As digits, "fifteen" and "15" are the same number, so an answer may write either. A tens
 * word and its unit joined by a hyphen are one number ("twenty-five": 25). Other compounds
 * ("twenty five", "two hundred") stay apart (20 and 5, 2 and 100), since the tokens do not
 * say whether a comma stood between them, so an answer that writes one of them in the other
 * form is refused: a placeholder is better than a figure nobody checked.
 *
 * "one" is left out: it is as often a pronoun ("no one", "one of the") as a number, and
 * refusing every answer that says "the one who" would turn good answers into placeholders.
 */
import type { TokenizedText } from '../../shared/tokenizer/tokenize.js';

const UNITS = ['zero', '', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** The value of each number word (keys are lower case, as the tokenizer's are). */
const NUMBER_WORDS = new Map<string, number>([
  ...UNITS.flatMap((word, value): [string, number][] => (word === '' ? [] : [[word, value]])),
  ...TEENS.map((word, i): [string, number] => [word, 10 + i]),
  ...TENS.map((word, i): [string, number] => [word, 20 + 10 * i]),
  ['hundred', 100],
  ['thousand', 1000],
  ['million', 1_000_000],
  ['billion', 1_000_000_000],
]);

/** The numbers of `tokens`, each as a key: a token with a digit as written, a number word as its digits. */
export function numberKeys(tokens: Pick<TokenizedText, 'keys'>): string[] {
  const keys: string[] = [];
  for (const key of tokens.keys) {
    if (/\p{N}/u.test(key)) keys.push(key);
    // A hyphenated token is one key ("fifteen-year", "twenty-five"): its parts are read as words.
    else keys.push(...wordNumbers(key.split('-')));
  }
  return keys;
}

/** The numbers the words of one token state; a tens word and the unit after it are one. */
function wordNumbers(words: readonly string[]): string[] {
  const numbers: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const value = NUMBER_WORDS.get(words[i]!);
    if (value === undefined) continue;
    const next = words[i + 1];
    // "one" is a number after a tens word ("twenty-one"), if nowhere else.
    const unit = value >= 20 && value < 100 && next !== undefined ? (next === 'one' ? 1 : NUMBER_WORDS.get(next)) : undefined;
    if (unit !== undefined && unit >= 1 && unit <= 9) {
      numbers.push(String(value + unit));
      i++;
    } else numbers.push(String(value));
  }
  return numbers;
}
