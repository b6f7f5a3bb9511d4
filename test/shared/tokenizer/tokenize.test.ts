import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { segmentsOf, tokenize } from '../../../shared/tokenizer/index.js';
import { PlaceholderPatternError, compilePlaceholderPattern } from '../../../shared/tokenizer/placeholders.js';
import { specDir } from '../../spec-paths.js';

interface VectorCase {
  text: string;
  segments: [string, number, number][][];
}

const vectors = JSON.parse(readFileSync(join(specDir, 'tokenizer-vectors.json'), 'utf8')) as { cases: VectorCase[] };

describe('tokenizer golden vectors', () => {
  it.each(vectors.cases.map((c) => [JSON.stringify(c.text), c] as const))('%s', (_name, testCase) => {
    expect(segmentsOf(testCase.text)).toEqual(testCase.segments);
  });
});

describe('tokenizer rules', () => {
  it('keeps single internal apostrophes and hyphens, folding their variants', () => {
    expect(tokenize('applicant\u02bcs co\u2011operation').keys).toEqual(["applicant's", 'co-operation']);
  });

  it('does not join on a leading, trailing or doubled joiner', () => {
    expect(segmentsOf("'tis well-- 'known'")).toEqual([
      [
        ['tis', 1, 4],
        ['well', 5, 9],
      ],
      [['known', 13, 18]],
    ]);
  });

  it('counts CRLF as one line break and a lone CR as plain whitespace', () => {
    expect(segmentsOf('a\r\nb').length).toBe(1);
    expect(segmentsOf('a\r\rb').length).toBe(1);
    expect(segmentsOf('a\n\nb').length).toBe(2);
    expect(segmentsOf('a\n \n b').length).toBe(2);
  });

  it('breaks the segment on a byte-order mark, which \\s would otherwise accept', () => {
    expect(segmentsOf('a\ufeffb').length).toBe(2);
  });

  it('treats astral letters as word characters and astral symbols as breaks', () => {
    expect(segmentsOf('\u{1d400}bc d')).toEqual([
      [
        ['abc', 0, 4],
        ['d', 5, 6],
      ],
    ]);
    expect(segmentsOf('a \u{1f600} b').length).toBe(2);
  });

  it('honours a custom placeholder pattern and never tokenizes inside it', () => {
    const tokens = tokenize('see {{NAME}} here', { placeholderPattern: String.raw`\{\{[A-Z]+\}\}` });
    expect(tokens.keys).toEqual(['see', 'here']);
    expect(tokens.segmentStarts.length).toBe(3);
  });

  it('cuts a token where a custom placeholder starts inside a word', () => {
    expect(tokenize('abXYZcd', { placeholderPattern: 'XYZ' }).keys).toEqual(['ab', 'cd']);
  });

  it('rejects invalid or empty-matching placeholder patterns with a clear error', () => {
    expect(() => compilePlaceholderPattern('[')).toThrow(PlaceholderPatternError);
    expect(() => compilePlaceholderPattern('a*')).toThrow(/empty string/);
    expect(() => compilePlaceholderPattern('')).toThrow(/empty/);
  });

  it('gives offsets that slice back to the token text', () => {
    const text = 'The “High Court” of İstanbul—and the ﬁnal word.';
    const tokens = tokenize(text);
    for (let i = 0; i < tokens.count; i++) {
      expect(text.slice(tokens.starts[i], tokens.ends[i]).length).toBeGreaterThan(0);
    }
    expect(tokens.keys).toEqual(['the', 'high', 'court', 'of', 'i̇stanbul', 'and', 'the', 'final', 'word']);
  });
});
