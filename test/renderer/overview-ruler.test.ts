import { describe, expect, it } from 'vitest';
import { readRulerEntries, rulerEntry, rulerKinds } from '../../renderer/review/block-ruler-marks.js';
import { rulerBars, scrollTopFor, type RulerMark } from '../../renderer/review/overview-ruler.js';

describe('rulerBars', () => {
  it('places each mark at its height in the text, scaled to the strip', () => {
    const marks: RulerMark[] = [
      { top: 0, height: 20, kind: 'single' },
      { top: 500, height: 20, kind: 'combo' },
      { top: 980, height: 20, kind: 'planned' },
    ];
    expect(rulerBars(marks, 1000, 100)).toEqual([
      { lane: 'findings', kind: 'single', top: 0, height: 2 },
      { lane: 'findings', kind: 'combo', top: 50, height: 2 },
      { lane: 'plan', kind: 'planned', top: 98, height: 2 },
    ]);
  });

  it('gives every mark at least one row, however long the text, and never draws past the strip', () => {
    const bars = rulerBars(
      [
        { top: 12_345, height: 1, kind: 'single' },
        { top: 99_999, height: 50, kind: 'combo' },
      ],
      100_000,
      50,
    );
    expect(bars).toEqual([
      { lane: 'findings', kind: 'single', top: 6, height: 1 },
      { lane: 'findings', kind: 'combo', top: 49, height: 1 },
    ]);
  });

  it('merges marks on the same rows into one bar, the stronger kind winning', () => {
    const marks: RulerMark[] = [
      { top: 100, height: 30, kind: 'combo' },
      { top: 110, height: 10, kind: 'single' },
      { top: 130, height: 20, kind: 'combo' },
    ];
    expect(rulerBars(marks, 1000, 100)).toEqual([
      { lane: 'findings', kind: 'combo', top: 10, height: 1 },
      { lane: 'findings', kind: 'single', top: 11, height: 1 },
      { lane: 'findings', kind: 'combo', top: 12, height: 3 },
    ]);
  });

  it('keeps the plan in its own lane, beside a finding on the same row', () => {
    const marks: RulerMark[] = [
      { top: 200, height: 10, kind: 'single' },
      { top: 200, height: 10, kind: 'planned' },
    ];
    expect(rulerBars(marks, 1000, 100).map((bar) => [bar.lane, bar.kind, bar.top])).toEqual([
      ['findings', 'single', 20],
      ['plan', 'planned', 20],
    ]);
  });

  it('draws nothing for no marks, an empty text or a strip with no height', () => {
    expect(rulerBars([], 1000, 100)).toEqual([]);
    expect(rulerBars([{ top: 0, height: 10, kind: 'single' }], 0, 100)).toEqual([]);
    expect(rulerBars([{ top: 0, height: 10, kind: 'single' }], 1000, 0)).toEqual([]);
  });
});

describe('scrollTopFor', () => {
  it('centres the text at the fraction pressed, within what can be scrolled', () => {
    expect(scrollTopFor(0.5, 3000, 600)).toBe(1200);
    expect(scrollTopFor(0, 3000, 600)).toBe(0);
    expect(scrollTopFor(0.05, 3000, 600)).toBe(0);
    expect(scrollTopFor(1, 3000, 600)).toBe(2400);
    expect(scrollTopFor(1.7, 3000, 600)).toBe(2400);
    expect(scrollTopFor(-1, 3000, 600)).toBe(0);
    expect(scrollTopFor(0.5, 400, 600)).toBe(0);
  });
});

describe("a block's marks for the strip (block-ruler-marks.ts)", () => {
  it('reads back what the block wrote, as shares of its characters, a mark in each of its lanes', () => {
    const entries = [
      rulerEntry(0, 10, rulerKinds(false, true, true)),
      rulerEntry(50, 5, rulerKinds(true, false, true)),
      rulerEntry(90, 10, rulerKinds(true, false, false)),
    ];
    expect(readRulerEntries(entries.join(';'), 100)).toEqual([
      { at: 0, size: 0.1, kind: 'single' },
      { at: 0.5, size: 0.05, kind: 'planned' },
      { at: 0.5, size: 0.05, kind: 'combo' },
      { at: 0.9, size: 0.1, kind: 'planned' },
    ]);
  });

  it('writes nothing for a mark the strip does not show, and reads nothing from a block without marks', () => {
    expect(rulerEntry(3, 4, rulerKinds(false, false, false))).toBeUndefined();
    expect(readRulerEntries('', 100)).toEqual([]);
    expect(readRulerEntries(undefined, 100)).toEqual([]);
  });
});
