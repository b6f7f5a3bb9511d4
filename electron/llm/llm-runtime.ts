/**
 * Child side: owns node-llama-cpp. Finds a working backend from the prebuilt binaries
 * (never downloading or compiling anything), loads one model at a time with a context of
 * parallel sequences, and runs generations on it.
 */
import { basename } from 'node:path';
import {
  getLlama,
  LlamaLogLevel,
  resolveChatWrapper,
  TokenBias,
  type BatchItem,
  type ChatWrapper,
  type Llama,
  type LlamaContext,
  type LlamaModel,
  type PrioritizedBatchItem,
  type Token,
} from 'node-llama-cpp';
import { AppError } from '../../shared/errors.js';
import { EmbeddingSession } from './llm-embedding.js';
import { generateBatch, type GenerationRuntime } from './llm-generation.js';
import { textPerplexity } from './llm-perplexity.js';
import type {
  EmbeddingBatch,
  GenerationBatch,
  GenerationProgress,
  GenerationRequest,
  LlmBackend,
  ModelLoadOptions,
  PerplexityResult,
  RuntimeModelState,
} from './llm-protocol.js';
import { GrammarCache } from './llm-prompts.js';

const DEFAULT_CONTEXT_SIZE = 4096;

interface Loaded {
  readonly model: LlamaModel;
  /** The generation context and what generating needs; undefined when loaded for embeddings only. */
  readonly context: LlamaContext | undefined;
  readonly runtime: GenerationRuntime | undefined;
  /** A second context for embeddings, made on the first embed call (at load, for embedding-only loads). */
  readonly embedding: EmbeddingSession;
}

/** A library error's first line, cleaned for a message (never more than a short phrase). */
function printableReason(error: unknown): string {
  const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  return message.replace(/[^\w .,:()'-]/g, '').slice(0, 120) || 'no reason given';
}

/** Gives each queued sequence an equal share of the batch, and counts the batches (one decode each). */
function countingFairShare(counter: { decodes: number }) {
  return ({ items, size }: { items: readonly BatchItem[]; size: number }): PrioritizedBatchItem[] => {
    if (items.length > 0) counter.decodes++;
    let left = size;
    const share = Math.max(1, Math.floor(size / Math.max(1, items.length)));
    const prioritized = items.map((item) => {
      const processAmount = Math.min(item.tokens.length, share, left);
      left -= processAmount;
      return { item, processAmount };
    });
    // Hand slots the equal split left over to items (long prompts) that still have tokens.
    for (const entry of prioritized) {
      const extra = Math.min(entry.item.tokens.length - entry.processAmount, left);
      entry.processAmount += extra;
      left -= extra;
    }
    return prioritized.filter((entry) => entry.processAmount > 0);
  };
}

/**
 * Tokens that are not valid UTF-8 on their own (lone bytes of multi-byte characters). A
 * random or confused model can emit them in an order that never forms a character, which
 * breaks the JSON grammar's string-length accounting; real text rarely needs them.
 */
function incompleteUtf8Tokens(model: LlamaModel): Token[] {
  const tokens = (model.fileInfo.metadata as { tokenizer?: { ggml?: { tokens?: readonly unknown[] } } }).tokenizer?.ggml?.tokens;
  const banned: Token[] = [];
  for (let id = 0; id < (tokens?.length ?? 0); id++) {
    if (model.detokenize([id as Token]).includes('\uFFFD')) banned.push(id as Token);
  }
  return banned;
}

/**
 * The prompt format the model was trained on, chosen from its file (architecture, chat
 * template, special tokens): ChatML for SmolLM2, Gemma's turns for Gemma, Qwen's for Qwen.
 * Qwen3's thoughts are off ("<think></think>" pre-filled): a rewrite needs no long reasoning.
 * Specialized wrappers only (no Jinja interpreter): they are the ones node-llama-cpp tests.
 */
export function chatWrapperFor(model: LlamaModel): ChatWrapper {
  return resolveChatWrapper(model, { customWrapperSettings: { qwen: { thoughts: 'discourage' } }, noJinja: true, warningLogs: false });
}

/** The model runtime of one process. One operation at a time: the caller serialises them. */
export class ModelRuntime {
  private readonly llamas = new Map<string, Promise<Llama>>();
  private loaded: Loaded | undefined;

  constructor(private readonly log: (level: 'warn' | 'error', message: string) => void) {}

  /** A Llama for the CPU (`false`) or the best GPU backend that works ('auto', falling back to the CPU). */
  private async llama(gpu: 'auto' | false): Promise<Llama> {
    const key = String(gpu);
    let llama = this.llamas.get(key);
    if (llama === undefined) {
      const logger = (level: LlamaLogLevel, message: string): void => {
        if (level === LlamaLogLevel.error || level === LlamaLogLevel.fatal) this.log('error', message.trim());
        else if (level === LlamaLogLevel.warn) this.log('warn', message.trim());
      };
      const options = { build: 'never', skipDownload: true, usePrebuiltBinaries: true, progressLogs: false, logLevel: LlamaLogLevel.warn, logger } as const;
      llama = getLlama({ ...options, gpu }).catch((error: unknown) => {
        if (gpu === false) throw error;
        this.log('warn', `No GPU backend could start (${(error as Error).message}); using the CPU.`);
        return getLlama({ ...options, gpu: false });
      });
      this.llamas.set(key, llama);
    }
    return llama;
  }

  /** Loads the model file, on the GPU when asked and possible, else on the CPU. */
  private async loadModelFile(path: string, gpu: 'auto' | false): Promise<{ llama: Llama; model: LlamaModel }> {
    const cannotLoad = (error: unknown): AppError =>
      new AppError(
        'model-failed',
        `llama.cpp could not load ${basename(path)}. The file may be damaged or need a newer version of Unlinkable; choose another model.`,
        { cause: error },
      );
    const llama = await this.llama(gpu);
    try {
      return { llama, model: await llama.loadModel({ modelPath: path }) };
    } catch (error) {
      if (llama.gpu === false) throw cannotLoad(error);
      this.log('warn', `Loading on the GPU failed (${(error as Error).message}); retrying on the CPU.`);
    }
    const cpu = await this.llama(false);
    try {
      return { llama: cpu, model: await cpu.loadModel({ modelPath: path }) };
    } catch (error) {
      throw cannotLoad(error);
    }
  }

  /** Loads the model at `path`, replacing any loaded one. */
  async load(path: string, options: ModelLoadOptions): Promise<RuntimeModelState> {
    await this.unload();
    const purpose = options.purpose ?? 'generation';
    const { llama, model } = await this.loadModelFile(path, options.gpu ?? 'auto');
    const wanted = llama.gpu === false ? (options.cpuSequences ?? options.sequences) : options.sequences;
    const sequences = Math.max(1, Math.floor(wanted ?? 1));
    const contextSize = Math.min(options.contextSize ?? DEFAULT_CONTEXT_SIZE, model.trainContextSize);
    // On a CPU, decoding threads compete with the process's own thread: leave it a core.
    const threads = Math.max(1, Math.floor(options.threads ?? llama.cpuMathCores - 1));
    const backend: LlmBackend = llama.gpu === false ? 'cpu' : llama.gpu;
    if (purpose === 'embedding') {
      const embedding = new EmbeddingSession(model, contextSize, threads);
      try {
        await embedding.open();
      } catch (error) {
        await model.dispose();
        throw new AppError(
          'model-failed',
          `${basename(path)} loaded, but it cannot compute embeddings (${printableReason(error)}). Choose an embedding model.`,
          {
            cause: error,
          },
        );
      }
      this.loaded = { model, context: undefined, runtime: undefined, embedding };
      return { backend, gpuLayers: model.gpuLayers, contextSize, sequences: 1, threads, purpose, chatWrapper: null };
    }
    const counter = { decodes: 0 };
    let context: LlamaContext;
    try {
      context = await model.createContext({ contextSize, sequences, threads, batching: { itemPrioritizationStrategy: countingFairShare(counter) } });
    } catch (error) {
      await model.dispose();
      throw new AppError(
        'model-failed',
        `The model loaded, but a context of ${contextSize} tokens × ${sequences} sequences does not fit in memory. Load it with a smaller context or fewer sequences.`,
        { cause: error },
      );
    }
    const tokenBias = new TokenBias(model.tokenizer);
    const bannedTokens = incompleteUtf8Tokens(model);
    for (const token of bannedTokens) tokenBias.set(token, 'never');
    const chatWrapper = chatWrapperFor(model);
    const runtime: GenerationRuntime = {
      llama,
      model,
      sequences: Array.from({ length: sequences }, () => context.getSequence()),
      contextSize: context.contextSize,
      chatWrapper,
      tokenBias,
      bannedTokens,
      grammars: new GrammarCache(llama),
      decodeCalls: () => counter.decodes,
    };
    this.loaded = { model, context, runtime, embedding: new EmbeddingSession(model, context.contextSize, threads) };
    return { backend, gpuLayers: model.gpuLayers, contextSize: context.contextSize, sequences, threads, purpose, chatWrapper: chatWrapper.wrapperName };
  }

  /** The generation side of the loaded model; refuses embedding-only loads with a clear error. */
  private generation(): { model: LlamaModel; runtime: GenerationRuntime } {
    const loaded = this.loaded;
    if (loaded === undefined) throw new AppError('model-failed', 'No model is loaded. Load a model first.');
    if (loaded.runtime === undefined) {
      throw new AppError(
        'model-failed',
        'The loaded model is an embedding model: it cannot write or score text. Load a language model (Qwen3, Llama, Gemma 3…) for that.',
      );
    }
    return { model: loaded.model, runtime: loaded.runtime };
  }

  /** Runs a batch of requests on the loaded model. */
  async generate(requests: readonly GenerationRequest[], signal: AbortSignal, onProgress: (progress: GenerationProgress) => void): Promise<GenerationBatch> {
    return generateBatch(this.generation().runtime, requests, { signal, onProgress });
  }

  /** Embeds texts with the loaded model (see EmbeddingBatch). */
  async embed(texts: readonly string[], signal: AbortSignal, maxWindows?: number): Promise<EmbeddingBatch> {
    if (this.loaded === undefined) throw new AppError('model-failed', 'No model is loaded. Load a model first.');
    return this.loaded.embedding.embed(texts, signal, maxWindows);
  }

  /** The perplexity of `text` under the loaded model, scored on its first sequence. */
  async perplexity(text: string, signal: AbortSignal): Promise<PerplexityResult> {
    const { model, runtime } = this.generation();
    return textPerplexity(model, runtime.sequences[0]!, runtime.contextSize, text, signal);
  }

  /** Frees the loaded model and its context. */
  async unload(): Promise<void> {
    const loaded = this.loaded;
    this.loaded = undefined;
    if (loaded === undefined) return;
    await loaded.embedding.dispose();
    await loaded.context?.dispose();
    await loaded.model.dispose();
  }
}
