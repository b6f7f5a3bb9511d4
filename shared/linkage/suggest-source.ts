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

/** Ranks documents by the number of minimal linkable N-grams they hold (most first). */
export function suggestSources(minimal: readonly LinkableNgram[], limit = 5): SourceSuggestion[] {
  const counts = new Map<string, number>();
  for (const m of minimal) for (const id of m.documents) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([id, sharedRarePhrases]) => ({ id, sharedRarePhrases }));
}
