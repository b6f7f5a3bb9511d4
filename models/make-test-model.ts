/**
 * Writes the tiny random-weight test model, and deliberately broken variants of it.
 *
 *   npx tsx models/make-test-model.ts [out]      (default: models/test/tiny-qwen3.gguf)
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeTinyQwen3, type TinyModelOptions } from './tiny-qwen3.js';

export { TINY_QWEN3_SHAPE, TINY_SPECIAL_TOKENS, tinyVocabulary, type TinyModelOptions } from './tiny-qwen3.js';

/** Default output path, relative to the repository root. */
export const DEFAULT_TEST_MODEL_PATH = 'models/test/tiny-qwen3.gguf';

/** Writes the tiny Qwen3 model to `path` (creating its folder) and returns its size in bytes. */
export async function writeTinyQwen3Gguf(path: string, options: TinyModelOptions = {}): Promise<number> {
  const bytes = encodeTinyQwen3(options);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
  return bytes.length;
}

/**
 * Ways to break a model file, each mirroring a failure seen in the field:
 * - `truncated`: an interrupted download (header intact, tensor data cut short);
 * - `missing-feed-forward-length`: a file llama.cpp aborts on with a native assertion,
 *   taking the whole process down (exit 134);
 * - `not-gguf`: some other file renamed to .gguf;
 * - `empty`: a zero-byte file.
 */
export type BadModelKind = 'truncated' | 'missing-feed-forward-length' | 'not-gguf' | 'empty';

/** Writes a deliberately broken model file of the given kind to `path`. */
export async function writeBadGguf(path: string, kind: BadModelKind): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  switch (kind) {
    case 'truncated': {
      const bytes = encodeTinyQwen3();
      await writeFile(path, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
      return;
    }
    case 'missing-feed-forward-length':
      await writeFile(path, encodeTinyQwen3({ omitKeys: ['qwen3.feed_forward_length'] }));
      return;
    case 'not-gguf':
      await writeFile(path, Buffer.from('PK\u0003\u0004 this is a zip archive, not a model file\n'.repeat(64), 'latin1'));
      return;
    case 'empty':
      await writeFile(path, Buffer.alloc(0));
      return;
  }
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const out = resolve(process.argv[2] ?? DEFAULT_TEST_MODEL_PATH);
  const size = await writeTinyQwen3Gguf(out);
  console.log(`Wrote ${out} (${(size / 1024).toFixed(0)} KiB).`);
}
