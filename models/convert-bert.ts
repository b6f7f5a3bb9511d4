/**
 * Converts a sentence-transformers BERT model (all-MiniLM-L6-v2, bge-small…) from its
 * Hugging Face folder (config.json, vocab.txt, model.safetensors, the pooling config) to
 * a GGUF file llama.cpp runs as an embedding model.
 *
 * It does what llama.cpp's convert_hf_to_gguf.py does for BertModel, without PyTorch
 * (which is a multi-gigabyte CUDA build on the package index): the same tensor names,
 * the same "phantom space" WordPiece vocabulary, the same special tokens and pooling.
 * Weights stay F32, exactly as published. The output is a pure function of the input
 * files, so its SHA-256 can be pinned.
 *
 * One deliberate difference: the context length is sentence-transformers'
 * `max_seq_length` (256 for MiniLM), not BERT's 512 position embeddings, and only that
 * many position rows are kept. The model was trained and is used at that length; longer
 * texts are embedded window by window (see electron/llm/llm-embedding.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeGguf, type GgufEntry, type GgufTensor } from './gguf-writer.js';
import { readSafetensors, type SafetensorsFile } from './safetensors.js';

/** GGUF token types (gguf-py's TokenType). */
const TOKEN_NORMAL = 1;
const TOKEN_CONTROL = 3;
/** GGUF pooling types (llama.cpp's LLAMA_POOLING_TYPE_*). */
const POOLING = { mean: 1, cls: 2, last: 3 } as const;

interface BertConfig {
  readonly hidden_size: number;
  readonly intermediate_size: number;
  readonly num_attention_heads: number;
  readonly num_hidden_layers: number;
  readonly max_position_embeddings: number;
  readonly layer_norm_eps: number;
  readonly type_vocab_size?: number;
  readonly vocab_size: number;
  readonly model_type?: string;
  readonly architectures?: readonly string[];
}

/** What the converter needs to be told besides the folder. */
export interface BertConversion {
  /** `general.name` of the output, e.g. "all-MiniLM-L6-v2". */
  readonly name: string;
  /** Where the model came from (recorded as `general.source.url`-style provenance). */
  readonly source: string;
  readonly license?: string;
}

async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T;
}

async function readOptionalJson<T>(path: string): Promise<T | undefined> {
  try {
    return await readJson<T>(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The pooling sentence-transformers applies, from modules.json and the pooling folder's config. */
async function poolingType(folder: string): Promise<number> {
  const modules = (await readOptionalJson<{ type: string; path: string }[]>(join(folder, 'modules.json'))) ?? [];
  const pooling = modules.find((module) => module.type.endsWith('Pooling'));
  if (pooling === undefined) return POOLING.mean;
  const config = await readJson<Record<string, unknown>>(join(folder, pooling.path, 'config.json'));
  if (config.pooling_mode_mean_tokens === true) return POOLING.mean;
  if (config.pooling_mode_cls_token === true) return POOLING.cls;
  if (config.pooling_mode_lasttoken === true) return POOLING.last;
  throw new Error(`Unsupported pooling in ${pooling.path}/config.json: only mean, CLS and last-token pooling map to llama.cpp.`);
}

/** convert_hf_to_gguf's phantom-space vocabulary: word starts get "▁", continuations lose "##". */
function phantomToken(token: string, type: number): string {
  if (type === TOKEN_CONTROL) return token;
  if (token.startsWith('##')) return token.slice(2);
  return `\u2581${token}`;
}

/** Hugging Face → llama.cpp tensor names for a BERT encoder; null for tensors llama.cpp does not use. */
export function ggufTensorName(hfName: string): string | null {
  const name = hfName.replace(/^bert\./, '');
  const fixed: Record<string, string | null> = {
    'embeddings.word_embeddings.weight': 'token_embd.weight',
    'embeddings.token_type_embeddings.weight': 'token_types.weight',
    'embeddings.position_embeddings.weight': 'position_embd.weight',
    'embeddings.LayerNorm.weight': 'token_embd_norm.weight',
    'embeddings.LayerNorm.bias': 'token_embd_norm.bias',
    'embeddings.position_ids': null,
    'pooler.dense.weight': null,
    'pooler.dense.bias': null,
  };
  if (name in fixed) return fixed[name]!;
  const layer = /^encoder\.layer\.(\d+)\.(.+)$/.exec(name);
  if (layer === null) return null;
  const [, block, rest] = layer;
  const inBlock: Record<string, string> = {
    'attention.self.query': 'attn_q',
    'attention.self.key': 'attn_k',
    'attention.self.value': 'attn_v',
    'attention.output.dense': 'attn_output',
    'attention.output.LayerNorm': 'attn_output_norm',
    'intermediate.dense': 'ffn_up',
    'output.dense': 'ffn_down',
    'output.LayerNorm': 'layer_output_norm',
  };
  const match = /^(.+)\.(weight|bias)$/.exec(rest!);
  const mapped = match === null ? undefined : inBlock[match[1]!];
  return mapped === undefined ? null : `blk.${block}.${mapped}.${match![2]}`;
}

function tensorsOf(weights: SafetensorsFile, contextLength: number): GgufTensor[] {
  const tensors: GgufTensor[] = [];
  // Sorted by name: the same input always gives the same bytes.
  for (const entry of [...weights.entries.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const name = ggufTensorName(entry.name);
    if (name === null) continue;
    let data = weights.float32(entry.name);
    let shape = entry.shape;
    if (name === 'position_embd.weight') {
      // Keep the positions the model is used with (see the file comment).
      shape = [contextLength, shape[1]!];
      data = data.slice(0, contextLength * shape[1]!);
    }
    // GGUF lists the innermost dimension first; the data layout is the same.
    tensors.push({ name, dims: [...shape].reverse(), data });
  }
  return tensors;
}

/** Converts the model in `folder` and returns the GGUF file's bytes. */
export async function convertBertFolder(folder: string, conversion: BertConversion): Promise<Buffer> {
  const config = await readJson<BertConfig>(join(folder, 'config.json'));
  if (config.model_type !== 'bert') throw new Error(`${folder} holds a "${String(config.model_type)}" model; this converter handles BERT only.`);
  const sentenceConfig = await readOptionalJson<{ max_seq_length?: number }>(join(folder, 'sentence_bert_config.json'));
  const contextLength = Math.min(sentenceConfig?.max_seq_length ?? config.max_position_embeddings, config.max_position_embeddings);
  const tokenizerConfig = (await readOptionalJson<Record<string, unknown>>(join(folder, 'tokenizer_config.json'))) ?? {};

  const vocabulary = (await readFile(join(folder, 'vocab.txt'), 'utf8')).split('\n');
  if (vocabulary.at(-1) === '') vocabulary.pop();
  if (vocabulary.length !== config.vocab_size) throw new Error(`vocab.txt has ${vocabulary.length} tokens, config.json says ${config.vocab_size}.`);
  const idOf = (token: unknown): number => {
    const id = typeof token === 'string' ? vocabulary.indexOf(token) : -1;
    if (id < 0) throw new Error(`The special token ${String(token)} is not in vocab.txt.`);
    return id;
  };
  const special = {
    cls: idOf(tokenizerConfig.cls_token ?? '[CLS]'),
    sep: idOf(tokenizerConfig.sep_token ?? '[SEP]'),
    unk: idOf(tokenizerConfig.unk_token ?? '[UNK]'),
    pad: idOf(tokenizerConfig.pad_token ?? '[PAD]'),
    mask: idOf(tokenizerConfig.mask_token ?? '[MASK]'),
  };
  const controlIds = new Set(Object.values(special));
  const types = vocabulary.map((_, id) => (controlIds.has(id) ? TOKEN_CONTROL : TOKEN_NORMAL));
  const lowercase = tokenizerConfig.do_lower_case !== false;

  const entries: GgufEntry[] = [
    { key: 'general.architecture', type: 'string', value: 'bert' },
    { key: 'general.type', type: 'string', value: 'model' },
    { key: 'general.name', type: 'string', value: conversion.name },
    { key: 'general.source.url', type: 'string', value: conversion.source },
    ...(conversion.license === undefined ? [] : [{ key: 'general.license', type: 'string', value: conversion.license } as const]),
    { key: 'general.file_type', type: 'uint32', value: 0 },
    { key: 'bert.context_length', type: 'uint32', value: contextLength },
    { key: 'bert.embedding_length', type: 'uint32', value: config.hidden_size },
    { key: 'bert.feed_forward_length', type: 'uint32', value: config.intermediate_size },
    { key: 'bert.block_count', type: 'uint32', value: config.num_hidden_layers },
    { key: 'bert.attention.head_count', type: 'uint32', value: config.num_attention_heads },
    { key: 'bert.attention.layer_norm_epsilon', type: 'float32', value: config.layer_norm_eps },
    { key: 'bert.attention.causal', type: 'bool', value: false },
    { key: 'bert.pooling_type', type: 'uint32', value: await poolingType(folder) },
    { key: 'tokenizer.ggml.token_type_count', type: 'uint32', value: config.type_vocab_size ?? 2 },
    { key: 'tokenizer.ggml.model', type: 'string', value: 'bert' },
    { key: 'tokenizer.ggml.pre', type: 'string', value: 'default' },
    { key: 'tokenizer.ggml.tokens', type: 'string[]', value: vocabulary.map((token, id) => phantomToken(token, types[id]!)) },
    { key: 'tokenizer.ggml.token_type', type: 'int32[]', value: types },
    { key: 'tokenizer.ggml.bos_token_id', type: 'uint32', value: special.cls },
    { key: 'tokenizer.ggml.unknown_token_id', type: 'uint32', value: special.unk },
    { key: 'tokenizer.ggml.seperator_token_id', type: 'uint32', value: special.sep },
    { key: 'tokenizer.ggml.padding_token_id', type: 'uint32', value: special.pad },
    { key: 'tokenizer.ggml.cls_token_id', type: 'uint32', value: special.cls },
    { key: 'tokenizer.ggml.mask_token_id', type: 'uint32', value: special.mask },
    { key: 'tokenizer.ggml.add_bos_token', type: 'bool', value: true },
    { key: 'tokenizer.ggml.add_eos_token', type: 'bool', value: false },
    { key: 'tokenizer.ggml.add_sep_token', type: 'bool', value: true },
    { key: 'tokenizer.ggml.normalizer.lowercase', type: 'bool', value: lowercase },
    { key: 'tokenizer.ggml.normalizer.strip_accents', type: 'bool', value: lowercase },
  ];
  const weights = await readSafetensors(join(folder, 'model.safetensors'));
  return encodeGguf(entries, tensorsOf(weights, contextLength));
}
