/**
 * The data the renderer and the main process exchange. Plain JSON: no classes, no
 * typed arrays, so the same values cross Electron IPC and the browser host's HTTP.
 */
import type { IndexStatistics } from './statistics.js';
import type { ReviewSettings, RewriteSettings } from './schemas.js';
import type { DetectionResult } from '../linkage/types.js';

export type { IndexStatistics };

/** Where the app runs: the Electron product, or the same UI served on 127.0.0.1. */
export interface AppInfo {
  readonly version: string;
  readonly shell: 'electron' | 'browser';
  /** Native file and folder pickers exist (Electron only). */
  readonly canPickPaths: boolean;
  readonly workspacePath: string;
  readonly defaultExportFolder: string;
  /** The reviewer named at the last export (asked once, remembered). */
  readonly reviewer: string | null;
  /** The files chosen at the last export. */
  readonly exportFormats: readonly ('txt' | 'json' | 'html' | 'docx')[] | null;
  /** The job loading the most recent collection's index since start (null when there was none to load). */
  readonly collectionLoadJobId: string | null;
}

/**
 * A collection's release policy: the settings a text must be checked clean at (or
 * stricter) for an export without a justification. Defaults: k = 2, arity ≤ 3, N ≤ 8.
 */
export interface CollectionPolicy {
  readonly k: number;
  readonly arity: 1 | 2 | 3;
  /** 0 = unbounded (the strictest). */
  readonly maxN: number;
}

export const DEFAULT_POLICY: CollectionPolicy = { k: 2, arity: 3, maxN: 8 };

/** A collection the clerk has opened or created. */
export interface CollectionSummary {
  readonly path: string;
  readonly name: string;
  readonly documentCount: number;
  readonly tokenCount: number;
  readonly contentSha256: string;
  readonly shardCount: number;
  readonly lastOpenedAt: string;
  /** False when the file is missing or cannot be read any more. */
  readonly available: boolean;
  /** Why it is unavailable, for people. */
  readonly problem?: string | undefined;
  readonly policy: CollectionPolicy;
}

/** One document of a collection, as listed. */
export interface CollectionDocument {
  readonly id: string;
  readonly tokens: number;
  readonly characters: number;
  readonly source: string | null;
  readonly addedAt: string;
}

export type { ReviewSettings, RewriteSettings } from './schemas.js';

/** Where an accepted change came from. */
export type ChangeSource = 'import' | 'manual' | 'placeholder' | 'model' | 'restore';

/** A document under review, at its current version. */
export interface ReviewDocument {
  readonly id: string;
  readonly title: string;
  readonly text: string;
  /** The current version's record id in the workspace (unique across documents). */
  readonly versionId: number;
  /**
   * The current version's number within this document's history, 1 for the text as
   * opened: what the footer, the Versions panel and the review log all call "version N".
   * After an undo it is below versionCount.
   */
  readonly versionNumber: number;
  /** Versions the document has, undone ones included (nothing is deleted). */
  readonly versionCount: number;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** What Undo takes back: an action that changed no text, or the head version; null when nothing. */
  readonly undoes: UndoStep | null;
  /** What Redo makes again: an action taken back, or the version it goes to; null when nothing. */
  readonly redoes: UndoStep | null;
  readonly settings: ReviewSettings;
  /** Source named by the imported record (a suggestion for the source setting). */
  readonly originalId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A review document as listed. */
export interface ReviewDocumentSummary {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: string;
  readonly characters: number;
}

/** One stored version. */
export interface VersionSummary {
  readonly id: number;
  /** Its number within the document's history (ReviewDocument.versionNumber), 1 for the text as opened. */
  readonly number: number;
  readonly createdAt: string;
  readonly source: ChangeSource;
  readonly description: string;
  readonly characters: number;
  readonly isHead: boolean;
}

/** A proposed replacement of text[start, end). */
export interface Suggestion {
  readonly id: number;
  readonly start: number;
  readonly end: number;
  readonly before: string;
  readonly after: string;
  readonly source: 'placeholder' | 'model';
  readonly status: 'pending' | 'accepted' | 'rejected' | 'stale';
  /** The model's short reasoning, when a model proposed it. */
  readonly reasoning: string | null;
  /** True when the model failed and a placeholder replaced the span instead. */
  readonly fallback: boolean;
  readonly pass: number;
  readonly createdAt: string;
}

/**
 * What Undo or Redo would do: take back (or make again) an action that changed no text
 * ("rejecting 3 suggestions", electron/workspace/action-store.ts), or move to a version,
 * named by its description ("Accepted a placeholder suggestion (9 characters replaced)").
 */
export interface UndoStep {
  readonly what: 'action' | 'version';
  readonly description: string;
}

/** suggestions:list gives every pending suggestion, and this many of the last resolved ones. */
export const RESOLVED_SUGGESTIONS_LISTED = 200;

/** What a finding is: a rare phrase, a member of a linkable combination, or a run of the edit plan. */
export type FindingKind = 'single' | 'combination' | 'plan';

/** The clerk's decision to keep a flagged phrase, with the reason (it goes into the review log). */
export interface Decision {
  readonly id: number;
  readonly decision: 'keep';
  readonly kind: FindingKind;
  /** Where the phrase is in the current text (decisions follow edits). */
  readonly start: number;
  readonly end: number;
  readonly phrase: string;
  readonly reason: string;
  readonly createdAt: string;
}

/** One accepted change, as the review log lists it: where, what kind, which decision and why. */
export interface ChangeRecord {
  readonly versionId: number;
  readonly decision: 'placeholder' | 'model' | 'manual';
  /** What was changed: a finding of a kind, flagged spans (a suggestion), or the text itself (the clerk's own edit). */
  readonly kind: FindingKind | 'spans' | 'text';
  /** Offset in the text before the change. */
  readonly start: number;
  readonly removedCharacters: number;
  /** What went in (a placeholder, the model's words, the clerk's words); the removed text is never stored. */
  readonly inserted: string;
  readonly reason: string | null;
  readonly at: string;
}

/** A planned run of words, as the review screen lists it. */
export interface PlannedRunView {
  readonly start: number;
  readonly end: number;
  /** Each planned word's start and end in the text, flat (start, end, start, …). */
  readonly words: readonly number[];
  readonly text: string;
  readonly spans: number;
  readonly combinations: number;
  readonly phrases: readonly string[];
}

/** The edit plan of a text (see shared/linkage/plan): what the plan view shows. */
export interface PlanView {
  readonly strategy: 'minimal' | 'paper';
  readonly words: number;
  readonly planned: number;
  readonly runs: readonly PlannedRunView[];
  /** The text with the plan applied as placeholders. */
  readonly redacted: string;
  readonly editRatio: number;
  readonly summary: string;
  readonly clean: boolean;
  readonly exact: boolean;
  readonly lowerBound: number;
  /** External ids of the documents the cover plan keeps phrases of, when it is one. */
  readonly cover?: readonly string[];
  readonly rounds: number;
  readonly milliseconds: number;
}

/**
 * How long the review app lets a single-N-gram check run before the engine answers with
 * what it has settled so far ('detection:check' pauseAfterMs). Checks of a collection
 * held whole take a few ms and never pause; the first check after a large collection
 * opened in place reads index pages for seconds, and the first highlights
 * show meanwhile (use-detection.ts asks again for the rest).
 */
export const CHECK_PAUSE_MS = 200;

/** Singles now, combinations later: what the review screen shows. */
export interface CheckResult extends DetectionResult {
  /** Milliseconds the check took in the engine. */
  readonly milliseconds: number;
  /**
   * True when this is the whole verdict at the chosen arity: the full check, or at arity 1
   * a single-N-gram check that did not pause (`partial` absent).
   */
  readonly complete: boolean;
  /** What each arity would send for rewriting. */
  readonly cost: RewriteCost;
}

/**
 * What each arity would send for rewriting, as shares of the text's words (tokens),
 * with the share of its common phrases (combination candidates) that arity ≤ 3 flags.
 * Arity 2–3 are null until the background combination check has run.
 */
export interface RewriteCost {
  readonly arity1: number;
  readonly arity2: number | null;
  readonly arity3: number | null;
  readonly commonPhrasesFlagged: number | null;
}

/** A suggested source document. */
export interface SourceCandidate {
  readonly id: string;
  readonly sharedRarePhrases: number;
}

/**
 * Fuzzy-search linkage: where the source lands when an ordinary search engine (BM25)
 * ranks the whole collection against the released text.
 */
export interface FuzzyRank {
  readonly total: number;
  readonly topId: string | null;
  /** The source ranked, when one is known (set, named by the record, or suggested). */
  readonly sourceId: string | null;
  readonly rank: number | null;
  /** Source score minus the best other: positive when the source is first. */
  readonly margin: number | null;
}

/** A long-running job. */
export interface JobInfo {
  readonly id: string;
  readonly kind: JobKind;
  readonly state: 'running' | 'done' | 'failed' | 'cancelled';
  readonly phase: string;
  readonly done: number;
  readonly total: number;
  readonly startedAt: string;
  /** Result on success (shape depends on the kind). */
  readonly value?: unknown;
  readonly error?: { readonly code: string; readonly message: string } | undefined;
}

export type JobKind =
  | 'collection-create'
  | 'collection-add'
  | 'collection-compact'
  | 'collection-load'
  | 'statistics'
  | 'combinations'
  | 'plan'
  | 'plan-preview'
  | 'suggestions'
  | 'model-hash';

/** A GGUF model file found in a model folder (or chosen by path). */
export interface ModelFile {
  readonly path: string;
  readonly fileName: string;
  readonly sizeBytes: number;
  readonly architecture: string | null;
  readonly parameterCount: number | null;
  readonly quantization: string | null;
  readonly contextLength: number | null;
  /** Why the file cannot be used, when it cannot. */
  readonly problem: string | null;
  /** An embedding model (it cannot rewrite). */
  readonly embedding: boolean;
  /** The meaning check's model (all-MiniLM-L6-v2): it judges the rewriting model's answers. */
  readonly meaningCheck: boolean;
}

export const DEFAULT_REWRITE_SETTINGS: RewriteSettings = { temperature: 1.2, seed: null, maxPasses: 4, fewShot: 4, maxTokens: null };

/** The models the app knows and the one in use. */
export interface ModelState {
  readonly settings: RewriteSettings;
  readonly folders: string[];
  readonly models: ModelFile[];
  readonly chosen: string | null;
  /** "CUDA, 37 layers on the GPU, …" once loaded; null before the first rewrite. */
  readonly backend: string | null;
  readonly sha256: string | null;
  /**
   * The meaning check. The model's answers are checked only when the clerk wants the check
   * and a model for it is in a folder; the rewrite's record says whether they were.
   */
  readonly meaningCheck: {
    /** The clerk's switch on the Model screen: on unless turned off there. */
    readonly wanted: boolean;
    /** The check's model file (the first all-MiniLM-L6-v2 of the folders), or null when there is none. */
    readonly fileName: string | null;
    /** The lowest similarity an answer may have to the words it replaces. */
    readonly minSimilarity: number;
  };
  /** Why the saved rewriting settings could not be used (the defaults are shown instead); null when they could. */
  readonly settingsProblem: string | null;
}

/** What an export wrote. */
export interface ExportResult {
  readonly folder: string;
  readonly files: string[];
  readonly remaining: number;
}
