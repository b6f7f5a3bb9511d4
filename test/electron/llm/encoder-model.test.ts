/**
 * The encoder (BERT-type) path on the tiny generated embedder: the checks name what a bad
 * file lacks before llama.cpp sees it (it aborts the process on some), and a good one loads
 * embedding-only in the runtime child and returns vectors of the model's width.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors.js';
import { inspectModelFile } from '../../../electron/llm/gguf-metadata.js';
import { LlmClient } from '../../../electron/llm/llm-client.js';
import { encodeTinyBert, TINY_BERT_SHAPE } from '../../../models/tiny-bert.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('unlinkable-encoder-');
let good = '';

beforeAll(() => {
  good = join(tempDir(), 'tiny-bert.gguf');
  writeFileSync(good, encodeTinyBert());
});

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('encoder model checks', () => {
  it('knows a BERT file for an embedder', async () => {
    const info = await inspectModelFile(good);
    expect(info).toMatchObject({ architecture: 'bert', kind: 'embedder' });
  });

  it.each(['bert.pooling_type', 'tokenizer.ggml.token_type_count', 'bert.embedding_length', 'tokenizer.ggml.tokens'])(
    'names the missing %s instead of letting llama.cpp fail',
    async (key) => {
      const path = join(tempDir(), `without-${key}.gguf`);
      writeFileSync(path, encodeTinyBert({ omitKeys: [key] }));
      const error = await rejection(inspectModelFile(path));
      expect(error.code).toBe('model-invalid');
      expect(error.message).toContain(key);
    },
  );

  it('refuses a vocabulary with a token listed twice (llama.cpp aborts on it) before loading', async () => {
    const path = join(tempDir(), 'duplicate-token.gguf');
    writeFileSync(path, encodeTinyBert({ duplicateToken: true }));
    const error = await rejection(inspectModelFile(path));
    expect(error.code).toBe('model-invalid');
    expect(error.message).toMatch(/lists 1 token of its vocabulary twice/);
    // The runtime refuses it too, and stays alive for the next model.
    const client = LlmClient.start();
    try {
      expect((await rejection(client.loadModel(path, { gpu: false }))).code).toBe('model-invalid');
      await client.loadModel(good, { gpu: false, threads: 1 });
      expect(client.model?.info.kind).toBe('embedder');
    } finally {
      await client.dispose();
    }
  });
});

describe('encoder runtime', () => {
  const client = LlmClient.start();
  afterAll(() => client.dispose());

  it('loads embedding-only and returns one vector of the model width per text', async () => {
    const loaded = await client.loadModel(good, { gpu: false, threads: 1 });
    expect(loaded.purpose).toBe('embedding');
    const { vectors } = await client.embed(['the court dismissed the appeal', 'the applicant']);
    expect(vectors).toHaveLength(2);
    expect(vectors[0]!.length).toBe(TINY_BERT_SHAPE.embedding);
    expect(vectors[0]!.some((value) => value !== 0)).toBe(true);
  });
});
