/**
 * The embedding model behind the meaning check (meaning-check.ts), for the app and the CLI:
 * all-MiniLM-L6-v2 in GGUF, the evaluation's similarity model. Only that model is used:
 * the check's threshold (a cosine of 0.5) was chosen on its cosines, and another model's
 * cosines lie on another scale, so a check with it would refuse or pass the wrong answers
 * without saying so.
 *
 * It runs in a runtime process of its own, beside the rewriting model's, and is loaded on
 * the first rewrite that uses it.
 */
import { basename } from 'node:path';
import { AppError } from '../../shared/errors.js';
import { inspectModelFile, type ModelInfo } from '../llm/gguf-metadata.js';
import type { LlmClient } from '../llm/llm-client.js';
import type { MeaningModelInput } from './rewrite-document.js';

/** The model the threshold was chosen on, as its GGUF names it or its file is named. */
const MEANING_MODEL_NAME = /all-MiniLM-L6-v2/iu;

/** The name the record gives the meaning check's model. */
export const MEANING_MODEL = 'all-MiniLM-L6-v2';

/** True when `info` is the meaning check's model: an encoder named all-MiniLM-L6-v2. */
export function isMeaningModel(info: Pick<ModelInfo, 'kind' | 'name' | 'fileName'>): boolean {
  return info.kind === 'embedder' && (MEANING_MODEL_NAME.test(info.name ?? '') || MEANING_MODEL_NAME.test(info.fileName));
}

/** Refuses a file that is not the meaning check's model, saying why. */
export async function inspectMeaningModel(path: string): Promise<ModelInfo> {
  const info = await inspectModelFile(path);
  if (!isMeaningModel(info))
    throw new AppError(
      'model-invalid',
      info.kind === 'embedder'
        ? `${info.fileName} is an embedding model, but not all-MiniLM-L6-v2: the meaning check's threshold was chosen on that model's similarities, and another model's would be judged on the wrong scale. Use all-MiniLM-L6-v2 in GGUF (npm run models:fetch brings it).`
        : `${info.fileName} is a language model (${info.architecture}), not an embedding model: the meaning check needs all-MiniLM-L6-v2 in GGUF.`,
    );
  return info;
}

/** The meaning check's model in its own runtime, loaded on first use. */
export class MeaningModel {
  private loading: Promise<void> | undefined;

  constructor(
    private readonly client: Pick<LlmClient, 'loadModel' | 'embed' | 'model' | 'dispose'>,
    readonly path: string,
    private readonly options: { readonly threads?: number | undefined } = {},
  ) {}

  /**
   * Checks the file (never loading another model) and loads it unless the runtime still holds
   * it. A rewrite calls it before its first prompt, so that a damaged file stops the rewrite
   * at once, with the file's problem, rather than after minutes of the model's work.
   */
  async ensureLoaded(): Promise<void> {
    if (this.client.model !== undefined) return;
    this.loading ??= inspectMeaningModel(this.path)
      .then(() =>
        this.client.loadModel(this.path, {
          purpose: 'embedding',
          gpu: false,
          ...(this.options.threads === undefined ? {} : { threads: this.options.threads }),
        }),
      )
      .then(() => undefined)
      .finally(() => {
        this.loading = undefined;
      });
    await this.loading;
  }

  /** What the rewriter takes: the vectors of texts, cancelled with `signal`, and the model's name. */
  input(signal?: AbortSignal): MeaningModelInput {
    return {
      model: MEANING_MODEL,
      embed: async (texts) => {
        await this.ensureLoaded();
        return (await this.client.embed(texts, { signal })).vectors;
      },
    };
  }

  /** The file name, for messages (never the folder: paths can name people). */
  get fileName(): string {
    return basename(this.path);
  }

  dispose(): Promise<void> {
    return this.client.dispose();
  }
}
