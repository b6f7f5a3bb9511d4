import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEST_MODEL_PATH, TINY_SPECIAL_TOKENS, tinyVocabulary, writeBadGguf, writeTinyQwen3Gguf } from '../../models/make-test-model.js';
import { join, useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('unlinkable-model-');

describe('the tiny test model generator', () => {
  it('writes the same GGUF bytes for the same seed, and different weights for another seed', async () => {
    const dir = tempDir();
    const size = await writeTinyQwen3Gguf(join(dir, 'a.gguf'));
    await writeTinyQwen3Gguf(join(dir, 'b.gguf'));
    await writeTinyQwen3Gguf(join(dir, 'c.gguf'), { seed: 2 });
    const [a, b, c] = ['a', 'b', 'c'].map((name) => readFileSync(join(dir, `${name}.gguf`)));
    expect(a!.subarray(0, 4).toString('latin1')).toBe('GGUF');
    expect(a!.readUInt32LE(4)).toBe(3);
    expect(size).toBe(a!.length);
    expect(size).toBeGreaterThan(300_000);
    expect(size).toBeLessThan(600_000);
    expect(a!.equals(b!)).toBe(true);
    expect(a!.equals(c!)).toBe(false);
    expect(a!.length).toBe(c!.length);
  });

  it('has a byte-level vocabulary: 256 byte tokens, the merged tokens, then the special tokens', () => {
    const { tokens, types, merges } = tinyVocabulary();
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens.slice(-TINY_SPECIAL_TOKENS.length)).toEqual([...TINY_SPECIAL_TOKENS]);
    expect(types.filter((type) => type === 3)).toHaveLength(TINY_SPECIAL_TOKENS.length);
    expect(tokens[0x41]).toBe('A');
    expect(tokens[0x20]).toBe('Ġ');
    for (const merge of merges) {
      const [left, right] = merge.split(' ');
      expect(tokens).toContain(left);
      expect(tokens).toContain(right);
      expect(tokens).toContain(`${left}${right}`);
    }
  });

  it('writes each kind of broken file', async () => {
    const dir = tempDir();
    const good = await writeTinyQwen3Gguf(join(dir, 'good.gguf'));
    for (const kind of ['truncated', 'missing-feed-forward-length', 'not-gguf', 'empty'] as const) await writeBadGguf(join(dir, `${kind}.gguf`), kind);
    expect(statSync(join(dir, 'truncated.gguf')).size).toBeLessThan(good);
    expect(statSync(join(dir, 'empty.gguf')).size).toBe(0);
    expect(readFileSync(join(dir, 'not-gguf.gguf')).subarray(0, 4).toString('latin1')).not.toBe('GGUF');
    const missing = readFileSync(join(dir, 'missing-feed-forward-length.gguf'));
    expect(missing.includes('qwen3.feed_forward_length')).toBe(false);
    expect(missing.includes('qwen3.embedding_length')).toBe(true);
  });

  it('defaults to a git-ignored path under models/test', () => {
    expect(DEFAULT_TEST_MODEL_PATH).toBe('models/test/tiny-qwen3.gguf');
    expect(readFileSync(new URL('../../models/test/.gitignore', import.meta.url), 'utf8')).toContain('*.gguf');
  });
});
