/**
 * Suggests the source of a de-identified text: the collection documents that share the
 * most rare phrases with it. Minimal linkable N-grams (without a source) are exactly the
 * phrases that single out few documents, so counting their documents ranks the likely
 * sources.
 */
import type { LinkableNgram } from './types.js';

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
export function suggestSources(minimal: readonly LinkableNgram[], limit = 5, include?: string): SourceSuggestion[] {
  const counts = new Map<string, number>();
  for (const m of minimal) for (const id of m.documents) counts.set(id, (counts.get(id) ?? 0) + 1);
  const ranked = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([id, sharedRarePhrases]) => ({ id, sharedRarePhrases }));
  if (include !== undefined && !ranked.some((s) => s.id === include)) ranked.push({ id: include, sharedRarePhrases: counts.get(include) ?? 0 });
  return ranked;
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

/** The doubt in words, for every front door. */
export function sourceDoubtMessage(sourceId: string, doubt: SourceDoubt): string {
  return (
    `${doubt.likely.id}, not ${sourceId}, shares the most rare phrases with this text ` +
    `(${doubt.likely.sharedRarePhrases} against ${doubt.givenShares}). Only links to ${sourceId} count: ` +
    'check the source, or leave it out to count links to every document.'
  );
}
