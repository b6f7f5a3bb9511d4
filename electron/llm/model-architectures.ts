/**
 * The model architectures Unlinkable accepts, and the metadata each must carry. llama.cpp
 * does not fail gracefully on a missing hyperparameter: some it asserts on, aborting the
 * whole process. So we check for them before a file ever reaches it.
 */

/** What a model can do: generate text (decoders), or only embed it (BERT-type encoders). */
export type ModelKind = 'generator' | 'embedder';

interface Architecture {
  /** The family name people know. */
  readonly family: string;
  readonly kind: ModelKind;
  /** Hyperparameters (after "<arch>.") llama.cpp reads without a default. */
  readonly hyperparameters: readonly string[];
  /** Other keys llama.cpp needs for this architecture (full names). */
  readonly extraKeys: readonly string[];
}

const DECODER_HYPERPARAMETERS = [
  'context_length',
  'embedding_length',
  'block_count',
  'feed_forward_length',
  'attention.head_count',
  'attention.layer_norm_rms_epsilon',
];
const decoder = (family: string): Architecture => ({ family, kind: 'generator', hyperparameters: DECODER_HYPERPARAMETERS, extraKeys: [] });

/** Architecture id (`general.architecture`) → what we know about it. */
const SUPPORTED: ReadonlyMap<string, Architecture> = new Map([
  ['qwen3', decoder('Qwen3')],
  ['qwen2', decoder('Qwen2 / Qwen2.5')],
  ['llama', decoder('Llama')],
  ['gemma3', decoder('Gemma 3')],
  [
    'bert',
    {
      family: 'BERT (embedding models such as all-MiniLM or bge)',
      kind: 'embedder',
      // BERT uses LayerNorm (with a bias), not RMSNorm; pooling turns token vectors into one vector.
      hyperparameters: [
        'context_length',
        'embedding_length',
        'block_count',
        'feed_forward_length',
        'attention.head_count',
        'attention.layer_norm_epsilon',
        'pooling_type',
      ],
      // Without it llama.cpp cannot size the token-type embeddings and refuses the file.
      extraKeys: ['tokenizer.ggml.token_type_count'],
    },
  ],
]);

/** Whether models of this architecture are on the allow-list. */
export function isSupportedArchitecture(architecture: string): boolean {
  return SUPPORTED.has(architecture);
}

/** Whether an allowed architecture generates text or only embeds it. */
export function modelKindOf(architecture: string): ModelKind {
  return SUPPORTED.get(architecture)?.kind ?? 'generator';
}

/** The supported families, for messages: "Qwen3, Qwen2 / Qwen2.5, Llama, Gemma 3 or BERT (…)". */
export function supportedFamilies(): string {
  const names = [...SUPPORTED.values()].map((architecture) => architecture.family);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

/**
 * Keys llama.cpp reads without a default for an allowed architecture. Hyperparameters must
 * be positive numbers (or, where llama.cpp allows per-layer values, arrays).
 */
export function requiredHyperparameters(architecture: string): string[] {
  const known = SUPPORTED.get(architecture);
  if (known === undefined) return [];
  return [...known.hyperparameters.map((key) => `${architecture}.${key}`), ...known.extraKeys];
}

/** Tokenizer keys without which llama.cpp cannot build a vocabulary. */
export const REQUIRED_TOKENIZER_KEYS = ['tokenizer.ggml.model', 'tokenizer.ggml.tokens'] as const;
