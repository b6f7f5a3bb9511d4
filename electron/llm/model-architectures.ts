/**
 * The model architectures Unlinkable accepts, and the metadata each must carry. llama.cpp
 * does not fail gracefully on a missing hyperparameter: some it asserts on, aborting the
 * whole process. So we check for them before a file ever reaches it.
 */

/** Architecture id (`general.architecture`) → the family name people know. */
const SUPPORTED: ReadonlyMap<string, string> = new Map([
  ['qwen3', 'Qwen3'],
  ['qwen2', 'Qwen2 / Qwen2.5'],
  ['llama', 'Llama'],
  ['gemma3', 'Gemma 3'],
]);

/** Whether models of this architecture are on the allow-list. */
export function isSupportedArchitecture(architecture: string): boolean {
  return SUPPORTED.has(architecture);
}

/** The supported families, for messages: "Qwen3, Qwen2 / Qwen2.5, Llama or Gemma 3". */
export function supportedFamilies(): string {
  const names = [...SUPPORTED.values()];
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

/**
 * Hyperparameters llama.cpp reads without a default for every allowed architecture.
 * Each must be a positive number (or, where llama.cpp allows per-layer values, an array).
 */
export function requiredHyperparameters(architecture: string): string[] {
  return ['context_length', 'embedding_length', 'block_count', 'feed_forward_length', 'attention.head_count', 'attention.layer_norm_rms_epsilon'].map(
    (key) => `${architecture}.${key}`,
  );
}

/** Tokenizer keys without which llama.cpp cannot build a vocabulary. */
export const REQUIRED_TOKENIZER_KEYS = ['tokenizer.ggml.model', 'tokenizer.ggml.tokens'] as const;
