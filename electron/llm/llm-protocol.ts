/**
 * The messages between the app and its model runtime process, and the public shapes they
 * carry. Everything here is plain JSON data: it crosses a process boundary (Node's fork
 * channel or Electron's utility-process port).
 */
import type { ErrorInfo } from '../../shared/errors.js';
import type { ModelInfo } from './gguf-metadata.js';

/** Where the model runs. */
export type LlmBackend = 'cuda' | 'vulkan' | 'metal' | 'cpu';

/** How to load a model. */
export interface ModelLoadOptions {
  /** Tokens each sequence can hold (prompt + answer). Default: the model's trained length, at most 4096. */
  readonly contextSize?: number;
  /** Parallel sequences, i.e. how many requests decode together. Default 1. */
  readonly sequences?: number;
  /**
   * Parallel sequences when the model ends up on the CPU (no GPU, or `gpu: false`), in place
   * of `sequences`: on a few cores a batch of four costs more than four single steps
   * (BENCHMARKS.md), and only the runtime knows the backend before the context is made.
   */
  readonly cpuSequences?: number;
  /** CPU threads for decoding. Default: one less than the cores useful for math (at least 1). */
  readonly threads?: number;
  /** 'auto' uses CUDA, Vulkan or Metal when one works and falls back to the CPU; false forces the CPU. Default 'auto'. */
  readonly gpu?: 'auto' | false;
  /**
   * 'embedding' loads the model for embeddings only (no generation context): the only way
   * to load an encoder such as BERT, and lighter for any model used only to embed.
   * Default 'generation' (which can embed as well). The client sets it for encoders.
   */
  readonly purpose?: 'generation' | 'embedding';
}

/** What the runtime process reports after loading a model. */
export interface RuntimeModelState {
  readonly backend: LlmBackend;
  /** Layers offloaded to the GPU (0 on the CPU). */
  readonly gpuLayers: number;
  readonly contextSize: number;
  readonly sequences: number;
  readonly threads: number;
  readonly purpose: 'generation' | 'embedding';
  /** The prompt format used for chats (node-llama-cpp's wrapper name, e.g. "ChatML"); null for embedding-only loads. */
  readonly chatWrapper: string | null;
}

/** A loaded model: the file's facts and the runtime's settings for it. */
export interface LoadedModel extends RuntimeModelState {
  readonly info: ModelInfo;
}

/** One turn of a few-shot example: what the user said and what the model should answer. */
export interface ExampleTurn {
  readonly user: string;
  readonly assistant: string;
}

/** A JSON schema in the subset node-llama-cpp turns into a grammar (objects, strings with maxLength, enums…). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** One generation: a chat ending in a user turn, answered as JSON matching `schema`. */
export interface GenerationRequest {
  readonly system: string;
  readonly examples?: readonly ExampleTurn[];
  readonly user: string;
  readonly schema: JsonSchema;
  /** Sampling temperature. Default 1.2. */
  readonly temperature?: number;
  /** Sampling seed, for reproducible output. Default: random. */
  readonly seed?: number;
  /** Most tokens to generate. Default: whatever the context has left after the prompt. */
  readonly maxTokens?: number;
  /**
   * Words the answer must not write: the first token of each is never sampled (avoided-words.ts).
   * The rewriter passes a plan's planned words, which the answer has to replace.
   */
  readonly avoidWords?: readonly string[];
}

/**
 * Why a generation ended. 'complete' means `json` holds a valid answer; 'max-tokens' and
 * 'context-full' mean it was cut off; 'invalid-json' means the model stopped but the text
 * does not parse (the grammar should prevent that).
 */
export type StopReason = 'complete' | 'max-tokens' | 'context-full' | 'invalid-json';

/** The outcome of one request. */
export interface GenerationResult {
  readonly text: string;
  /** The parsed answer, validated against the schema; undefined unless stopReason is 'complete'. */
  readonly json: unknown;
  readonly stopReason: StopReason;
  readonly promptTokens: number;
  /** Prompt tokens that were already in the sequence's cache (a shared system prompt) and not decoded again. */
  readonly reusedPromptTokens: number;
  readonly generatedTokens: number;
  readonly seconds: number;
}

/** The outcome of a generate call: one result per request, in order, and batching statistics. */
export interface GenerationBatch {
  readonly results: GenerationResult[];
  /** Calls to llama.cpp's decode (one per batch of tokens). */
  readonly decodeCalls: number;
  readonly generatedTokens: number;
  /** generatedTokens / decodeCalls: above 1 when sequences really decode together. */
  readonly tokensPerDecode: number;
  readonly seconds: number;
}

/** Progress of a generate call. */
export interface GenerationProgress {
  readonly generatedTokens: number;
  readonly tokensPerSecond: number;
  readonly completedRequests: number;
  readonly totalRequests: number;
}

/**
 * Document embeddings, one vector per text, in order. A text longer than the embedding
 * context is split into consecutive token windows; its vector is the token-weighted mean
 * of the windows' unit-length vectors, scaled back to unit length. With `maxWindows` 1 a
 * text is cut after its first window instead, as sentence-transformers truncates.
 */
export interface EmbeddingBatch {
  readonly vectors: number[][];
  /** Model tokens of each text (its windows' tokens, without added BOS/EOS). */
  readonly tokens: number[];
  /** Windows each text was split into (1 when it fitted). */
  readonly windows: number[];
  readonly seconds: number;
}

/**
 * Perplexity of one text: exp of the mean negative log-likelihood of its scored tokens,
 * each predicted from the tokens before it in the same window (see llm-perplexity.ts).
 */
export interface PerplexityResult {
  /** Null when no token could be scored (an empty text). */
  readonly perplexity: number | null;
  /** Tokens whose probability was scored. */
  readonly scoredTokens: number;
  /** Sum of −ln p over the scored tokens. */
  readonly negativeLogLikelihood: number;
  /** Context windows the text was split into. */
  readonly windows: number;
  readonly seconds: number;
}

/** Options only tests use. */
export interface TestOnlyLoadOptions {
  /** Skip the parent-side header check, to prove the process boundary contains native crashes. */
  readonly skipValidation?: boolean;
}

/** Messages from the app to the runtime process. */
export type ToChildMessage =
  | { readonly type: 'load'; readonly id: number; readonly path: string; readonly options: ModelLoadOptions }
  | { readonly type: 'generate'; readonly id: number; readonly requests: readonly GenerationRequest[] }
  | { readonly type: 'embed'; readonly id: number; readonly texts: readonly string[]; readonly maxWindows?: number }
  | { readonly type: 'perplexity'; readonly id: number; readonly text: string }
  | { readonly type: 'cancel'; readonly id: number }
  | { readonly type: 'unload'; readonly id: number };

/** Messages from the runtime process to the app. */
export type FromChildMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'result'; readonly id: number; readonly value: unknown }
  | { readonly type: 'error'; readonly id: number; readonly error: ErrorInfo }
  | { readonly type: 'progress'; readonly id: number; readonly progress: GenerationProgress }
  | { readonly type: 'log'; readonly level: 'warn' | 'error'; readonly message: string };
