import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkStarts, estimatedChunkHeight } from '../../renderer/review/text-chunks.js';

/** Texts of short words, spaces and line breaks (blank lines included), where the blocks' boundaries matter. */
const texts = fc.array(fc.constantFrom('ab', 'c', ' ', ' ', '\n', '\n\n'), { maxLength: 200 }).map((parts) => parts.join(''));

describe('chunkStarts', () => {
  it('begins a block just after the first line break at or past the target, and nowhere else', () => {
    fc.assert(
      fc.property(texts, fc.integer({ min: 1, max: 40 }), (text, target) => {
        const starts = chunkStarts(text, target);
        expect(starts[0]).toBe(0);
        for (let c = 0; c < starts.length; c++) {
          const start = starts[c]!;
          const end = starts[c + 1] ?? text.length;
          expect(end).toBeGreaterThan(c === 0 && text.length === 0 ? -1 : start);
          if (c === 0) continue;
          // Each block but the first begins after a line break, and the block before it ends at
          // the first line break at or past `target` characters into it.
          expect(text[start - 1]).toBe('\n');
          const previous = starts[c - 1]!;
          expect(start - previous).toBeGreaterThanOrEqual(target);
          expect(text.slice(previous + target - 1, start - 1)).not.toContain('\n');
        }
        // The last block holds no line break at or past the target, but its last character.
        const last = starts[starts.length - 1]!;
        expect(text.slice(last + target - 1, text.length - 1)).not.toContain('\n');
      }),
    );
  });

  it('keeps a text without line breaks, and the empty text, as one block', () => {
    expect(chunkStarts('a'.repeat(10_000), 100)).toEqual([0]);
    expect(chunkStarts('', 100)).toEqual([0]);
    expect(chunkStarts('abc\n', 2)).toEqual([0]);
    expect(chunkStarts('abc\nde\n\nfg', 2)).toEqual([0, 4, 7]);
  });
});

describe('estimatedChunkHeight', () => {
  const metrics = { lineHeight: 20, charsPerLine: 14 };

  it('counts a line for each line of the text, and more where a line wraps', () => {
    // Ten characters a line once the word that did not fit is allowed for.
    expect(estimatedChunkHeight('abc\n\nde', 0, 8, metrics)).toBe(3 * 20);
    expect(estimatedChunkHeight('x'.repeat(25), 0, 25, metrics)).toBe(3 * 20);
    expect(estimatedChunkHeight('x'.repeat(25), 0, 10, metrics)).toBe(20);
  });

  it('adds no line for the line break that ends a block, as the browser adds none', () => {
    expect(estimatedChunkHeight('abc\nde\n', 0, 7, metrics)).toBe(2 * 20);
    expect(estimatedChunkHeight('abc\nde\n', 4, 7, metrics)).toBe(20);
  });
});
