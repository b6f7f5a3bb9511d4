/**
 * What the engine worker does, as plain methods (so tests can call them without a
 * thread): it keeps collections open in memory and answers checks, the background
 * combination search, statistics, source suggestions and document lists.
 */
import type { AbortLike } from '../../shared/errors.js';
import { AppError } from '../../shared/errors.js';
import { planPhase } from '../../shared/ipc/plan-progress.js';
import type { CheckResult, FuzzyRank, IndexStatistics, PlanView, ReviewSettings, SourceCandidate } from '../../shared/ipc/types.js';
import { planSteps } from '../../shared/linkage/plan/edit-plan.js';
import { planEditRatio, planSummary } from '../../shared/linkage/plan/plan-summary.js';
import { bm25Scores, queryTerms } from '../search/bm25.js';
import { sourceRank } from '../search/source-rank.js';
import { TermStatistics } from '../search/term-statistics.js';
import { detectionSteps } from '../../shared/linkage/detect.js';
import { restrictToArity, rewriteCost } from '../../shared/linkage/rewrite-cost.js';
import type { DetectionSettings } from '../../shared/linkage/settings.js';
import { likeliestSourcesSteps } from '../../shared/linkage/suggest-source.js';
import { runToEnd } from '../../shared/steps.js';
import { retryIfCollectionChanged, retryIfCollectionChangedAsync } from '../index-store/collection-changed.js';
import { CollectionIndex, type CollectionInfo, type DocumentSummary } from '../index-store/collection-index.js';
import { statisticsSteps } from '../index-store/collection-stats.js';
import { DocumentMemory } from './document-memory.js';
import { planKey, RecentPlans } from './recent-plans.js';
import { runSliced } from './sliced.js';

/** Fixpoint rounds of the minimal plan in the review app (the CLI and the evaluation take more). */
export const APP_PLAN_ROUNDS = 6;

/** Times a load starts reading shards whole again after the collection changed under it (see CollectionIndex.promoteSteps). */
const PROMOTION_ATTEMPTS = 3;

/** Progress of a long operation. */
export type Progress = (phase: string, done: number, total: number) => void;

const noProgress: Progress = () => undefined;

export class EngineState {
  private readonly open = new Map<string, CollectionIndex>();
  private readonly memories = new Map<string, DocumentMemory>();
  /** The collection generation the memories of each path were filled at. */
  private readonly cacheGenerations = new Map<string, number>();
  private readonly termStatistics = new Map<string, { generation: number; statistics: TermStatistics }>();

  collection(path: string): CollectionIndex {
    let collection = this.open.get(path);
    if (collection === undefined) {
      collection = CollectionIndex.open(path);
      this.open.set(path, collection);
    }
    return collection;
  }

  info(path: string): CollectionInfo {
    const collection = this.collection(path);
    collection.phraseIndex();
    return collection.readInfo();
  }

  /**
   * Loads the phrase index in slices, reporting ('loading', shards done, shards), so that
   * the worker answers other requests meanwhile and a cancel stops it between shards; then,
   * for a large collection that opened in place, reads its shards whole ('promoting').
   */
  async load(path: string, signal: AbortLike, progress: (phase: string, done: number, total: number) => void): Promise<CollectionInfo> {
    const collection = this.collection(path);
    const loading = runSliced(
      collection.phraseIndexSteps((done, total) => progress('loading', done, total)),
      signal,
    );
    // Waiters go on a turn later, once this request's own answer (a cancel, say) has gone out.
    const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
    const settled = loading.then(nextTurn, nextTurn);
    this.loads.set(path, settled);
    void settled.then(() => this.loads.get(path) === settled && this.loads.delete(path));
    await loading;
    // Requests that waited for the load (the first check of the document on screen) go
    // first: they resume on the turn `settled` takes, and this one comes after it.
    await nextTurn();
    // A large collection held whole opened in place: checks go on against it (they no
    // longer wait) while its shards are read whole here, in slices, with progress.
    for (let attempt = 0; attempt < PROMOTION_ATTEMPTS && collection.promotionPending; attempt++) {
      await runSliced(
        collection.promoteSteps((done, total) => progress('promoting', done, total)),
        signal,
      );
    }
    return collection.readInfo();
  }

  /**
   * Resolves when no load of `path` is under way. Requests wait for it rather than load
   * the rest themselves in one go, which would freeze the load's progress bar; a cancelled
   * or failed load lets them through, and they load (or report the error) as before.
   */
  whenLoaded(path: string): Promise<void> {
    return this.loads.get(path) ?? Promise.resolve();
  }

  private readonly loads = new Map<string, Promise<void>>();
  private readonly recentPlans = new RecentPlans();

  close(path: string): void {
    this.open.get(path)?.close();
    this.open.delete(path);
    this.termStatistics.delete(path);
    this.recentPlans.forget(path);
    for (const key of this.memories.keys()) if (key.startsWith(`${path}\u0000`)) this.memories.delete(key);
    this.cacheGenerations.delete(path);
  }

  private settingsFor(collection: CollectionIndex, settings: ReviewSettings, arity = settings.arity): DetectionSettings {
    return {
      k: settings.k,
      arity,
      maxN: settings.maxN,
      sourceId: settings.sourceId ?? undefined,
      placeholderPattern: collection.placeholderPattern(),
    };
  }

  /**
   * What one document's checks learned (DocumentMemory). It holds document frequencies, so
   * it is only good for the collection as it was: when another import or a removal changed
   * it (its generation), every memory of that collection is dropped, or a phrase that a
   * removal made rare could still be shown as common.
   */
  private memory(path: string, collection: CollectionIndex, key: string): DocumentMemory {
    const generation = collection.generation();
    if (this.cacheGenerations.get(path) !== generation) {
      for (const memoryKey of this.memories.keys()) if (memoryKey.startsWith(`${path}\u0000`)) this.memories.delete(memoryKey);
      this.cacheGenerations.set(path, generation);
    }
    const memoryKey = `${path}\u0000${key}`;
    let memory = this.memories.get(memoryKey);
    if (memory === undefined) {
      memory = new DocumentMemory();
      this.memories.set(memoryKey, memory);
      if (this.memories.size > 50) this.memories.delete(this.memories.keys().next().value as string);
    }
    return memory;
  }

  /**
   * Single N-grams only: fast enough to run after every edit. Past `pauseAfterMs`, when
   * given, it answers with what it has settled so far (CheckResult.partial); asked again,
   * it goes on from where the document's segment cache says it paused.
   */
  check(path: string, text: string, settings: ReviewSettings, documentKey: string, pauseAfterMs?: number): CheckResult {
    const collection = this.collection(path);
    const started = performance.now();
    const detection = retryIfCollectionChanged(() =>
      runToEnd(
        detectionSteps(collection.phraseIndex(), text, this.settingsFor(collection, settings), {
          cache: this.memory(path, collection, documentKey).segments,
          singlesOnly: true,
          pauseWhen: pauseAfterMs === undefined ? undefined : () => performance.now() - started > pauseAfterMs,
        }),
      ),
    );
    const complete = settings.arity === 1 && detection.partial === undefined;
    return { ...detection, milliseconds: performance.now() - started, complete, cost: rewriteCost(detection, false) };
  }

  /** The full check in slices (combinations at arity 3, restricted to the setting), with its costs. */
  async combinations(
    path: string,
    text: string,
    settings: ReviewSettings,
    documentKey: string,
    signal: AbortLike,
    onProgress: Progress = noProgress,
  ): Promise<CheckResult> {
    const collection = this.collection(path);
    const started = performance.now();
    const full = await retryIfCollectionChangedAsync(() => {
      const memory = this.memory(path, collection, documentKey);
      const detectionSettings = this.settingsFor(collection, settings, 3);
      return runSliced(
        detectionSteps(collection.phraseIndex(), text, detectionSettings, {
          cache: memory.segments,
          combinationMemo: memory.combinationMemo(detectionSettings),
          // A long editing session would otherwise keep every earlier check's ranks alive.
          memoForgetsOthers: true,
          signal,
          onCombinationProgress: (searched, total) => onProgress('combinations', searched, total),
        }),
        signal,
      );
    });
    return { ...restrictToArity(full, settings.arity), milliseconds: performance.now() - started, complete: true, cost: rewriteCost(full, true) };
  }

  async statistics(path: string, signal: AbortLike, onProgress: Progress): Promise<IndexStatistics> {
    return retryIfCollectionChangedAsync(() =>
      runSliced(
        statisticsSteps(this.collection(path).phraseIndex().shards, 8, signal, (done, total) => onProgress('statistics', done, total)),
        signal,
      ),
    );
  }

  suggestSource(path: string, text: string, settings: ReviewSettings): SourceCandidate[] {
    const collection = this.collection(path);
    return retryIfCollectionChanged(() => runToEnd(likeliestSourcesSteps(collection.phraseIndex(), text, this.settingsFor(collection, settings, 1))));
  }

  /** BM25 over the collection with the text as the query: the source's rank and the best match. */
  fuzzyRank(path: string, text: string, sourceId: string | null): FuzzyRank {
    const collection = this.collection(path);
    const index = collection.phraseIndex();
    const generation = collection.generation();
    let cached = this.termStatistics.get(path);
    if (cached === undefined || cached.generation !== generation) {
      cached = { generation, statistics: TermStatistics.fromIndex(index) };
      this.termStatistics.set(path, cached);
    }
    const { statistics } = cached;
    const scores = bm25Scores(statistics, queryTerms(index, text, collection.placeholderPattern()));
    let top = -1;
    for (let d = 0; d < scores.length; d++) if (top < 0 || scores[d]! > scores[top]!) top = d;
    const topId = top < 0 || scores[top]! <= 0 ? null : statistics.documentIds[top]!;
    const dense = sourceId === null ? undefined : statistics.denseNumberOf(sourceId);
    const ranked = dense === undefined ? null : sourceRank(scores, dense);
    return { total: statistics.documentCount, topId, sourceId: ranked === null ? null : sourceId, rank: ranked?.rank ?? null, margin: ranked?.margin ?? null };
  }

  documents(path: string, search: string, offset: number, limit: number): { total: number; documents: DocumentSummary[] } {
    return this.collection(path).listDocuments({ search, offset, limit });
  }

  /**
   * The edit plan of a text (see shared/linkage/plan), in time slices so that quick
   * checks still get through; `keep` are the words the clerk keeps. A plan made before from
   * the same inputs on the same collection state is given again, with no progress reported
   * (recent-plans.ts says why).
   */
  async plan(
    path: string,
    text: string,
    settings: ReviewSettings,
    documentKey: string,
    keep: readonly { start: number; end: number }[],
    signal: AbortLike,
    onProgress: Progress = noProgress,
  ): Promise<PlanView> {
    const collection = this.collection(path);
    const generation = collection.generation();
    const key = planKey(path, generation, text, settings, keep);
    const known = this.recentPlans.get(key);
    if (known !== undefined) return known;
    const plan = await retryIfCollectionChangedAsync(() =>
      runSliced(
        planSteps(collection.phraseIndex(), text, this.settingsFor(collection, settings), {
          // The check of this text has analyzed its segments. The plan keeps a memo of its
          // own: witnesses that earlier versions of the text left in the check's memo could
          // lead it to another plan than the CLI's for the same text.
          cache: this.memory(path, collection, documentKey).segments,
          strategy: settings.strategy,
          keep,
          // A clerk waits for this: after a few rounds the paper's rule finishes the job (clean, a few more words).
          maxRounds: APP_PLAN_ROUNDS,
          placeholder: settings.placeholder,
          signal,
          // The phase names the detection (planPhase in shared/ipc reads it back).
          onProgress: (detection, searched, total) => onProgress(planPhase(detection), searched, total),
        }),
        signal,
      ),
    );
    const view: PlanView = {
      strategy: plan.strategy,
      words: plan.words,
      planned: plan.tokens.length,
      runs: plan.runs.map((run) => ({
        start: run.start,
        end: run.end,
        words: run.words,
        text: text.slice(run.start, run.end),
        spans: run.spans,
        combinations: run.combinations,
        phrases: run.phrases,
      })),
      redacted: plan.redacted,
      editRatio: planEditRatio(text, plan),
      summary: planSummary(text, plan),
      clean: plan.clean,
      exact: plan.exact,
      lowerBound: plan.lowerBound,
      ...(plan.cover !== undefined && { cover: plan.cover }),
      rounds: plan.rounds,
      milliseconds: plan.milliseconds,
    };
    // Kept only when the collection did not change while it was made: it is then a plan of
    // the state `generation` names.
    if (collection.generation() === generation) this.recentPlans.remember(key, view);
    return view;
  }

  /** Checks that a source id exists before a setting names it. */
  hasDocument(path: string, id: string): boolean {
    const found = this.collection(path).phraseIndex().documentNumberOf(id) !== undefined;
    if (!found) throw new AppError('invalid-settings', `The collection has no document "${id}". Pick a source from the suggestions, or leave it empty.`);
    return found;
  }

  /**
   * For each token key, whether the collection has it as a word: the rewriter refuses a
   * word a model writes that neither the text, the collection nor the dictionary has
   * (rewriter/invented-words.ts).
   */
  knownWords(path: string, keys: readonly string[]): boolean[] {
    return Array.from(this.collection(path).phraseIndex().idsOf(keys), (id) => id >= 0);
  }
}
