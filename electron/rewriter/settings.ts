/**
 * The rewriter's settings, checked and filled with defaults, and the seeds derived from
 * the run's seed (so that a recorded run can be reproduced exactly).
 */
import { AppError } from '../../shared/errors.js';
import { DEFAULT_MAX_CHUNK_CHARS, DEFAULT_SENTENCES_PER_CHUNK } from './chunking.js';
import type { PromptMode } from './prompt.js';
import { MAX_FEW_SHOT } from './prompt.js';
import { placeholderRegex } from './span-match.js';
import type { RecordedDetectionSettings, RewriteOptions, RewriteProgress, RewriteUnit, TextSpan } from './types.js';
import { REWRITE_BOUNDS } from '../../shared/ipc/schemas.js';

/** The paper's sampling temperature. */
export const DEFAULT_TEMPERATURE = 1.2;
export const DEFAULT_MAX_PASSES = 4;
/** The paper's baseline example ran three passes. */
export const DEFAULT_BASELINE_PASSES = 3;
export const DEFAULT_MAX_RETRIES = 2;

/** Settings with every default filled in. */
export interface ResolvedRewriteSettings {
  readonly temperature: number;
  readonly seed: number;
  readonly maxPasses: number;
  readonly maxRetries: number;
  readonly sentencesPerChunk: number;
  readonly maxChunkChars: number;
  readonly fewShot: number;
  readonly unit: RewriteUnit;
  readonly attributeSpans: readonly TextSpan[] | undefined;
  readonly maxTokens: number | undefined;
  readonly pattern: RegExp;
  readonly detection: RecordedDetectionSettings | undefined;
  readonly signal: AbortSignal | undefined;
  readonly onProgress: ((progress: RewriteProgress) => void) | undefined;
}

function wholeNumber(value: number | undefined, fallback: number, min: number, max: number, what: string): number {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < min || n > max)
    throw new AppError('invalid-settings', `${what} must be a whole number from ${min} to ${max} (got ${String(n)}).`);
  return n;
}

export const DEFAULT_UNIT: RewriteUnit = 'phrase';

function unitOf(unit: unknown): RewriteUnit {
  if (unit === undefined) return DEFAULT_UNIT;
  if (unit === 'phrase' || unit === 'plan' || unit === 'chunk') return unit;
  throw new AppError('invalid-settings', `The rewriting unit must be "phrase", "plan" or "chunk" (got ${JSON.stringify(unit)}).`);
}

/** Checks `options` and fills defaults; throws AppError('invalid-settings'). */
export function resolveRewriteOptions(options: RewriteOptions, mode: PromptMode): ResolvedRewriteSettings {
  const temperature = options.temperature ?? DEFAULT_TEMPERATURE;
  if (!Number.isFinite(temperature) || temperature < REWRITE_BOUNDS.temperature.min || temperature > REWRITE_BOUNDS.temperature.max) {
    throw new AppError(
      'invalid-settings',
      `The temperature must be a number from ${REWRITE_BOUNDS.temperature.min} to ${REWRITE_BOUNDS.temperature.max} (got ${String(temperature)}).`,
    );
  }
  return {
    temperature,
    // A random seed is still recorded, so the run can be repeated.
    seed: wholeNumber(options.seed ?? Math.floor(Math.random() * 2 ** 31), 0, 0, 2 ** 31 - 1, 'The seed'),
    maxPasses: wholeNumber(
      options.maxPasses,
      mode === 'baseline' ? DEFAULT_BASELINE_PASSES : DEFAULT_MAX_PASSES,
      REWRITE_BOUNDS.maxPasses.min,
      REWRITE_BOUNDS.maxPasses.max,
      'The number of passes',
    ),
    maxRetries: wholeNumber(options.maxRetries, DEFAULT_MAX_RETRIES, 0, 10, 'The number of retries'),
    sentencesPerChunk: wholeNumber(options.sentencesPerChunk, DEFAULT_SENTENCES_PER_CHUNK, 1, 50, 'Sentences per chunk'),
    maxChunkChars: wholeNumber(options.maxChunkChars, DEFAULT_MAX_CHUNK_CHARS, 50, 100_000, 'The chunk size'),
    fewShot: wholeNumber(options.fewShot, MAX_FEW_SHOT, 0, MAX_FEW_SHOT, 'The number of examples'),
    unit: unitOf(options.unit),
    attributeSpans: options.attributeSpans,
    maxTokens: options.maxTokens === undefined ? undefined : wholeNumber(options.maxTokens, 0, 1, 1_000_000, 'The token limit'),
    pattern: placeholderRegex(options.placeholderPattern),
    detection: options.detection,
    signal: options.signal,
    onProgress: options.onProgress,
  };
}

/** A 31-bit seed for one request, mixed from the run's seed and the request's place in the run. */
export function requestSeed(base: number, pass: number, chunk: number, attempt: number): number {
  let h = base ^ 0x9e3779b9;
  for (const part of [pass, chunk, attempt]) {
    h = Math.imul(h ^ part, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return (h >>> 0) % 2 ** 31;
}
