/** The stretch of text that the blocks near the screen hold (blocks-near-screen.ts), which the editor paints. */
import { describe, expect, it } from 'vitest';
import { NO_BLOCKS, windowSpan } from '../../renderer/review/blocks-near-screen.js';

describe('windowSpan', () => {
  const starts = [0, 2100, 4300, 6000];
  it('runs from the first block’s start to the start of the block after the last', () => {
    expect(windowSpan({ first: 1, last: 2 }, starts, 7000)).toEqual({ start: 2100, end: 6000 });
    expect(windowSpan({ first: 0, last: 0 }, starts, 7000)).toEqual({ start: 0, end: 2100 });
  });
  it('ends at the text’s end with the last block, and is empty with none', () => {
    expect(windowSpan({ first: 2, last: 3 }, starts, 7000)).toEqual({ start: 4300, end: 7000 });
    expect(windowSpan(NO_BLOCKS, starts, 7000)).toEqual({ start: 0, end: 0 });
  });
});
