/**
 * Detection settings and their validation. The same rules serve the CLI flags, the IPC
 * payloads and the evaluation harness.
 */
import { DEFAULT_PLACEHOLDER_PATTERN } from '../tokenizer/placeholders.js';

/** Maximum combination size: 1 means single N-grams only. */
export type Arity = 1 | 2 | 3;

/** How a document is checked against the collection. */
export interface DetectionSettings {
  /** Anonymity threshold: a phrase in fewer than k documents links (k ≥ 2). */
  readonly k: number;
  /** 1: single N-grams; 2 or 3: also combinations of up to that many N-grams. */
  readonly arity: Arity;
  /** Longest N-gram in tokens; 0 means unbounded. */
  readonly maxN: number;
  /** External id of the source document in D: only linkages to it count. */
  readonly sourceId?: string | undefined;
  /** Placeholder pattern of the checked text (regex source). */
  readonly placeholderPattern: string;
}

/** Defaults from the paper: k = 2, N ≤ 8; arity 3 as the review app's default. */
export const DEFAULT_SETTINGS: DetectionSettings = {
  k: 2,
  arity: 3,
  maxN: 8,
  placeholderPattern: DEFAULT_PLACEHOLDER_PATTERN,
};

/** Largest k we accept: beyond it every phrase links and the result means nothing. */
export const MAX_K = 1000;
/** Largest bounded N; use 0 for unbounded. */
export const MAX_BOUNDED_N = 64;

/** Thrown for settings a user must correct. */
export class SettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingsError';
  }
}

/** Checks settings and fills defaults; throws SettingsError with a message for people. */
export function resolveSettings(input: Partial<DetectionSettings>): DetectionSettings {
  const settings = { ...DEFAULT_SETTINGS, ...stripUndefined(input) };
  if (!Number.isInteger(settings.k) || settings.k < 2 || settings.k > MAX_K) {
    throw new SettingsError(`k must be a whole number from 2 to ${MAX_K} (got ${String(settings.k)}): a phrase links when fewer than k documents hold it.`);
  }
  if (settings.arity !== 1 && settings.arity !== 2 && settings.arity !== 3) {
    throw new SettingsError(`arity must be 1, 2 or 3 (got ${String(settings.arity)}).`);
  }
  if (!Number.isInteger(settings.maxN) || settings.maxN < 0 || settings.maxN > MAX_BOUNDED_N) {
    throw new SettingsError(`max N must be a whole number from 1 to ${MAX_BOUNDED_N}, or 0 for unbounded (got ${String(settings.maxN)}).`);
  }
  if (settings.sourceId !== undefined && (typeof settings.sourceId !== 'string' || settings.sourceId.length === 0)) {
    throw new SettingsError('The source document id must be a non-empty string.');
  }
  return settings;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
