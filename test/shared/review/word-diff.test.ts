/** The before/after diff: both texts rebuild from its parts, and small edits stay small. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wordDiff } from '../../../shared/review/word-diff.js';

const textArb = fc
  .array(fc.constantFrom('the', 'court', 'applicant', ' ', ' ', ', ', '.', '[REDACTED]', 'Kandıra', '\n'), { maxLength: 40 })
  .map((p) => p.join(''));

describe('wordDiff', () => {
  it('rebuilds both texts from its parts', () => {
    fc.assert(
      fc.property(textArb, textArb, (before, after) => {
        const parts = wordDiff(before, after);
        expect(
          parts
            .filter((p) => p.kind !== 'added')
            .map((p) => p.text)
            .join(''),
        ).toBe(before);
        expect(
          parts
            .filter((p) => p.kind !== 'removed')
            .map((p) => p.text)
            .join(''),
        ).toBe(after);
      }),
      { numRuns: 500 },
    );
  });

  it('marks a replaced word, not the sentence around it', () => {
    expect(wordDiff('The applicant lived in Kandira near the port.', 'The applicant lived in [REDACTED] near the port.')).toEqual([
      { kind: 'same', text: 'The applicant lived in ' },
      { kind: 'removed', text: 'Kandira' },
      { kind: 'added', text: '[REDACTED]' },
      { kind: 'same', text: ' near the port.' },
    ]);
  });
});
