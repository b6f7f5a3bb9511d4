/**
 * The models an evaluation run uses, each in its own runtime process: an embedding model
 * (similarity, semantic linkage, and the handcrafted paraphraser's candidate choice), a
 * language model for perplexity, and the LLM the rewriting methods share. The tiny test
 * model is refused unless a test asks for it, and then every figure it touches is marked.
 */
import { AppError } from '../../../shared/errors.js';
import { inspectModelFile, type ModelInfo } from '../../llm/gguf-metadata.js';
import { LlmClient } from '../../llm/llm-client.js';
import type { ModelLoadOptions, PerplexityResult } from '../../llm/llm-protocol.js';
import { isTestFixtureModel } from '../../llm/test-fixture-model.js';
import { GPU_SEQUENCES } from '../../rewriter/model-manager.js';

/** Which job a model does in the run. */
export type ModelRole = 'embedding' | 'perplexity' | 'llm';

/** What identifies a model in results and resume keys (never its folder: paths can name people). */
export interface ModelIdentity {
  readonly fileName: string;
  readonly name: string | null;
  readonly architecture: string;
  readonly quantization: string;
  readonly sizeBytes: number;
  /** True for the generated test model: its figures are noise, never results. */
  readonly fixture: boolean;
}

/** A loaded model. */
export interface LoadedRole {
  readonly client: LlmClient;
  readonly identity: ModelIdentity;
}

/** The models of a run; absent roles are not measured. */
export interface ModelServices {
  readonly embedding?: LoadedRole;
  readonly perplexity?: LoadedRole;
  readonly llm?: LoadedRole;
  /** Embeds texts with the embedding model (unit-length vectors), window by window: for similarity. */
  readonly embed?: (texts: string[]) => Promise<Float32Array[]>;
  /**
   * Embeds the first window of each text only, as sentence-transformers truncates: what an
   * adversary with an embedding search engine does, for the semantic attack over the whole
   * collection (and a tenth of the cost on long judgments).
   */
  readonly embedHead?: (texts: string[]) => Promise<Float32Array[]>;
  /** Scores a text with the perplexity model. */
  readonly score?: (text: string) => Promise<PerplexityResult>;
  dispose(): Promise<void>;
}

/** Model paths and how to treat them. */
export interface ModelPaths {
  readonly embedding?: string | undefined;
  readonly perplexity?: string | undefined;
  readonly llm?: string | undefined;
  readonly llmLoadOptions?: ModelLoadOptions | undefined;
  /** CPU threads of the embedding and perplexity models (default: the runtime's, one less than the cores). */
  readonly threads?: number | undefined;
  /** Let the tiny test model run (tests only); its figures are then marked as a fixture's. */
  readonly allowTestModel?: boolean | undefined;
  readonly signal?: AbortSignal | undefined;
}

function identityOf(info: ModelInfo): ModelIdentity {
  return {
    fileName: info.fileName,
    name: info.name ?? null,
    architecture: info.architecture,
    quantization: info.quantization,
    sizeBytes: info.fileSizeBytes,
    fixture: isTestFixtureModel(info),
  };
}

async function load(role: ModelRole, path: string, options: ModelPaths, load: ModelLoadOptions): Promise<LoadedRole> {
  const info = await inspectModelFile(path);
  if (isTestFixtureModel(info) && options.allowTestModel !== true) {
    throw new AppError(
      'invalid-input',
      `${info.fileName} is Unlinkable's tiny test model: its ${role} figures would be noise, not results. Choose a real model.`,
    );
  }
  const client = LlmClient.start();
  try {
    // Parallel sequences pay on a GPU; on a CPU of a few cores they only share the same
    // cores and each holds its own context (measured in BENCHMARKS.md), so one there.
    const sequences = role === 'llm' && load.sequences === undefined ? { sequences: GPU_SEQUENCES, cpuSequences: 1 } : {};
    await client.loadModel(path, { ...load, ...sequences });
  } catch (error) {
    await client.dispose();
    throw error;
  }
  return { client, identity: identityOf(info) };
}

/** Loads the models named in `paths` (each in its own process). */
export async function startModels(paths: ModelPaths): Promise<ModelServices> {
  const loaded: LoadedRole[] = [];
  const dispose = async (): Promise<void> => {
    await Promise.allSettled(loaded.map((role) => role.client.dispose()));
  };
  try {
    const take = async (role: ModelRole, path: string | undefined, options: ModelLoadOptions): Promise<LoadedRole | undefined> => {
      if (path === undefined) return undefined;
      const model = await load(role, path, paths, options);
      loaded.push(model);
      return model;
    };
    // Loaded for embeddings only: an encoder (BERT) has nothing else, and a decoder needs no generation context for it.
    const threads = paths.threads === undefined ? {} : { threads: paths.threads };
    const embedding = await take('embedding', paths.embedding, { purpose: 'embedding', ...threads });
    const perplexity = await take('perplexity', paths.perplexity, threads);
    const llm = await take('llm', paths.llm, paths.llmLoadOptions ?? {});
    const signal = paths.signal;
    return {
      ...(embedding && {
        embedding,
        embed: async (texts: string[]) => (await embedding.client.embed(texts, { signal })).vectors,
        embedHead: async (texts: string[]) => (await embedding.client.embed(texts, { signal, maxWindows: 1 })).vectors,
      }),
      ...(perplexity && { perplexity, score: (text: string) => perplexity.client.perplexity(text, { signal }) }),
      ...(llm && { llm }),
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}
