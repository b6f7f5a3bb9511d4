/**
 * A tiny Qwen3-architecture model with seeded random weights, for tests. It speaks
 * nonsense, but it loads in llama.cpp in milliseconds and exercises the real runtime:
 * tokenizer, chat template, grammar-constrained sampling and parallel sequences.
 */
import { mulberry32 } from '../shared/seeded-random.js';
import { encodeGguf, type GgufEntry, type GgufTensor } from './gguf-writer.js';

/**
 * The shape of the tiny model. Head size is embedding / heads = 16. The trained context
 * is only metadata (RoPE works at any position); 2048 leaves room for the long, random
 * answers a random model writes when a schema allows strings of hundreds of characters.
 */
export const TINY_QWEN3_SHAPE = {
  blocks: 2,
  embedding: 64,
  heads: 4,
  kvHeads: 2,
  headSize: 16,
  feedForward: 128,
  contextLength: 2048,
} as const;

/** Special tokens, in id order after the byte tokens and the merged tokens. */
export const TINY_SPECIAL_TOKENS = ['<|endoftext|>', '<|im_start|>', '<|im_end|>', '<think>', '</think>'] as const;

/** A few BPE merges so the merge table is exercised; each result is also a token. */
const MERGES: readonly (readonly [string, string])[] = [
  ['Ġ', 't'],
  ['h', 'e'],
  ['Ġt', 'he'],
  ['i', 'n'],
  ['e', 'r'],
];

/** A ChatML template in the Qwen3 style, for tools that read `tokenizer.chat_template`. */
const CHAT_TEMPLATE =
  "{%- for message in messages %}{{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>\\n' }}{%- endfor %}" +
  "{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- if enable_thinking is defined and enable_thinking is false %}{{- '<think>\\n\\n</think>\\n\\n' }}{%- endif %}{%- endif %}";

/** GGUF token types: 1 normal, 3 control. */
const TOKEN_NORMAL = 1;
const TOKEN_CONTROL = 3;

/**
 * GPT-2's byte-to-character table: printable Latin-1 bytes stand for themselves, the
 * rest are shifted to U+0100 onwards so every byte has a visible character.
 */
function gpt2ByteCharacters(): string[] {
  const characters: string[] = [];
  let shifted = 0;
  for (let byte = 0; byte < 256; byte++) {
    const printable = (byte >= 0x21 && byte <= 0x7e) || (byte >= 0xa1 && byte <= 0xac) || (byte >= 0xae && byte <= 0xff);
    characters.push(String.fromCodePoint(printable ? byte : 256 + shifted++));
  }
  return characters;
}

/** The vocabulary: token id b (0–255) is byte b, then merged tokens, then special tokens. */
export function tinyVocabulary(): { tokens: string[]; types: number[]; merges: string[] } {
  const tokens = gpt2ByteCharacters();
  for (const [left, right] of MERGES) tokens.push(left + right);
  const types = tokens.map(() => TOKEN_NORMAL);
  for (const special of TINY_SPECIAL_TOKENS) {
    tokens.push(special);
    types.push(TOKEN_CONTROL);
  }
  return { tokens, types, merges: MERGES.map(([left, right]) => `${left} ${right}`) };
}

/** Options for the tiny model; `omitKeys` exists to make deliberately broken files. */
export interface TinyModelOptions {
  /** Seed for the weights (the same seed always gives the same file). Default 1. */
  readonly seed?: number;
  /** Metadata keys to leave out (for invalid-file tests). */
  readonly omitKeys?: readonly string[];
}

function tensorsFor(vocabularySize: number, random: () => number): GgufTensor[] {
  const { blocks, embedding, heads, kvHeads, headSize, feedForward } = TINY_QWEN3_SHAPE;
  const weights = (name: string, dims: number[], scale = 0.08): GgufTensor => {
    const data = new Float32Array(dims.reduce((product, dim) => product * dim, 1));
    for (let i = 0; i < data.length; i++) data[i] = (random() * 2 - 1) * scale;
    return { name, dims, data };
  };
  // RMS-norm weights of one keep activations at a sane scale.
  const ones = (name: string, size: number): GgufTensor => ({ name, dims: [size], data: new Float32Array(size).fill(1) });
  const tensors: GgufTensor[] = [weights('token_embd.weight', [embedding, vocabularySize], 0.5)];
  for (let block = 0; block < blocks; block++) {
    const prefix = `blk.${block}.`;
    tensors.push(
      ones(`${prefix}attn_norm.weight`, embedding),
      weights(`${prefix}attn_q.weight`, [embedding, heads * headSize]),
      weights(`${prefix}attn_k.weight`, [embedding, kvHeads * headSize]),
      weights(`${prefix}attn_v.weight`, [embedding, kvHeads * headSize]),
      weights(`${prefix}attn_output.weight`, [heads * headSize, embedding]),
      ones(`${prefix}attn_q_norm.weight`, headSize),
      ones(`${prefix}attn_k_norm.weight`, headSize),
      ones(`${prefix}ffn_norm.weight`, embedding),
      weights(`${prefix}ffn_gate.weight`, [embedding, feedForward]),
      weights(`${prefix}ffn_up.weight`, [embedding, feedForward]),
      weights(`${prefix}ffn_down.weight`, [feedForward, embedding]),
    );
  }
  tensors.push(ones('output_norm.weight', embedding), weights('output.weight', [embedding, vocabularySize], 0.5));
  return tensors;
}

/** Encodes the tiny model as GGUF bytes (about 0.4 MB). Deterministic for a given seed. */
export function encodeTinyQwen3(options: TinyModelOptions = {}): Buffer {
  const { blocks, embedding, heads, kvHeads, headSize, feedForward, contextLength } = TINY_QWEN3_SHAPE;
  const vocabulary = tinyVocabulary();
  const specialId = (token: (typeof TINY_SPECIAL_TOKENS)[number]): number => vocabulary.tokens.indexOf(token);
  const entries: GgufEntry[] = [
    { key: 'general.architecture', type: 'string', value: 'qwen3' },
    { key: 'general.name', type: 'string', value: 'Unlinkable tiny test model' },
    { key: 'general.file_type', type: 'uint32', value: 0 },
    { key: 'qwen3.context_length', type: 'uint32', value: contextLength },
    { key: 'qwen3.embedding_length', type: 'uint32', value: embedding },
    { key: 'qwen3.block_count', type: 'uint32', value: blocks },
    { key: 'qwen3.feed_forward_length', type: 'uint32', value: feedForward },
    { key: 'qwen3.attention.head_count', type: 'uint32', value: heads },
    { key: 'qwen3.attention.head_count_kv', type: 'uint32', value: kvHeads },
    { key: 'qwen3.attention.key_length', type: 'uint32', value: headSize },
    { key: 'qwen3.attention.value_length', type: 'uint32', value: headSize },
    { key: 'qwen3.attention.layer_norm_rms_epsilon', type: 'float32', value: 1e-6 },
    { key: 'qwen3.rope.freq_base', type: 'float32', value: 1_000_000 },
    { key: 'tokenizer.ggml.model', type: 'string', value: 'gpt2' },
    { key: 'tokenizer.ggml.pre', type: 'string', value: 'qwen2' },
    { key: 'tokenizer.ggml.tokens', type: 'string[]', value: vocabulary.tokens },
    { key: 'tokenizer.ggml.token_type', type: 'int32[]', value: vocabulary.types },
    { key: 'tokenizer.ggml.merges', type: 'string[]', value: vocabulary.merges },
    { key: 'tokenizer.ggml.bos_token_id', type: 'uint32', value: specialId('<|endoftext|>') },
    { key: 'tokenizer.ggml.eos_token_id', type: 'uint32', value: specialId('<|im_end|>') },
    { key: 'tokenizer.ggml.padding_token_id', type: 'uint32', value: specialId('<|endoftext|>') },
    { key: 'tokenizer.ggml.add_bos_token', type: 'bool', value: false },
    { key: 'tokenizer.chat_template', type: 'string', value: CHAT_TEMPLATE },
  ];
  const omitted = new Set(options.omitKeys ?? []);
  const kept = entries.filter((entry) => !omitted.has(entry.key));
  return encodeGguf(kept, tensorsFor(vocabulary.tokens.length, mulberry32(options.seed ?? 1)));
}
