/**
 * Suggests the source of a de-identified text: the collection documents that share the
 * most rare phrases with it. Minimal linkable N-grams (without a source) are exactly the
 * phrases that single out few documents, so counting their documents ranks the likely
 * sources.
 */
import { detectionSteps, type DetectOptions } from './detect.js';
import type { PhraseIndex } from './phrase-index.js';
import type { DetectionSettings } from './settings.js';
import type { LinkableNgram } from './types.js';

/** How many likely sources are named. */
const SUGGESTED_SOURCES = 5;

/** A suggested source and how many rare phrases support it. */
export interface SourceSuggestion {
  readonly id: string;
  readonly sharedRarePhrases: number;
}

/**
 * Ranks documents by the number of minimal linkable N-grams they hold (most first), the
 * first `limit` of them, and `include` after them when it is not among them (with its
 * count, 0 when it holds none), so that a source given can be weighed against the rest.
 */
export function suggestSources(minimal: readonly LinkableNgram[], limit = SUGGESTED_SOURCES, include?: string): SourceSuggestion[] {
  const counts = new Map<string, number>();
  for (const m of minimal) for (const id of m.documents) counts.set(id, (counts.get(id) ?? 0) + 1);
  const ranked = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([id, sharedRarePhrases]) => ({ id, sharedRarePhrases }));
  if (include !== undefined && !ranked.some((s) => s.id === include)) ranked.push({ id: include, sharedRarePhrases: counts.get(include) ?? 0 });
  return ranked;
}

/**
 * The likeliest sources of `text` (see suggestSources), with settings.sourceId after them
 * when it is not among them: one check at arity 1 with no source, at the k and longest
 * N-gram given, since those decide which phrases are rare. Every front door weighs a
 * source with this, so that the app's doubt and the CLI's agree.
 */
export function* likeliestSourcesSteps(
  index: PhraseIndex,
  text: string,
  settings: Partial<DetectionSettings>,
  options: DetectOptions = {},
): Generator<void, SourceSuggestion[]> {
  const result = yield* detectionSteps(index, text, { ...settings, arity: 1, sourceId: undefined }, { ...options, singlesOnly: true });
  return suggestSources(result.minimal, SUGGESTED_SOURCES, settings.sourceId);
}

/** Another document that shares more of the text's rare phrases than the source given. */
export interface SourceDoubt {
  readonly likely: SourceSuggestion;
  /** Rare phrases the source given shares with the text. */
  readonly givenShares: number;
}

/**
 * With a source given, only links to it count, so a mistyped but existing id gives a clean
 * verdict for the wrong document. The doubt: the top of `ranked` (suggestSources with the
 * source included) shares more rare phrases than the source; undefined when none does.
 */
export function sourceDoubt(ranked: readonly SourceSuggestion[], sourceId: string): SourceDoubt | undefined {
  const likely = ranked[0];
  const givenShares = ranked.find((s) => s.id === sourceId)?.sharedRarePhrases ?? 0;
  return likely === undefined || likely.sharedRarePhrases <= givenShares ? undefined : { likely, givenShares };
}

/** The doubt as one reason, as the release gate lists it beside its others. */
export function sourceDoubtReason(sourceId: string, doubt: SourceDoubt): string {
  return `${doubt.likely.id} shares more of the text's rare phrases than ${sourceId} (${doubt.likely.sharedRarePhrases} against ${doubt.givenShares})`;
}

/** The doubt in words with what to do about it, for every front door's warning. */
export function sourceDoubtMessage(sourceId: string, doubt: SourceDoubt): string {
  return `${sourceDoubtReason(sourceId, doubt)}. Only links to ${sourceId} count: check the source, or leave it out to count links to every document.`;
}
