import { describe, expect, it } from 'vitest';
import { chunkText, sentenceRanges } from '../../../electron/rewriter/chunking.js';

const slices = (text: string, ranges: readonly { start: number; end: number }[]): string[] => ranges.map((r) => text.slice(r.start, r.end));

describe('sentenceRanges', () => {
  it('splits at sentence ends but not after citation abbreviations, initials or before lower case', () => {
    const text = 'The case originated in an application (no. 123/45) lodged by Mr. J. Smith. He complained, i.e. e.g. about it. Then it ended! Did it? yes.';
    expect(slices(text, sentenceRanges(text))).toEqual([
      'The case originated in an application (no. 123/45) lodged by Mr. J. Smith.',
      'He complained, i.e. e.g. about it.',
      'Then it ended!',
      'Did it? yes.',
    ]);
  });

  it('treats every line break as a boundary and trims whitespace', () => {
    const text = '  PROCEDURE\n\nThe applicant was born in 1970.  He lives in [REDACTED].\n  The Court notes.  ';
    const ranges = sentenceRanges(text);
    expect(slices(text, ranges)).toEqual(['PROCEDURE', 'The applicant was born in 1970.', 'He lives in [REDACTED].', 'The Court notes.']);
    expect(ranges.map((r) => r.lineStart)).toEqual([true, true, false, true]);
  });
});

describe('chunkText', () => {
  const text = 'One is here. Two is here. Three is here. Four is here.\n\nFive is here. Six is here.';

  it('groups a few sentences per chunk within a paragraph, keeping offsets', () => {
    const chunks = chunkText(text, [], { sentencesPerChunk: 3 });
    expect(slices(text, chunks)).toEqual(['One is here. Two is here. Three is here.', 'Four is here.', 'Five is here. Six is here.']);
    expect(chunkText(text, [], { sentencesPerChunk: 1 })).toHaveLength(6);
  });

  it('starts a new chunk when the next sentence would pass the character limit', () => {
    const chunks = chunkText(text, [], { sentencesPerChunk: 10, maxChunkChars: 30 });
    expect(slices(text, chunks)).toEqual(['One is here. Two is here.', 'Three is here. Four is here.', 'Five is here. Six is here.']);
  });

  it('never splits a span: a span across a sentence or paragraph boundary joins the chunks', () => {
    const acrossSentences = { start: text.indexOf('here. Four'), end: text.indexOf(' is here.\n') };
    const acrossParagraphs = { start: text.indexOf('Four'), end: text.indexOf('Five') + 4 };
    expect(slices(text, chunkText(text, [acrossSentences], { sentencesPerChunk: 1 }))).toEqual([
      'One is here.',
      'Two is here.',
      'Three is here. Four is here.',
      'Five is here.',
      'Six is here.',
    ]);
    expect(slices(text, chunkText(text, [acrossParagraphs], { sentencesPerChunk: 1 }))).toEqual([
      'One is here.',
      'Two is here.',
      'Three is here.',
      'Four is here.\n\nFive is here.',
      'Six is here.',
    ]);
  });

  it('covers every non-space character exactly once, in order', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Sentence ${i} says no. ${i} of Art. 6.${i % 7 === 0 ? '\n' : ' '}`).join('');
    const chunks = chunkText(long, [{ start: 100, end: 260 }], { sentencesPerChunk: 2, maxChunkChars: 80 });
    let at = 0;
    for (const c of chunks) {
      expect(long.slice(at, c.start).trim()).toBe('');
      expect(c.end).toBeGreaterThan(c.start);
      at = c.end;
    }
    expect(long.slice(at).trim()).toBe('');
    expect(chunks.some((c) => c.start <= 100 && c.end >= 260)).toBe(true);
  });
});
