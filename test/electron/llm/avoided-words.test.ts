/**
 * Which tokens a request's avoided words ban (avoided-words.ts): the first token of each
 * spelling, as written, lower case and capitalised, alone and after a space; never a
 * first token with fewer than three letters. The tokenizer here is a stand-in that cuts
 * words into pieces of up to four characters, a leading space before the first, so
 * that the choice can be read off; the real model's is in test/models/real-models.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Token } from 'node-llama-cpp';
import { avoidedTokens } from '../../../electron/llm/avoided-words.js';

const vocabulary: string[] = [];
const idOf = (piece: string): Token => {
  let id = vocabulary.indexOf(piece);
  if (id < 0) id = vocabulary.push(piece) - 1;
  return id as Token;
};
const tokenize = (text: string): Token[] => (text.match(/ ?[^ ]{1,4}/gu) ?? []).map(idOf);
const detokenize = (tokens: readonly Token[]): string => tokens.map((t) => vocabulary[t]!).join('');
const banned = (words: string[]): string[] => avoidedTokens(words, tokenize, detokenize).map((t) => vocabulary[t]!);

describe('avoided words', () => {
  it('bans the first token of every spelling of each word', () => {
    expect(banned(['Kandira']).sort()).toEqual([' Kand', ' kand', 'Kand', 'kand'].sort());
    expect(banned(['prison']).sort()).toEqual([' pris', ' Pris', 'pris', 'Pris'].sort());
  });

  it('leaves alone first tokens of fewer than three letters, numbers and blanks', () => {
    // " of" and "of" start too many words; "2001" has no letters.
    expect(banned(['of', '2001', '  ', ''])).toEqual([]);
    // "a-b-c" begins "a-b-", two letters; "x-ray" begins "x-ra", three.
    expect(banned(['a-b-c'])).toEqual([]);
    expect(banned(['x-ray']).sort()).toEqual([' x-ra', ' X-ra', 'x-ra', 'X-ra'].sort());
  });
});
