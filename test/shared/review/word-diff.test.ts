/** The before/after diff: both texts rebuild from its parts, and small edits stay small. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wordDiff } from '../../../shared/review/word-diff.js';

const textArb = fc
  .array(fc.constantFrom('the', 'court', 'applicant', ' ', ' ', ', ', '.', '[REDACTED]', 'Kandıra', '\n'), { maxLength: 40 })
  .map((p) => p.join(''));

/** The parts give `before` without the added ones, and `after` without the removed ones. */
function expectRebuilds(before: string, after: string): void {
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
}

describe('wordDiff', () => {
  it('rebuilds both texts from its parts', () => {
    fc.assert(fc.property(textArb, textArb, expectRebuilds), { numRuns: 500 });
  });

  it('rebuilds both texts when they are long enough to be cut at anchors first', () => {
    // Long texts of some unique words and many common ones, and a copy with words replaced,
    // removed, added and moved here and there: more pieces than Myers takes at once.
    const longArb = fc
      .array(
        fc.oneof(
          fc.nat(3_000).map((n) => `w${n}`),
          fc.constantFrom('the', 'court', ',', '.', '\n'),
        ),
        { minLength: 1_200, maxLength: 2_500 },
      )
      .chain((words) =>
        fc.tuple(fc.constant(words), fc.array(fc.tuple(fc.nat(words.length - 1), fc.constantFrom('replace', 'remove', 'add', 'move')), { maxLength: 400 })),
      );
    fc.assert(
      fc.property(longArb, ([words, edits]) => {
        const edited = [...words];
        for (const [at, edit] of edits) {
          const i = Math.min(at, edited.length - 1);
          if (edit === 'replace') edited[i] = '[REDACTED]';
          else if (edit === 'remove' && edited.length > 1) edited.splice(i, 1);
          // A word moved far away: the texts then disagree on the order of some unique words.
          else if (edit === 'move') edited.splice((i * 7919) % edited.length, 0, ...edited.splice(i, 1));
          else edited.splice(i, 0, 'added');
        }
        const before = words.join(' ');
        const after = edited.join(' ');
        expectRebuilds(before, after);
      }),
      { numRuns: 40 },
    );
  });

  it('marks each placeholder of an accepted plan on a long text, not the whole text', () => {
    // 12,000 words, every fifth replaced: about 10,000 edit steps, past Myers's limit on D.
    const words = Array.from({ length: 12_000 }, (_, i) => (i % 7 === 0 ? 'the' : `word${i}`));
    const redacted = words.map((word, i) => (i % 5 === 2 ? '[REDACTED]' : word));
    const parts = wordDiff(words.join(' '), redacted.join(' '));
    const removed = parts.filter((p) => p.kind === 'removed');
    expect(removed).toHaveLength(2_400);
    expect(removed.every((p) => /^word\d+$|^the$/u.test(p.text))).toBe(true);
    expect(parts.filter((p) => p.kind === 'added').every((p) => p.text === '[REDACTED]')).toBe(true);
  });

  it('does the same on a text repeated in itself, where no word occurs once', () => {
    const passage = Array.from({ length: 3_000 }, (_, i) => `word${i % 1_500}`);
    const words = [...passage, ...passage, ...passage, ...passage];
    const redacted = words.map((word, i) => (i % 5 === 2 ? '[REDACTED]' : word));
    const parts = wordDiff(words.join(' '), redacted.join(' '));
    expect(parts.filter((p) => p.kind === 'removed')).toHaveLength(2_400);
    expect(parts.filter((p) => p.kind === 'added').every((p) => p.text === '[REDACTED]')).toBe(true);
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
