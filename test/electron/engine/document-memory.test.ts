/** One combination memo per detection settings: a memo holds only for one k, arity, source and longest N-gram. */
import { describe, expect, it } from 'vitest';
import { DocumentMemory } from '../../../electron/engine/document-memory.js';

const base = { k: 2, arity: 3 as const, maxN: 8, sourceId: undefined, placeholderPattern: '\\[REDACTED\\]' };

describe('DocumentMemory', () => {
  it('keeps one memo per k, arity, longest N-gram and source, and the same one for the same settings', () => {
    const memory = new DocumentMemory();
    const memo = memory.combinationMemo(base);
    expect(memory.combinationMemo({ ...base })).toBe(memo);
    const others = [{ k: 3 }, { arity: 2 as const }, { maxN: 5 }, { sourceId: 'a' }].map((change) => memory.combinationMemo({ ...base, ...change }));
    for (const other of others) expect(other).not.toBe(memo);
    expect(new Set(others).size).toBe(others.length);
    expect(memory.combinationMemo({ ...base, sourceId: 'a' })).toBe(others[3]);
  });
});
