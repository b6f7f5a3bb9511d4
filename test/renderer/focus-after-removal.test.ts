import { describe, expect, it } from 'vitest';
import type { Item } from '../../renderer/review/finding-items.js';
import { nextRowAfter } from '../../renderer/review/use-focus-after-removal.js';

const row = (id: string, start: number): Item => ({ id, kind: 'single', start, end: start + 4, text: id, detail: '' });

describe('nextRowAfter', () => {
  const rows = [row('a', 0), row('b', 10), row('c', 20), row('d', 30)];

  it('goes on to the first row at or after where the removed row began', () => {
    // The removed row (b, from 10) is gone; the rows after it moved back by 4 characters.
    expect(nextRowAfter([row('a', 0), row('c', 16), row('d', 26)], 10, 'b')).toBe(1);
    expect(nextRowAfter([row('a', 0), row('x', 10), row('c', 16)], 10, 'b')).toBe(1);
  });

  it('passes over the removed row while it is still listed (an old plan until the new one comes)', () => {
    expect(nextRowAfter(rows, 10, 'b')).toBe(2);
  });

  it('takes the last row when the removed one was the last', () => {
    expect(nextRowAfter(rows.slice(0, 3), 30, 'd')).toBe(2);
  });
});
