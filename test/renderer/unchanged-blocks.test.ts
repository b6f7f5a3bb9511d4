/**
 * A block of the text keeps what it draws while it has not changed (unchanged-blocks.ts):
 * each block gets exactly the previews that overlap it, against a search of every preview,
 * and blocks that draw alike are found alike.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { previewMarks, type Preview } from '../../renderer/review/sorted-marks.js';
import type { Piece } from '../../renderer/review/TextChunk.js';
import { previewsOfBlocks, samePieces, samePreviews } from '../../renderer/review/unchanged-blocks.js';

const previewsArb = fc
  .array(fc.record({ start: fc.integer({ min: 0, max: 190 }), length: fc.integer({ min: 0, max: 30 }) }), { maxLength: 30 })
  .map((spans) => spans.map(({ start, length }): Preview => ({ start, end: start + length, after: `[${start}]` })));
/** Blocks that tile 0–220: their starts. */
const blocksArb = fc.uniqueArray(fc.integer({ min: 1, max: 219 }), { maxLength: 12 }).map((cuts) => {
  const starts = [0, ...cuts.sort((a, b) => a - b)];
  return starts.map((start, i) => ({ start, end: starts[i + 1] ?? 220 }));
});

describe('previewsOfBlocks', () => {
  it('gives each block the non-empty previews that overlap it, in text order, kept apart or not', () => {
    fc.assert(
      fc.property(previewsArb, fc.boolean(), blocksArb, (all, apart, blocks) => {
        const previews = apart ? all.filter((p, i) => !all.slice(0, i).some((q) => q.start < p.end && p.start < q.end)) : all;
        const ordered = previewMarks(previews);
        const own = previewsOfBlocks(ordered, blocks);
        blocks.forEach((block, b) => {
          expect(own[b]!.marks).toEqual(ordered.marks.filter((p) => p.start < block.end && p.end > block.start));
          expect(own[b]!.overlapping).toBe(ordered.overlapping);
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('gives none without previews', () => {
    expect(previewsOfBlocks(undefined, [{ start: 0, end: 5 }])).toEqual([undefined]);
  });
});

describe('blocks that draw alike', () => {
  const piece = (start: number, end: number, findings: number[] = [], groups: number[] = [], anchor?: number): Piece => ({
    start,
    end,
    findings,
    groups,
    anchor,
  });

  it('are pieces with the same places, findings, groups and anchors', () => {
    const pieces = [piece(0, 4), piece(4, 9, [2], [1], 2)];
    expect(samePieces(pieces, [piece(0, 4), piece(4, 9, [2], [1], 2)])).toBe(true);
    expect(samePieces(pieces, [piece(0, 4), piece(4, 9, [2], [1])])).toBe(false);
    expect(samePieces(pieces, [piece(0, 4), piece(4, 9, [3], [1], 2)])).toBe(false);
    expect(samePieces(pieces, [piece(0, 4), piece(4, 9, [2], [], 2)])).toBe(false);
    expect(samePieces(pieces, [piece(0, 5), piece(5, 9, [2], [1], 2)])).toBe(false);
    expect(samePieces(pieces, pieces.slice(0, 1))).toBe(false);
  });

  it('are previews with the same spans and replacements', () => {
    const ordered = previewMarks([
      { start: 0, end: 4, after: '[A]' },
      { start: 6, end: 9, after: '[B]' },
    ]);
    expect(samePreviews(ordered, previewMarks([...ordered.marks].map((m) => ({ ...m }))))).toBe(true);
    expect(samePreviews(ordered, previewMarks([ordered.marks[0]!]))).toBe(false);
    expect(samePreviews(ordered, previewMarks([ordered.marks[0]!, { start: 6, end: 9, after: '[C]' }]))).toBe(false);
    expect(samePreviews(undefined, undefined)).toBe(true);
    expect(samePreviews(ordered, undefined)).toBe(false);
  });
});
