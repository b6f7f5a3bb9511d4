/**
 * The application core behind every front door: the Electron main process and the
 * browser host build one AppServices and route the contract's channels to its handlers.
 */
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import type { AppEvent, ChannelName, ParsedRequestOf, RequestOf, ResponseOf } from '../../shared/ipc/contract.js';
import { settingsSchema } from '../../shared/ipc/schemas.js';
import type { JobKind, ReviewSettings, RewriteSettings } from '../../shared/ipc/types.js';
import { createEngineClient, type EngineClient } from '../engine/engine-clients.js';
import { CollectionRegistry } from '../workspace/collection-registry.js';
import { ReviewStore } from '../workspace/review-store.js';
import { SuggestionStore } from '../workspace/suggestion-store.js';
import { UploadStore } from '../workspace/upload-store.js';
import { getPreference, openWorkspaceDatabase, setPreference } from '../workspace/workspace-db.js';
import { LlmClient } from '../llm/llm-client.js';
import type { LlmChildLauncher } from '../llm/llm-launcher.js';
import { ModelManager } from '../rewriter/model-manager.js';
import { ModelSuggestionSource } from '../rewriter/model-source.js';
import { MeaningModel, isMeaningModel } from '../rewriter/meaning-model.js';
import { DecisionStore } from '../workspace/decision-store.js';
import { RunStore } from '../workspace/run-store.js';
import { JobRegistry, PickedPaths, SupersedingJobs } from './jobs.js';
import { placeholderSource, type SuggestionSource } from './suggestion-sources.js';
import { parseSavedRewriteSettings } from './saved-rewrite-settings.js';

/** Native pickers, where the shell has them (Electron). */
export type PickPaths = (purpose: RequestOf<'dialog:pick'>['purpose']) => Promise<string[]>;

export interface AppServicesOptions {
  readonly workspaceFolder: string;
  readonly shell: 'electron' | 'browser';
  readonly version: string;
  readonly pickPaths?: PickPaths | undefined;
  /** Where exports go by default. */
  readonly exportFolder?: string | undefined;
  /** Folders searched for GGUF models (see modelFolders). */
  readonly modelFolders?: readonly string[] | undefined;
  /** Starts the model runtime process (Electron: a utility process); default child_process.fork. */
  readonly llmLauncher?: LlmChildLauncher | undefined;
}

/** A handler per channel. */
export type Handlers = { [C in ChannelName]: (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>> };

/** Jobs whose result only the page that asked shows, and nothing stores. */
const PAGE_JOB_KINDS: readonly JobKind[] = ['combinations', 'plan', 'plan-preview'];

/** The workspace preference behind the Model screen's meaning-check switch ('off' turns it off). */
const MEANING_CHECK_PREFERENCE = 'meaning-check';

export class AppServices {
  readonly db: Database.Database;
  readonly reviews: ReviewStore;
  readonly suggestions: SuggestionStore;
  readonly collections: CollectionRegistry;
  readonly uploads: UploadStore;
  readonly jobs: JobRegistry;
  /** The worker thread holding open collections for checks. */
  readonly engine: EngineClient;
  readonly collectionsFolder: string;
  readonly defaultExportFolder: string;
  readonly suggestionSources = new Map<string, SuggestionSource>();
  /** Paths the clerk chose in a native picker: the only paths accepted for import or open. */
  readonly pickedPaths = new PickedPaths();
  /** The running combination check and plan of each document (a newer one supersedes them). */
  readonly latestJobs: SupersedingJobs;
  readonly decisions: DecisionStore;
  readonly runs: RunStore;
  private readonly listeners = new Set<(event: AppEvent) => void>();
  /** The local model runtime (a child process, started on first use). */
  readonly llm: LlmClient;
  readonly models: ModelManager;

  constructor(readonly options: AppServicesOptions) {
    this.db = openWorkspaceDatabase(options.workspaceFolder);
    this.suggestions = new SuggestionStore(this.db);
    this.decisions = new DecisionStore(this.db);
    this.runs = new RunStore(this.db);
    this.reviews = new ReviewStore(
      this.db,
      (documentId, change, move) => {
        this.suggestions.remap(documentId, change, move);
        this.decisions.remap(documentId, change, move);
      },
      (documentId, change) => this.suggestions.goneOver(documentId, change) || this.decisions.goneOver(documentId, change),
    );
    this.collections = new CollectionRegistry(this.db);
    this.uploads = new UploadStore(join(options.workspaceFolder, 'uploads'));
    this.jobs = new JobRegistry((event) => this.emit(event));
    this.latestJobs = new SupersedingJobs(this.jobs);
    this.engine = createEngineClient();
    this.collectionsFolder = join(options.workspaceFolder, 'collections');
    this.defaultExportFolder = options.exportFolder ?? join(options.workspaceFolder, 'exports');
    this.suggestionSources.set('placeholder', placeholderSource);
    this.llm = LlmClient.start(options.llmLauncher === undefined ? {} : { launcher: options.llmLauncher });
    const db = this.db;
    this.models = new ModelManager({
      folders: options.modelFolders ?? [join(options.workspaceFolder, 'models')],
      client: this.llm,
      preference: { get: () => getPreference(db, 'model-path'), set: (path) => setPreference(db, 'model-path', path ?? '') },
    });
    const chosen = this.models.chosen();
    if (chosen) this.useModel(chosen);
  }

  /**
   * How the model rewrites, as the clerk set it (defaults: the paper's). A damaged saved
   * row is an error, never a silently different setting.
   */
  rewriteSettings(): RewriteSettings {
    return parseSavedRewriteSettings(getPreference(this.db, 'rewrite-settings'));
  }

  /** Makes `path` the model behind the 'model' suggestion source (loaded on first use). */
  useModel(path: string): void {
    void this.suggestionSources.get('model')?.dispose?.();
    const s = this.rewriteSettings();
    const rewrite = {
      temperature: s.temperature,
      maxPasses: s.maxPasses,
      fewShot: s.fewShot,
      ...(s.seed === null ? {} : { seed: s.seed }),
      ...(s.maxTokens === null ? {} : { maxTokens: s.maxTokens }),
    };
    this.suggestionSources.set(
      'model',
      new ModelSuggestionSource({ client: this.llm, modelPath: path, ownsClient: false, rewrite, meaning: () => this.meaningModel() }),
    );
  }

  private meaning: MeaningModel | undefined;

  /** Whether the clerk wants the model's answers checked for meaning: on unless turned off on the Model screen. */
  meaningCheckWanted(): boolean {
    return getPreference(this.db, MEANING_CHECK_PREFERENCE) !== 'off';
  }

  /** The Model screen's switch, kept in the workspace; it takes effect from the next rewrite. */
  setMeaningCheckWanted(on: boolean): void {
    setPreference(this.db, MEANING_CHECK_PREFERENCE, on ? 'on' : 'off');
  }

  /**
   * The meaning check's model (meaning-model.ts): the first all-MiniLM-L6-v2 GGUF in the
   * model folders, looked for at each rewrite (a clerk may add it at any time), in a runtime
   * of its own. Undefined when there is none, or when the clerk turned the check off: the
   * model's answers are then not checked for meaning, and the rewrite's record says so.
   */
  async meaningModel(): Promise<MeaningModel | undefined> {
    const found = this.meaningCheckWanted() ? (await this.models.list()).find((entry) => entry.info !== null && isMeaningModel(entry.info)) : undefined;
    if (found?.path !== this.meaning?.path) {
      await this.meaning?.dispose();
      this.meaning =
        found === undefined
          ? undefined
          : new MeaningModel(LlmClient.start(this.options.llmLauncher === undefined ? {} : { launcher: this.options.llmLauncher }), found.path, { threads: 1 });
    }
    return this.meaning;
  }

  emit(event: AppEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  onEvent(listener: (event: AppEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The job started by loadRecentCollection, for the app's progress bar. */
  collectionLoadJobId: string | null = null;

  /**
   * Starts loading the most recent collection's index in the background, as a job with
   * progress and cancel: opening decodes every shard (seconds for a large archive), and
   * the clerk's first check should not be the one that waits for it. Every front door that
   * serves the review app calls this once at start.
   */
  loadRecentCollection(): void {
    const recent = this.collections.list().find((c) => c.available);
    if (recent === undefined) return;
    const job = this.jobs.start('collection-load', (context) =>
      this.engine.request('load', { path: recent.path }, { signal: context.signal, onProgress: context.progress }),
    );
    this.collectionLoadJobId = job.id;
  }

  /** Default settings for a new review document: the most recent collection, k = 2, arity ≤ 3, N ≤ 8. */
  defaultSettings(collectionPath: string | null): ReviewSettings {
    const recent = this.collections.list().find((c) => c.available);
    return settingsSchema.parse({ collectionPath: collectionPath ?? recent?.path ?? null, k: 2, arity: 3, maxN: 8, sourceId: null });
  }

  /**
   * The review page went away (a closed tab): its checks and plans are answers only that
   * page was waiting for, so they stop, and the engine is free for the next page. Imports
   * and model runs go on: what they make is kept.
   */
  pageGone(): void {
    this.jobs.cancelKinds(PAGE_JOB_KINDS);
  }

  async dispose(): Promise<void> {
    this.jobs.cancelAll();
    for (const source of this.suggestionSources.values()) await source.dispose?.();
    await this.llm.dispose();
    await this.meaning?.dispose();
    await this.engine.dispose();
    if (this.db.open) this.db.close();
  }
}
