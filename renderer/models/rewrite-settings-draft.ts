/**
 * The Model screen's rewriting settings as the clerk types them: text per field, read
 * into settings only when saved. Why text: a number field bound to a number turned an
 * emptied Temperature into 0 at once (so "0.8" typed after it read "00.8", and Save kept
 * 0 without a word), and a half-typed "1." into 0 as well.
 */
import { REWRITE_BOUNDS } from '../../shared/ipc/rewrite-bounds.js';
import type { RewriteSettings } from '../../shared/ipc/types.js';

/** One text per setting, as the fields show them ('' for a setting left to the app). */
export type RewriteDraft = { readonly [K in keyof RewriteSettings]: string };

/** What is wrong with a field's text, for the fields that are wrong. */
export type DraftProblems = Partial<Record<keyof RewriteSettings, string>>;

export function draftOf(settings: RewriteSettings): RewriteDraft {
  const text = (value: number | null): string => (value === null ? '' : String(value));
  return {
    temperature: text(settings.temperature),
    seed: text(settings.seed),
    maxPasses: text(settings.maxPasses),
    fewShot: text(settings.fewShot),
    maxTokens: text(settings.maxTokens),
  };
}

/** A number written plainly (no exponent, hex or spaces inside), or undefined. */
function plainNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d+(\.\d+)?$|^\.\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

function whole(text: string, min: number, max: number): number | string {
  const value = plainNumber(text);
  return value !== undefined && Number.isInteger(value) && value >= min && value <= max ? value : `A whole number from ${min} to ${max}.`;
}

/** The settings the draft says, or what is wrong with each field that is wrong. */
export function readDraft(draft: RewriteDraft): { settings: RewriteSettings } | { problems: DraftProblems } {
  const problems: DraftProblems = {};
  const { temperature: t, seed: s, maxPasses: p, fewShot: f, maxTokens: m } = REWRITE_BOUNDS;
  const temperatureValue = plainNumber(draft.temperature);
  const temperature =
    temperatureValue !== undefined && temperatureValue >= t.min && temperatureValue <= t.max
      ? temperatureValue
      : `A number from ${t.min} to ${t.max}, such as 1.2.`;
  // An empty seed or answer length leaves it to the app: a new seed each run, or automatic.
  const seed = draft.seed.trim() === '' ? null : whole(draft.seed, s.min, s.max);
  const maxPasses = whole(draft.maxPasses, p.min, p.max);
  const fewShot = whole(draft.fewShot, f.min, f.max);
  const maxTokens = draft.maxTokens.trim() === '' ? null : whole(draft.maxTokens, m.min, m.max);
  const read = { temperature, seed, maxPasses, fewShot, maxTokens };
  for (const [key, value] of Object.entries(read)) if (typeof value === 'string') problems[key as keyof RewriteSettings] = value;
  if (Object.keys(problems).length > 0) return { problems };
  return { settings: read as RewriteSettings };
}

/** True when the two say the same settings (so there is nothing to save). */
export function sameSettings(a: RewriteSettings, b: RewriteSettings): boolean {
  return a.temperature === b.temperature && a.seed === b.seed && a.maxPasses === b.maxPasses && a.fewShot === b.fewShot && a.maxTokens === b.maxTokens;
}
