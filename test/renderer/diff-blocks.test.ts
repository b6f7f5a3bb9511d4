/** The word diff in blocks: nothing lost or reordered, and every block but the last ends after a line break of unchanged text. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiffPart } from '../../shared/review/word-diff.js';
import { diffBlocks } from '../../renderer/review/diff-blocks.js';

const partArb = fc.record({
  kind: fc.constantFrom<DiffPart['kind']>('same', 'removed', 'added'),
  text: fc.array(fc.constantFrom('word ', 'x', '\n', '\n\n', '[REDACTED]', ', '), { minLength: 1, maxLength: 30 }).map((t) => t.join('')),
});

/** Adjacent parts of a kind merged, as the diff gives them. */
function merged(parts: readonly DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const part of parts) {
    const last = out.at(-1);
    if (last?.kind === part.kind) out[out.length - 1] = { kind: part.kind, text: last.text + part.text };
    else out.push(part);
  }
  return out;
}

describe('diffBlocks', () => {
  it('keeps every part in order, and cuts only after a line break of unchanged text, once a block holds the target', () => {
    fc.assert(
      fc.property(fc.array(partArb, { maxLength: 40 }), fc.integer({ min: 1, max: 60 }), (parts, target) => {
        const blocks = diffBlocks(merged(parts), target);
        expect(merged(blocks.flatMap((block) => block.parts))).toEqual(merged(parts));
        blocks.forEach((block, b) => {
          expect(block.shown).toBe(block.parts.map((part) => part.text).join(''));
          if (b === blocks.length - 1) return;
          const last = block.parts.at(-1)!;
          expect(last.kind).toBe('same');
          expect(last.text.endsWith('\n')).toBe(true);
          expect(block.shown.length).toBeGreaterThanOrEqual(target);
          // Cut at the first line break of unchanged text past the target: none earlier.
          let at = 0;
          for (const [p, part] of block.parts.entries()) {
            const end = p === block.parts.length - 1 ? part.text.length - 1 : part.text.length;
            if (part.kind === 'same') for (let i = 0; i < end; i++) if (part.text[i] === '\n') expect(at + i).toBeLessThan(target - 1);
            at += part.text.length;
          }
        });
      }),
      { numRuns: 500 },
    );
  });

  it('cuts a long judgment into blocks of about the target', () => {
    const line = 'The applicant was represented by [REDACTED], a lawyer.\n';
    const parts: DiffPart[] = [
      { kind: 'same', text: line.repeat(200) },
      { kind: 'removed', text: 'Ankara' },
      { kind: 'added', text: '[REDACTED]' },
      { kind: 'same', text: line.repeat(200) },
    ];
    const blocks = diffBlocks(parts, 2_000);
    expect(blocks.length).toBeGreaterThan(10);
    expect(blocks.every((block, b) => b === blocks.length - 1 || block.shown.length < 2_000 + line.length)).toBe(true);
  });
});
