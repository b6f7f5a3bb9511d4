/**
 * The app's handle on its local language model. The model itself runs in a separate
 * process (see llm-child.ts); this module never imports node-llama-cpp, so a native
 * crash while loading or generating can never take the app down with it.
 *
 *   const llm = LlmClient.start();
 *   await llm.loadModel('/models/qwen3-4b-q4_k_m.gguf', { sequences: 4 });
 *   const batch = await llm.generate(requests, { signal, onProgress });
 *   await llm.dispose();
 */
import { basename, resolve } from 'node:path';
import { AppError, abortError, throwIfAborted } from '../../shared/errors.js';
import { inspectModelFile, type ModelInfo } from './gguf-metadata.js';
import { LlmConnection, type ChildRequest } from './llm-connection.js';
import { forkLauncher, type LlmChildLauncher } from './llm-launcher.js';
import type {
  EmbeddingBatch,
  GenerationBatch,
  GenerationProgress,
  GenerationRequest,
  LoadedModel,
  ModelLoadOptions,
  PerplexityResult,
  RuntimeModelState,
  TestOnlyLoadOptions,
} from './llm-protocol.js';

export type * from './llm-protocol.js';
export type { LlmChildEntry, LlmChildLauncher, LlmChildProcess } from './llm-launcher.js';

/** How the client starts and reports on its runtime process. */
export interface LlmClientOptions {
  /** Starts the runtime process. Default: child_process.fork. The Electron shell passes one based on utilityProcess.fork. */
  readonly launcher?: LlmChildLauncher;
  /** Receives llama.cpp's warnings and errors, and the runtime's stderr after a crash. Default: dropped. */
  readonly onLog?: (level: 'warn' | 'error', message: string) => void;
}

/** Options of one generate call. */
export interface GenerateOptions {
  /** Cancels: the call rejects with an AbortError at once, and the runtime stops after its current step. */
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((progress: GenerationProgress) => void) | undefined;
}

/** Embeddings as the client returns them: EmbeddingBatch with typed vectors. */
export interface Embeddings extends Omit<EmbeddingBatch, 'vectors'> {
  readonly vectors: Float32Array[];
}

/** Facts for a file that skipped validation (tests only): nothing was read from it. */
function unvalidatedInfo(path: string): ModelInfo {
  return {
    fileName: basename(path),
    name: undefined,
    architecture: 'unknown',
    kind: 'generator',
    parameterCount: 0,
    quantization: 'unknown',
    contextLength: 0,
    embeddingLength: 0,
    blockCount: 0,
    vocabularySize: 0,
    hasChatTemplate: false,
    fileSizeBytes: 0,
    ggufVersion: 0,
  };
}

/** The local model: load one, generate with it, and shut it down. */
export class LlmClient {
  private connection: LlmConnection | undefined;
  private loaded: LoadedModel | undefined;
  private loading: Promise<unknown> | undefined;

  /** A client; its runtime process starts on the first call that needs it. */
  static start(options: LlmClientOptions = {}): LlmClient {
    return new LlmClient(options);
  }

  constructor(private readonly options: LlmClientOptions = {}) {}

  /** The loaded model, or undefined (none loaded yet, unloaded, or lost in a crash). */
  get model(): LoadedModel | undefined {
    return this.loaded;
  }

  private connect(): LlmConnection {
    if (this.connection?.alive !== true) {
      this.connection = new LlmConnection(this.options.launcher ?? forkLauncher, this.options.onLog ?? (() => undefined), (gone) => {
        if (this.connection !== gone) return;
        this.connection = undefined;
        this.loaded = undefined;
      });
    }
    return this.connection;
  }

  /**
   * Checks the file's header here (a bad file never reaches llama.cpp), then loads it in
   * the runtime process, replacing any loaded model. Rejects with AppError: 'not-found',
   * 'model-invalid' (see inspectModelFile) or 'model-failed'.
   */
  async loadModel(path: string, options: ModelLoadOptions & TestOnlyLoadOptions = {}): Promise<LoadedModel> {
    const { skipValidation = false, ...loadOptions } = options;
    const info = skipValidation ? unvalidatedInfo(path) : await inspectModelFile(path);
    this.loaded = undefined;
    const connection = this.connect();
    // An encoder has no generation context to make: it can only be loaded for embeddings.
    const purpose = info.kind === 'embedder' ? 'embedding' : loadOptions.purpose;
    const loading = connection.request({ type: 'load', path: resolve(path), options: { ...loadOptions, ...(purpose && { purpose }) } }).done;
    this.loading = loading;
    try {
      const state = (await loading) as RuntimeModelState;
      if (connection.alive) this.loaded = { info, ...state };
      return { info, ...state };
    } finally {
      if (this.loading === loading) this.loading = undefined;
    }
  }

  /**
   * Answers every request, decoding up to `sequences` of them together. Results come back
   * in request order. Rejects with an AbortError when cancelled, AppError('model-failed')
   * when no model is loaded or the runtime fails, AppError('invalid-input') for a prompt
   * longer than the context or a schema the runtime cannot enforce.
   */
  async generate(requests: readonly GenerationRequest[], options: GenerateOptions = {}): Promise<GenerationBatch> {
    const { signal, onProgress } = options;
    throwIfAborted(signal);
    await this.loading?.catch(() => undefined);
    throwIfAborted(signal);
    const connection = this.connection;
    if (this.loaded === undefined || connection === undefined) throw new AppError('model-failed', 'No model is loaded. Load a model first.');
    if (requests.length === 0) return { results: [], decodeCalls: 0, generatedTokens: 0, tokensPerDecode: 0, seconds: 0 };

    const { id, done } = connection.request({ type: 'generate', requests }, onProgress);
    if (signal === undefined) return (await done) as GenerationBatch;
    // Reject at once on cancel; the runtime winds down in the background and later calls queue behind it.
    return new Promise<GenerationBatch>((resolve, reject) => {
      const onAbort = (): void => {
        connection.cancel(id);
        reject(abortError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      done.then((batch) => resolve(batch as GenerationBatch), reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /**
   * Document embeddings from the loaded model, one unit-length vector per text (long texts
   * are embedded window by window, see EmbeddingBatch). Rejects like `generate`.
   */
  async embed(texts: readonly string[], options: { signal?: AbortSignal | undefined; maxWindows?: number | undefined } = {}): Promise<Embeddings> {
    if (texts.length === 0) return { vectors: [], tokens: [], windows: [], seconds: 0 };
    const message = { type: 'embed' as const, texts, ...(options.maxWindows !== undefined && { maxWindows: options.maxWindows }) };
    const batch = (await this.call(message, options.signal)) as EmbeddingBatch;
    return { ...batch, vectors: batch.vectors.map((vector) => Float32Array.from(vector)) };
  }

  /** The perplexity of `text` under the loaded model (see llm-perplexity.ts). Rejects like `generate`. */
  async perplexity(text: string, options: { signal?: AbortSignal | undefined } = {}): Promise<PerplexityResult> {
    return (await this.call({ type: 'perplexity', text }, options.signal)) as PerplexityResult;
  }

  /** Sends one request to the loaded model's runtime, cancelling it there when `signal` fires. */
  private async call(message: ChildRequest, signal: AbortSignal | undefined): Promise<unknown> {
    throwIfAborted(signal);
    await this.loading?.catch(() => undefined);
    throwIfAborted(signal);
    const connection = this.connection;
    if (this.loaded === undefined || connection === undefined) throw new AppError('model-failed', 'No model is loaded. Load a model first.');
    const { id, done } = connection.request(message);
    if (signal === undefined) return done;
    return new Promise<unknown>((resolve, reject) => {
      const onAbort = (): void => {
        connection.cancel(id);
        reject(abortError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      done.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /** Frees the loaded model (the runtime process stays, ready for the next load). */
  async unloadModel(): Promise<void> {
    this.loaded = undefined;
    if (this.connection?.alive === true) await this.connection.request({ type: 'unload' }).done;
  }

  /** Shuts the runtime process down. Calls in flight reject with an AbortError. */
  async dispose(): Promise<void> {
    this.loaded = undefined;
    const connection = this.connection;
    this.connection = undefined;
    connection?.close(abortError());
  }
}
