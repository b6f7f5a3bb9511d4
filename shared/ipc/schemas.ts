/**
 * The schemas of the IPC contract's requests, and the settings types inferred from them:
 * one definition of every bound, shared by the contract, the workspace (which parses what
 * it stored with the same schemas) and the CLI.
 */
import { z } from 'zod';
import { MAX_BOUNDED_N, MAX_K } from '../linkage/settings.js';
import { REDACTED } from '../review/redaction.js';
import { REWRITE_BOUNDS } from './rewrite-bounds.js';

export { REWRITE_BOUNDS };

/** Bounds that keep a hostile payload from exhausting memory. */
export const LIMITS = {
  /** Largest document text accepted over IPC (characters). */
  textLength: 25_000_000,
  /** Largest upload (bytes, before base64). */
  uploadBytes: 256 * 1024 * 1024,
  path: 4096,
  id: 512,
  title: 300,
  justification: 5000,
} as const;

export const id = z.string().min(1).max(LIMITS.id);
export const documentId = z.string().uuid();
export const path = z
  .string()
  .min(1)
  .max(LIMITS.path)
  .refine((p) => !p.includes('\u0000'), 'paths cannot contain NUL');
export const text = z.string().max(LIMITS.textLength);
export const jobId = z.string().uuid();
export const findingKind = z.enum(['single', 'combination', 'plan']);

/** Detection settings as the review screen edits them. */
export const settingsSchema = z
  .object({
    k: z.number().int().min(2).max(MAX_K),
    arity: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    maxN: z.number().int().min(0).max(MAX_BOUNDED_N),
    sourceId: id.nullable(),
    collectionPath: path.nullable(),
    /** What the plan view plans: the fewest words ('minimal') or every word of every flagged span ('paper'). */
    strategy: z.enum(['minimal', 'paper']).default('minimal'),
    /** The placeholder that replaces planned words and accepted findings. */
    placeholder: z
      .string()
      .regex(/^\[[A-Z][A-Z0-9_]{0,30}\]$/u, 'a placeholder is a capitalised word in square brackets, such as [REDACTED] or [DATE]')
      .default(REDACTED),
  })
  .strict();

/** Detection and review settings of a document (what the settings panel edits). */
export type ReviewSettings = z.output<typeof settingsSchema>;

/** Where imported documents come from: uploaded files, or paths from a native picker. */
export const importSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upload'), uploadId: z.string().uuid() }).strict(),
  z.object({ kind: z.literal('path'), path }).strict(),
]);

/** A document to open for review. */
export const documentSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), title: z.string().min(1).max(LIMITS.title), text: text.min(1) }).strict(),
  z.object({ kind: z.literal('upload'), uploadId: z.string().uuid(), recordId: id.optional() }).strict(),
  z.object({ kind: z.literal('path'), path, recordId: id.optional() }).strict(),
]);

/** How the model rewrites: temperature, seed, passes, examples, answer length. */
export const rewriteSettingsSchema = z
  .object({
    temperature: z.number().min(REWRITE_BOUNDS.temperature.min).max(REWRITE_BOUNDS.temperature.max),
    /** null: a new random seed each run (it is recorded). */
    seed: z.number().int().min(REWRITE_BOUNDS.seed.min).max(REWRITE_BOUNDS.seed.max).nullable(),
    maxPasses: z.number().int().min(REWRITE_BOUNDS.maxPasses.min).max(REWRITE_BOUNDS.maxPasses.max),
    /** Few-shot examples in the prompt (0–4). */
    fewShot: z.number().int().min(REWRITE_BOUNDS.fewShot.min).max(REWRITE_BOUNDS.fewShot.max),
    /** Most tokens per answer; null: enough for the longest answer the schema allows. */
    maxTokens: z.number().int().min(REWRITE_BOUNDS.maxTokens.min).max(REWRITE_BOUNDS.maxTokens.max).nullable(),
  })
  .strict();

/** How the model rewrites (temperature and seed as in the paper: 1.2 and random). */
export type RewriteSettings = z.infer<typeof rewriteSettingsSchema>;
