/**
 * A tiny BERT-architecture embedding model with seeded random weights, for tests of the
 * encoder path (model checks, the embedding-only runtime) on machines without the real
 * models. Its vectors mean nothing, but it loads in llama.cpp in milliseconds, with a real
 * WordPiece vocabulary in convert-bert's phantom-space form.
 */
import { mulberry32 } from '../shared/seeded-random.js';
import { encodeGguf, type GgufEntry, type GgufTensor } from './gguf-writer.js';

export const TINY_BERT_SHAPE = { blocks: 2, embedding: 32, heads: 2, feedForward: 64, contextLength: 64 } as const;

const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;
const WORDS = ['the', 'court', 'applicant', 'appeal', 'dismissed', 'a', 'of', 'to', 'and', 'was', '.', ','];

/** The vocabulary in GGUF form: specials as they are, words with "▁", then letters as word starts and "##" continuations. */
function vocabulary(): { tokens: string[]; types: number[] } {
  const tokens: string[] = [...SPECIAL];
  const types: number[] = SPECIAL.map(() => 3);
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
  for (const word of [...WORDS, ...[...letters].filter((letter) => !WORDS.includes(letter))]) {
    tokens.push(`\u2581${word}`);
    types.push(1);
  }
  for (const letter of letters) {
    tokens.push(letter); // a "##" continuation, phantom form
    types.push(1);
  }
  return { tokens, types };
}

export interface TinyBertOptions {
  readonly seed?: number;
  /** Metadata keys to leave out (for invalid-file tests). */
  readonly omitKeys?: readonly string[];
  /** Writes the vocabulary's last token twice (a converter bug that makes llama.cpp abort). */
  readonly duplicateToken?: boolean;
}

/** Encodes the tiny BERT model as GGUF bytes (tens of kilobytes). */
export function encodeTinyBert(options: TinyBertOptions = {}): Buffer {
  const { blocks, embedding, heads, feedForward, contextLength } = TINY_BERT_SHAPE;
  const { tokens, types } = vocabulary();
  if (options.duplicateToken === true) {
    tokens[tokens.length - 1] = tokens[tokens.length - 2]!;
  }
  const random = mulberry32(options.seed ?? 7);
  const weights = (name: string, dims: number[], scale = 0.2): GgufTensor => {
    const data = new Float32Array(dims.reduce((product, dim) => product * dim, 1));
    for (let i = 0; i < data.length; i++) data[i] = (random() * 2 - 1) * scale;
    return { name, dims, data };
  };
  const filled = (name: string, size: number, value: number): GgufTensor => ({ name, dims: [size], data: new Float32Array(size).fill(value) });
  const tensors: GgufTensor[] = [
    weights('token_embd.weight', [embedding, tokens.length]),
    weights('token_types.weight', [embedding, 2]),
    weights('position_embd.weight', [embedding, contextLength]),
    filled('token_embd_norm.weight', embedding, 1),
    filled('token_embd_norm.bias', embedding, 0),
  ];
  for (let block = 0; block < blocks; block++) {
    const p = `blk.${block}.`;
    for (const part of ['attn_q', 'attn_k', 'attn_v', 'attn_output'])
      tensors.push(weights(`${p}${part}.weight`, [embedding, embedding]), filled(`${p}${part}.bias`, embedding, 0));
    tensors.push(
      filled(`${p}attn_output_norm.weight`, embedding, 1),
      filled(`${p}attn_output_norm.bias`, embedding, 0),
      weights(`${p}ffn_up.weight`, [embedding, feedForward]),
      filled(`${p}ffn_up.bias`, feedForward, 0),
      weights(`${p}ffn_down.weight`, [feedForward, embedding]),
      filled(`${p}ffn_down.bias`, embedding, 0),
      filled(`${p}layer_output_norm.weight`, embedding, 1),
      filled(`${p}layer_output_norm.bias`, embedding, 0),
    );
  }
  const entries: GgufEntry[] = [
    { key: 'general.architecture', type: 'string', value: 'bert' },
    { key: 'general.name', type: 'string', value: 'Unlinkable tiny test embedder' },
    { key: 'general.file_type', type: 'uint32', value: 0 },
    { key: 'bert.context_length', type: 'uint32', value: contextLength },
    { key: 'bert.embedding_length', type: 'uint32', value: embedding },
    { key: 'bert.feed_forward_length', type: 'uint32', value: feedForward },
    { key: 'bert.block_count', type: 'uint32', value: blocks },
    { key: 'bert.attention.head_count', type: 'uint32', value: heads },
    { key: 'bert.attention.layer_norm_epsilon', type: 'float32', value: 1e-12 },
    { key: 'bert.attention.causal', type: 'bool', value: false },
    { key: 'bert.pooling_type', type: 'uint32', value: 1 },
    { key: 'tokenizer.ggml.token_type_count', type: 'uint32', value: 2 },
    { key: 'tokenizer.ggml.model', type: 'string', value: 'bert' },
    { key: 'tokenizer.ggml.pre', type: 'string', value: 'default' },
    { key: 'tokenizer.ggml.tokens', type: 'string[]', value: tokens },
    { key: 'tokenizer.ggml.token_type', type: 'int32[]', value: types },
    { key: 'tokenizer.ggml.bos_token_id', type: 'uint32', value: 2 },
    { key: 'tokenizer.ggml.unknown_token_id', type: 'uint32', value: 1 },
    { key: 'tokenizer.ggml.seperator_token_id', type: 'uint32', value: 3 },
    { key: 'tokenizer.ggml.padding_token_id', type: 'uint32', value: 0 },
    { key: 'tokenizer.ggml.cls_token_id', type: 'uint32', value: 2 },
    { key: 'tokenizer.ggml.mask_token_id', type: 'uint32', value: 4 },
  ];
  const omitted = new Set(options.omitKeys ?? []);
  return encodeGguf(
    entries.filter((entry) => !omitted.has(entry.key)),
    tensors,
  );
}
