/**
 * Which embedding model the evaluation's rewriter may check meaning with: only the check's
 * own (all-MiniLM-L6-v2), as in the app and the CLI, since its threshold is on that model's scale.
 */
import { describe, expect, it } from 'vitest';
import { meaningEmbedding } from '../../../electron/evaluation/run/method-selection.js';
import type { ModelIdentity, ModelServices } from '../../../electron/evaluation/run/model-services.js';

const embed = async (texts: string[]) => texts.map(() => new Float32Array(4));
function withEmbedding(identity: Partial<ModelIdentity>): Pick<ModelServices, 'embed' | 'embedding'> {
  const full: ModelIdentity = { fileName: 'model.gguf', name: null, architecture: 'bert', quantization: 'F32', sizeBytes: 1, fixture: false, ...identity };
  return { embed, embedding: { client: undefined as never, identity: full } };
}

describe('meaningEmbedding', () => {
  it('gives the rewriter all-MiniLM-L6-v2, named as the app names it, by its header or its file name', () => {
    expect(meaningEmbedding(withEmbedding({ name: 'all-MiniLM-L6-v2' }))).toEqual({ texts: embed, model: 'all-MiniLM-L6-v2' });
    expect(meaningEmbedding(withEmbedding({ fileName: 'all-MiniLM-L6-v2-F32.gguf' }))?.model).toBe('all-MiniLM-L6-v2');
  });

  it('gives it no other embedding model, and none without one', () => {
    expect(meaningEmbedding(withEmbedding({ name: 'bge-small-en-v1.5' }))).toBeUndefined();
    // A decoder used for embeddings is no encoder, whatever its name.
    expect(meaningEmbedding(withEmbedding({ name: 'all-MiniLM-L6-v2', architecture: 'qwen3' }))).toBeUndefined();
    expect(meaningEmbedding({})).toBeUndefined();
  });
});
