/**
 * The language model as a suggestion source: the app registers it as 'model' beside the
 * placeholder source. It loads the chosen model on first use (in the runtime process),
 * runs the pass loop, and returns one proposal per changed chunk with a record of the run.
 *
 *   const source = new ModelSuggestionSource({ client: LlmClient.start({ launcher }), modelPath });
 *   services.suggestionSources.set('model', source);
 */
import { resolve } from 'node:path';
import type { LlmClient } from '../llm/llm-client.js';
import type { LoadedModel } from '../llm/llm-protocol.js';
import { cachedSha256, identityOf } from './model-identity.js';
import { loadForRewriting, type RewriteLoadOptions } from './model-manager.js';
import { describeProgress } from './progress.js';
import { rewriteDocument } from './rewrite-document.js';
import type { SuggestionRequest, SuggestionResponse, SuggestionSource } from './suggestion-source.js';
import type { RewriteOptions } from './types.js';
import type { MeaningModel } from './meaning-model.js';

/** What the source is made of. */
export interface ModelSourceOptions {
  readonly client: Pick<LlmClient, 'loadModel' | 'generate' | 'model' | 'dispose'>;
  readonly modelPath: string;
  readonly load?: RewriteLoadOptions;
  /** Rewriter settings (temperature, seed, passes…); detection settings come with each request. */
  readonly rewrite?: Omit<RewriteOptions, 'signal' | 'onProgress' | 'detection'>;
  /** Shut the client's runtime down with the source. Default true. */
  readonly ownsClient?: boolean;
  /** The meaning check's model, looked for at each rewrite (undefined: answers are not checked for meaning). */
  readonly meaning?: () => Promise<MeaningModel | undefined>;
}

/** Suggestions from the local language model. */
export class ModelSuggestionSource implements SuggestionSource {
  readonly id = 'model' as const;
  private loaded: { path: string; model: LoadedModel } | undefined;
  private loading: Promise<LoadedModel> | undefined;

  constructor(private readonly options: ModelSourceOptions) {}

  /** The model, loaded now unless the runtime still holds it (a crash loses it; then it loads again). */
  private async ensureLoaded(): Promise<LoadedModel> {
    const path = resolve(this.options.modelPath);
    const current = this.options.client.model;
    if (current !== undefined && this.loaded?.path === path && this.loaded.model === current) return current;
    this.loading ??= loadForRewriting(this.options.client, path, this.options.load).finally(() => {
      this.loading = undefined;
    });
    const model = await this.loading;
    this.loaded = { path, model: this.options.client.model ?? model };
    return model;
  }

  async propose(request: SuggestionRequest): Promise<SuggestionResponse> {
    const { context, settings } = request;
    context.progress('Loading the language model', 0, 1);
    const loaded = await this.ensureLoaded();
    const sha256 = await cachedSha256(this.options.modelPath, {
      signal: context.signal,
      onProgress: (done, total) => context.progress('Checking the model file', done, total),
    });
    const meaning = await this.options.meaning?.();
    if (meaning !== undefined) {
      context.progress('Loading the model for the meaning check', 0, 1);
      await meaning.ensureLoaded();
    }
    const result = await rewriteDocument({
      text: request.text,
      spans: request.spans,
      check: request.check,
      collectionWords: request.collectionWords,
      meaning: meaning?.input(context.signal),
      model: this.options.client,
      identity: identityOf(loaded.info, sha256),
      options: {
        ...this.options.rewrite,
        // Planned words are rewritten with the phrase around them; later passes get the spans still linkable, widened alike.
        ...(request.planned === true && { unit: 'plan' as const }),
        detection: { k: settings.k, arity: settings.arity, maxN: settings.maxN },
        signal: context.signal,
        onProgress: (progress) => context.progress(describeProgress(progress), progress.done, progress.total),
      },
    });
    return { proposals: result.proposals, record: result.record };
  }

  async dispose(): Promise<void> {
    if (this.options.ownsClient !== false) await this.options.client.dispose();
  }
}
