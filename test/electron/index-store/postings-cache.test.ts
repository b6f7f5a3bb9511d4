import { describe, expect, it } from 'vitest';
import { PostingsCache } from '../../../electron/index-store/postings-cache.js';

const postings = (length: number, first = 0): Int32Array => Int32Array.from({ length }, (_, i) => first + i);

describe('postings cache', () => {
  it('evicts the least recently used entries beyond its capacity', () => {
    const cache = new PostingsCache(100);
    cache.set('a', 0, postings(25));
    cache.set('b', 0, postings(25));
    cache.set('c', 0, postings(25));
    expect(cache.get('a', 0)).toEqual(postings(25)); // a is now the most recently used
    cache.set('d', 0, postings(25));
    cache.set('e', 0, postings(25)); // 125 entries: b, the least recently used, goes
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('a', 0)).toBeDefined();
    expect(cache.size).toBe(100);
  });

  it('drops everything when the liveness stamp moves', () => {
    const cache = new PostingsCache(100);
    cache.set('a', 0, postings(10));
    expect(cache.get('a', 0)).toBeDefined();
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('a', 1, postings(10));
    expect(cache.get('a', 1)).toBeDefined();
    // Stamps only grow, but any change of stamp drops what was made under another.
    cache.set('b', 2, postings(10));
    expect(cache.get('a', 2)).toBeUndefined();
    expect(cache.get('b', 2)).toBeDefined();
  });

  it('does not keep postings larger than a quarter of its capacity', () => {
    const cache = new PostingsCache(100);
    cache.get('x', 0);
    cache.set('big', 0, postings(26));
    expect(cache.get('big', 0)).toBeUndefined();
  });
});
