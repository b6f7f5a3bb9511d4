/**
 * The models the clerk can choose from: GGUF files in known folders (models/ during
 * development, the app's user-data models folder when packaged) or one the clerk picks.
 * Each is described from its header alone (nothing reaches llama.cpp before it passes
 * inspectModelFile), hashed on demand, remembered once chosen, and loaded with a context
 * and sequence count that suit the backend.
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { AppError, toErrorInfo, type ErrorInfo } from '../../shared/errors.js';
import { inspectModelFile, type HashOptions, type ModelInfo } from '../llm/gguf-metadata.js';
import type { LlmClient } from '../llm/llm-client.js';
import type { LoadedModel } from '../llm/llm-protocol.js';
import { cachedSha256, identityOf } from './model-identity.js';
import type { ModelIdentity } from './types.js';

/** Where the choice is remembered (the app's preferences). */
export interface ModelPreference {
  get(): string | undefined;
  set(path: string | undefined): void;
}

/** A GGUF file found in a model folder: its facts, or why it cannot be used. */
export interface ModelFileEntry {
  readonly path: string;
  readonly fileName: string;
  readonly sizeBytes: number;
  readonly modifiedAt: string;
  readonly info: ModelInfo | null;
  readonly problem: ErrorInfo | null;
}

/** How to load a model for rewriting. */
export interface RewriteLoadOptions {
  /** false forces the CPU. Default 'auto'. */
  readonly gpu?: 'auto' | false;
  readonly threads?: number;
  /** Override the planned context size / sequence count (tests, benchmarks). */
  readonly contextSize?: number;
  readonly sequences?: number;
}

/** Longest context we ask for: a chunk, its prompt and its answer fit in far less. */
export const MAX_REWRITE_CONTEXT = 8192;
/** Parallel sequences: on a GPU more sequences cost little; on a CPU they cost memory. */
export const GPU_SEQUENCES = 4;
export const CPU_SEQUENCES = 2;

/** The folders to search: models/ of the checkout in development, the user-data models folder when packaged. */
export function modelFolders(app: { readonly packaged: boolean; readonly appRoot: string; readonly userData: string }): string[] {
  return app.packaged ? [join(app.userData, 'models')] : [join(app.appRoot, 'models'), join(app.userData, 'models')];
}

/** GGUF files in `folder` and its direct subfolders, links followed. A missing folder has none, nor a broken link. */
async function ggufFiles(folder: string, depth = 1): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const entry of entries) {
    const path = join(folder, entry.name);
    // A link is what it points to: a multi-gigabyte model is linked into the folder more often than copied.
    const target = entry.isSymbolicLink() ? await stat(path).catch(() => undefined) : entry;
    if (target === undefined) continue;
    if (target.isFile() && entry.name.toLowerCase().endsWith('.gguf')) found.push(path);
    else if (target.isDirectory() && depth > 0) found.push(...(await ggufFiles(path, depth - 1)));
  }
  return found;
}

/** An embedding model (a BERT-type encoder) cannot write: say so before anything loads. */
function refuseEmbedder(info: ModelInfo): void {
  if (info.kind !== 'embedder') return;
  throw new AppError(
    'model-invalid',
    `${info.fileName} is an embedding model (${info.architecture}): it turns text into vectors and cannot rewrite. Choose an instruction-tuned language model (Qwen3, Llama, Gemma 3…) for rewriting.`,
  );
}

/** The context size for a model: its trained length, at most MAX_REWRITE_CONTEXT. */
export function plannedContextSize(info: ModelInfo): number {
  return info.contextLength > 0 ? Math.min(info.contextLength, MAX_REWRITE_CONTEXT) : MAX_REWRITE_CONTEXT;
}

/**
 * Loads `path` for rewriting: GPU_SEQUENCES sequences when a GPU may be used; when it
 * came up on the CPU after all, loads again with CPU_SEQUENCES (the file is in the page
 * cache by then, so this costs little), which keeps the CPU's memory use moderate.
 */
export async function loadForRewriting(client: Pick<LlmClient, 'loadModel'>, path: string, options: RewriteLoadOptions = {}): Promise<LoadedModel> {
  const info = await inspectModelFile(path);
  refuseEmbedder(info);
  const gpu = options.gpu ?? 'auto';
  const base = { contextSize: options.contextSize ?? plannedContextSize(info), gpu, ...(options.threads === undefined ? {} : { threads: options.threads }) };
  const loaded = await client.loadModel(path, { ...base, sequences: options.sequences ?? (gpu === false ? CPU_SEQUENCES : GPU_SEQUENCES) });
  if (loaded.backend !== 'cpu' || options.sequences !== undefined || loaded.sequences <= CPU_SEQUENCES) return loaded;
  return client.loadModel(path, { ...base, gpu: false, sequences: CPU_SEQUENCES });
}

/** "CUDA, 37 layers on the GPU, 4 parallel sequences of 8192 tokens" or "CPU, 2 threads, …". */
export function describeBackend(loaded: LoadedModel): string {
  const where =
    loaded.backend === 'cpu'
      ? `CPU, ${loaded.threads} thread${loaded.threads === 1 ? '' : 's'}`
      : `${loaded.backend.toUpperCase()}, ${loaded.gpuLayers} layers on the GPU`;
  return `${where}, ${loaded.sequences} parallel sequence${loaded.sequences === 1 ? '' : 's'} of ${loaded.contextSize} tokens`;
}

/** The app's model manager. */
export class ModelManager {
  constructor(
    private readonly options: {
      readonly folders: readonly string[];
      readonly client: Pick<LlmClient, 'loadModel'>;
      readonly preference: ModelPreference;
      readonly load?: RewriteLoadOptions;
    },
  ) {}

  /** Every GGUF file in the folders, with its facts or its problem, by file name. */
  async list(): Promise<ModelFileEntry[]> {
    const paths = [...new Set((await Promise.all(this.options.folders.map((f) => ggufFiles(resolve(f))))).flat())];
    const entries = await Promise.all(paths.map((path) => this.entry(path)));
    return entries.sort((a, b) => a.fileName.localeCompare(b.fileName));
  }

  private async entry(path: string): Promise<ModelFileEntry> {
    const facts = await stat(path);
    const base = { path, fileName: basename(path), sizeBytes: facts.size, modifiedAt: facts.mtime.toISOString() };
    try {
      return { ...base, info: await inspectModelFile(path), problem: null };
    } catch (error) {
      return { ...base, info: null, problem: toErrorInfo(error) };
    }
  }

  /** The facts of one file; AppError('not-found' | 'model-invalid') when it cannot be used. */
  describe(path: string): Promise<ModelInfo> {
    return inspectModelFile(path);
  }

  /** The file's SHA-256 (cached by path, size and modification time). */
  sha256(path: string, options: HashOptions = {}): Promise<string> {
    return cachedSha256(path, options);
  }

  /** Checks the file and remembers it as the choice. */
  async choose(path: string): Promise<ModelInfo> {
    const info = await inspectModelFile(path);
    refuseEmbedder(info);
    this.options.preference.set(resolve(path));
    return info;
  }

  /** The remembered choice, if any. */
  chosen(): string | undefined {
    return this.options.preference.get();
  }

  /** Loads the chosen model (or `path`); AppError('model-invalid') when none was chosen. */
  async load(path = this.chosen()): Promise<{ loaded: LoadedModel; backend: string }> {
    if (path === undefined) throw new AppError('model-invalid', 'No language model is chosen. Choose a model in Settings → Model first.');
    const loaded = await loadForRewriting(this.options.client, path, this.options.load);
    return { loaded, backend: describeBackend(loaded) };
  }

  /** The identity of the chosen model (or `path`), hashing its file if not done yet. */
  async identity(path = this.chosen(), options: HashOptions = {}): Promise<ModelIdentity> {
    if (path === undefined) throw new AppError('model-invalid', 'No language model is chosen.');
    return identityOf(await inspectModelFile(path), await cachedSha256(path, options));
  }
}
