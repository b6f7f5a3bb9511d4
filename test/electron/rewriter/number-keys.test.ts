/**
 * The number check reads numbers in words as well as digits (rewriter/number-keys.ts): a
 * changed figure is a changed fact, however it is written.
 */
import { describe, expect, it } from 'vitest';
import { numberKeys } from '../../../electron/rewriter/number-keys.js';
import { inventsNumbers } from '../../../electron/rewriter/validation.js';
import { tokenize } from '../../../shared/tokenizer/tokenize.js';

const numbers = (text: string) => numberKeys(tokenize(text));
const invents = (phrase: string, answer: string) => inventsNumbers(tokenize(phrase), tokenize(answer));

describe('numberKeys', () => {
  it('reads digits as written and number words as their digits, hyphenated or not', () => {
    expect(numbers('paragraphs 10-11 below, on 5 May 2010')).toEqual(['10-11', '5', '2010']);
    expect(numbers('Fifteen years, the fifteen-year criterion')).toEqual(['15', '15']);
    expect(numbers('twenty-five days and Twenty-one weeks; a forty-two-year-old man')).toEqual(['25', '21', '42']);
    // Apart, tens and units stay apart: the tokens do not say whether a comma stood between them.
    expect(numbers('zero, nineteen, ninety, two hundred, a thousand, twenty five')).toEqual(['0', '19', '90', '2', '100', '1000', '20', '5']);
  });

  it('leaves out "one" on its own, a pronoun as often as a number, and words that only hold a number word', () => {
    expect(numbers('no one came; one of the judges')).toEqual([]);
    expect(numbers('his well-being, a someone, often')).toEqual([]);
  });
});

describe('inventsNumbers, with numbers in words', () => {
  it('refuses SmolLM2’s "fourteen" for "fifteen", which the meaning check passed (0.87)', () => {
    expect(invents('than fifteen years are permitted to', 'more than fourteen years are allowed to')).toBe(true);
  });

  it('lets an answer write the same number in the other form, or leave it out', () => {
    expect(invents('than fifteen years are permitted to', 'than 15 years may')).toBe(false);
    expect(invents('within 21 days', 'within twenty-one days')).toBe(false);
    expect(invents('than fifteen years are permitted to', 'for many years may')).toBe(false);
  });

  it('counts: a number stated twice where the phrase had it once is refused', () => {
    expect(invents('two judges', 'two judges and two clerks')).toBe(true);
    expect(invents('two judges and 2 clerks', 'two judges and two clerks')).toBe(false);
  });
});
