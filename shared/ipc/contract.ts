/**
 * The one IPC contract between the renderer and the main process (or the browser
 * host). Each channel, named `domain:verb`, maps to the schema its request must pass and
 * the type of its response. The preload builds `window.api` from this list and nothing
 * else; every handler validates its payload against the schema before running.
 */
import { z } from 'zod';
import type { DetectionResult } from '../linkage/types.js';
import { MAX_BOUNDED_N, MAX_K } from '../linkage/settings.js';
import {
  documentId,
  documentSourceSchema,
  findingKind,
  id,
  importSourceSchema,
  jobId,
  LIMITS,
  path,
  rewriteSettingsSchema,
  settingsSchema,
  text,
} from './schemas.js';

export { LIMITS, settingsSchema, rewriteSettingsSchema };
import type {
  AppInfo,
  ChangeRecord,
  CheckResult,
  Decision,
  CollectionDocument,
  CollectionSummary,
  ExportResult,
  FuzzyRank,
  IndexStatistics,
  JobInfo,
  ModelState,
  ReviewDocument,
  ReviewDocumentSummary,
  SourceCandidate,
  Suggestion,
  VersionSummary,
} from './types.js';

const empty = z.object({}).strict();

/** A channel: its request schema, with its response type carried along for TypeScript. */
interface Channel<Request extends z.ZodType, Response> {
  readonly request: Request;
  readonly response?: Response;
}

function channel<Response>() {
  return <Request extends z.ZodType>(request: Request): Channel<Request, Response> => ({ request });
}

export const contract = {
  /** Versions, shell and folders. */
  'app:info': channel<AppInfo>()(empty),

  /** Collections the clerk has used, most recent first. */
  'collections:list': channel<CollectionSummary[]>()(empty),
  /** Opens an existing collection file and remembers it. */
  'collections:open': channel<CollectionSummary>()(z.object({ path }).strict()),
  /** Sets a collection's release policy: the settings a text must be checked clean at for export without a justification. */
  'collections:policy': channel<CollectionSummary>()(
    z
      .object({
        path,
        policy: z
          .object({
            k: z.number().int().min(2).max(MAX_K),
            arity: z.union([z.literal(1), z.literal(2), z.literal(3)]),
            maxN: z.number().int().min(0).max(MAX_BOUNDED_N),
          })
          .strict(),
      })
      .strict(),
  ),
  /** Forgets a collection (the file is left alone). */
  'collections:forget': channel<null>()(z.object({ path }).strict()),
  /** Starts building a new collection in the workspace; returns the job. */
  'collections:create': channel<JobInfo>()(
    z.object({ name: z.string().trim().min(1).max(LIMITS.title), sources: z.array(importSourceSchema).min(1).max(10_000) }).strict(),
  ),
  /** Starts adding documents to a collection; returns the job. */
  'collections:add': channel<JobInfo>()(z.object({ path, sources: z.array(importSourceSchema).min(1).max(10_000), replace: z.boolean() }).strict()),
  /**
   * Starts compacting a collection: its shards rewritten without removed documents, in
   * fewer shards; returns the job. One transaction: a cancel leaves the file as it was.
   */
  'collections:compact': channel<JobInfo>()(z.object({ path }).strict()),
  /** Removes documents from a collection. */
  'collections:remove-documents': channel<{ removed: string[]; missing: string[] }>()(z.object({ path, ids: z.array(id).min(1).max(100_000) }).strict()),
  /** A page of a collection's documents. */
  'collections:documents': channel<{ total: number; documents: CollectionDocument[] }>()(
    z.object({ path, search: z.string().max(200), offset: z.number().int().min(0), limit: z.number().int().min(1).max(1000) }).strict(),
  ),
  /** Figure 2's statistics: cached, or computed by a job (then `job` is set). */
  'collections:statistics': channel<{ statistics: IndexStatistics | null; job: JobInfo | null }>()(z.object({ path }).strict()),

  /**
   * Stores an uploaded file (base64) for a later import or open. Files of one folder
   * share an upload id (pass the id the first file got) and keep their relative paths.
   * For JSONL files the records are listed, so one can be picked for review.
   */
  'files:upload': channel<{ uploadId: string; records: { id: string; originalId: string | null; characters: number }[] | null }>()(
    z
      .object({
        uploadId: z.string().uuid().optional(),
        name: z.string().min(1).max(LIMITS.title),
        relativePath: z.string().max(LIMITS.path).optional(),
        base64: z.string().max(Math.ceil((LIMITS.uploadBytes * 4) / 3) + 4),
      })
      .strict(),
  ),
  /** Native pickers (Electron only): the paths the clerk chose. */
  'dialog:pick': channel<{ paths: string[] }>()(
    z.object({ purpose: z.enum(['collection-open', 'import-files', 'import-folder', 'document', 'export-folder', 'model']) }).strict(),
  ),

  /** Documents under review. */
  'documents:list': channel<ReviewDocumentSummary[]>()(empty),
  /** Opens a document for review (text, upload or picked path; a JSONL needs a record id). */
  'documents:open': channel<ReviewDocument>()(z.object({ source: documentSourceSchema, collectionPath: path.nullable() }).strict()),
  'documents:get': channel<ReviewDocument>()(z.object({ documentId }).strict()),
  /** Saves an edit as a new version (or extends the open manual version while typing). */
  'documents:edit': channel<ReviewDocument>()(
    z.object({ documentId, baseVersionId: z.number().int(), text, source: z.enum(['manual', 'placeholder']), description: z.string().max(500) }).strict(),
  ),
  'documents:undo': channel<ReviewDocument>()(z.object({ documentId }).strict()),
  'documents:redo': channel<ReviewDocument>()(z.object({ documentId }).strict()),
  'documents:versions': channel<VersionSummary[]>()(z.object({ documentId }).strict()),
  'documents:restore': channel<ReviewDocument>()(z.object({ documentId, versionId: z.number().int() }).strict()),
  'documents:settings': channel<ReviewDocument>()(z.object({ documentId, settings: settingsSchema }).strict()),
  'documents:delete': channel<null>()(z.object({ documentId }).strict()),
  /** The text as it was opened: the "before" of the before/after view. */
  'documents:original': channel<{ text: string }>()(z.object({ documentId }).strict()),
  /** The text of one stored version, for its preview against the current text. */
  'documents:version': channel<{ text: string }>()(z.object({ documentId, versionId: z.number().int() }).strict()),
  /**
   * Replaces ranges of the head text with the document's placeholder (merging rule of
   * shared/review/redaction.ts) as one new version, recording each range as an accepted
   * change of its kind: a finding, a planned run, or the whole plan at once.
   */
  'documents:apply-placeholders': channel<ReviewDocument>()(
    z
      .object({
        documentId,
        baseVersionId: z.number().int(),
        ranges: z
          .array(z.object({ start: z.number().int().min(0), end: z.number().int().min(0), kind: findingKind }).strict())
          .min(1)
          .max(100_000),
        description: z.string().max(500),
      })
      .strict(),
  ),

  /** The clerk's decisions to keep flagged phrases, with their reasons. */
  'decisions:list': channel<Decision[]>()(z.object({ documentId }).strict()),
  'decisions:keep': channel<Decision>()(
    z
      .object({ documentId, start: z.number().int().min(0), end: z.number().int().min(0), kind: findingKind, reason: z.string().max(LIMITS.justification) })
      .strict(),
  ),
  'decisions:unkeep': channel<null>()(z.object({ documentId, decisionId: z.number().int() }).strict()),
  /** Keeps again, with its reason, a phrase whose keeping was withdrawn, where the text still holds it there. */
  'decisions:keep-again': channel<Decision>()(z.object({ documentId, decisionId: z.number().int() }).strict()),
  /** Every accepted change of the head's history, for the review log. */
  'decisions:changes': channel<ChangeRecord[]>()(z.object({ documentId }).strict()),

  /**
   * Single N-grams now (fast); `complete: false` until combinations are added. With
   * `pauseAfterMs`, a check still running after that long answers with what it has settled
   * so far (CheckResult.partial), and the same request again goes on from there.
   */
  'detection:check': channel<CheckResult>()(
    z.object({ documentId, text, settings: settingsSchema, pauseAfterMs: z.number().int().min(0).max(60_000).optional() }).strict(),
  ),
  /** Combinations in the background; the job's value is a CheckResult. Supersedes the previous one. */
  'detection:combinations': channel<JobInfo>()(z.object({ documentId, text, settings: settingsSchema }).strict()),
  /**
   * The edit plan of a text (the fewest words to change, or the paper's rule) as a job
   * whose value is a PlanView; a newer plan of the same document supersedes it. Words
   * the clerk keeps (active keep decisions) are never planned. With `alsoKeep`, the plan
   * as it would be if those characters were kept too, for the clerk deciding whether to
   * keep them: a job of its own kind ('plan-preview'), which supersedes only the last such
   * job of the document, not its plan.
   */
  'detection:plan': channel<JobInfo>()(
    z
      .object({
        documentId,
        text,
        settings: settingsSchema,
        alsoKeep: z
          .object({ start: z.number().int().min(0), end: z.number().int().min(0) })
          .strict()
          .refine((range) => range.start < range.end, 'an empty range keeps nothing')
          .optional(),
      })
      .strict()
      .refine((request) => request.alsoKeep === undefined || request.alsoKeep.end <= request.text.length, 'the range to keep lies beyond the text'),
  ),
  /**
   * The likeliest sources of a text among the collection, and `sourceId` after them when it
   * is not among them. Rare means below `k` documents, N-grams up to `maxN` (the document's
   * settings, as the CLI weighs them; 2 and 8 when left out).
   */
  'detection:suggest-source': channel<SourceCandidate[]>()(
    z
      .object({
        text,
        collectionPath: path,
        sourceId: id.nullable().optional(),
        k: settingsSchema.shape.k.optional(),
        maxN: settingsSchema.shape.maxN.optional(),
      })
      .strict(),
  ),

  /** The rank of the source among the collection by BM25, with the whole text as the query. */
  'detection:fuzzy-rank': channel<FuzzyRank>()(z.object({ text, collectionPath: path, sourceId: id.nullable() }).strict()),

  /** Proposes replacements for the spans still linkable (or the selected ones). */
  'suggestions:generate': channel<JobInfo>()(
    z
      .object({
        documentId,
        source: z.enum(['placeholder', 'model']),
        spans: z
          .array(z.object({ start: z.number().int().min(0), end: z.number().int().min(0) }).strict())
          .max(100_000)
          .nullable(),
        /** The spans are words of the edit plan: the model rephrases the phrase around each (rewriting unit 'plan'). */
        planned: z.boolean().optional(),
      })
      .strict(),
  ),
  'suggestions:list': channel<Suggestion[]>()(z.object({ documentId }).strict()),
  /** Accepts one suggestion, optionally with the clerk's own replacement text. */
  'suggestions:accept': channel<ReviewDocument>()(
    z.object({ documentId, suggestionId: z.number().int(), replacement: z.string().max(100_000).optional() }).strict(),
  ),
  'suggestions:reject': channel<null>()(z.object({ documentId, suggestionId: z.number().int() }).strict()),
  'suggestions:accept-all': channel<ReviewDocument>()(z.object({ documentId }).strict()),
  /** Rejects every waiting suggestion (one action for Undo); the ids rejected. */
  'suggestions:reject-all': channel<number[]>()(z.object({ documentId }).strict()),
  /**
   * Makes every rejected suggestion wait again where the text still holds their words (one
   * action for Undo), rejected before an earlier Undo too; the ids of those that came back.
   */
  'suggestions:reopen-rejected': channel<number[]>()(z.object({ documentId }).strict()),

  /** Writes the approved document to a folder; refuses to overwrite unless asked. */
  'export:run': channel<ExportResult>()(
    z
      .object({
        documentId,
        folder: path,
        formats: z.array(z.enum(['txt', 'json', 'html', 'docx'])).min(1),
        justification: z.string().max(LIMITS.justification).nullable(),
        /** Who reviewed: remembered for the next export. */
        reviewer: z.string().trim().min(2).max(LIMITS.title),
        onExisting: z.enum(['refuse', 'rename', 'overwrite']),
      })
      .strict(),
  ),

  /** GGUF models in the model folders, the chosen one and how it runs. */
  'models:list': channel<ModelState>()(empty),
  /** Checks a GGUF file (without loading it) and makes it the model for rewriting. */
  'models:choose': channel<ModelState>()(z.object({ path }).strict()),
  /** How the model rewrites: temperature, seed, passes, examples, answer length. */
  'models:settings': channel<ModelState>()(rewriteSettingsSchema),
  /** Turns the meaning check of the model's answers on or off (on unless turned off; kept in the workspace). */
  'models:meaning-check': channel<ModelState>()(z.object({ on: z.boolean() }).strict()),
  /** Computes the chosen model's SHA-256 (a job: gigabytes take seconds). */
  'models:hash': channel<JobInfo>()(empty),

  'jobs:get': channel<JobInfo>()(z.object({ jobId }).strict()),
  'jobs:cancel': channel<null>()(z.object({ jobId }).strict()),
} as const;

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
/** What a caller sends (defaults may be left out). */
export type RequestOf<C extends ChannelName> = z.input<Contract[C]['request']>;
/** What a handler receives: the request after its schema parsed it (defaults filled in). */
export type ParsedRequestOf<C extends ChannelName> = z.output<Contract[C]['request']>;
export type ResponseOf<C extends ChannelName> = Exclude<Contract[C]['response'], undefined>;

/** The names of all channels: what the preload exposes. */
export const CHANNELS = Object.keys(contract) as ChannelName[];

/** A handler's result, as it crosses the process boundary. */
export type IpcResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: { readonly code: string; readonly message: string } };

/** Events the main process pushes to the renderer. */
export type AppEvent =
  | { readonly type: 'job'; readonly job: JobInfo }
  | {
      readonly type: 'changed';
      readonly domains: readonly ('collections' | 'documents' | 'suggestions' | 'versions' | 'decisions')[];
      readonly documentId?: string;
      readonly path?: string;
    };

/** The API the renderer sees: one async function per channel, plus events. */
export type Api = { readonly [C in ChannelName]: (request: RequestOf<C>) => Promise<IpcResult<ResponseOf<C>>> } & {
  readonly onEvent: (listener: (event: AppEvent) => void) => () => void;
};

/** For JSON output of DetectionResult (re-exported for the renderer). */
export type { DetectionResult };
