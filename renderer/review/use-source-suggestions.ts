/**
 * The likeliest sources of the document, from the text as it was opened: after the clerk's
 * edits remove the source's rare phrases, the edited text would point elsewhere. With a
 * source set, it is weighed against them (shared/linkage/suggest-source.ts), so that a
 * mistyped but existing id does not pass for the source. Rare phrases are counted at the
 * document's k and longest N-gram, as `unlinkable check` counts them.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReviewDocument, SourceCandidate } from '../../shared/ipc/types.js';
import { sourceDoubt, type SourceDoubt } from '../../shared/linkage/suggest-source.js';
import { detectionQueries, documentQueries } from '../api/queries.js';

export interface SourceSuggestions {
  /** Best first; the source set comes after them when it is not among them. Empty until known. */
  readonly ranked: readonly SourceCandidate[];
  /** Another document shares more rare phrases than the source set. */
  readonly doubt: SourceDoubt | undefined;
  readonly error: unknown;
}

export function useSourceSuggestions(document: ReviewDocument, enabled = true): SourceSuggestions {
  const { collectionPath, sourceId, k, maxN } = document.settings;
  const opened = useQuery({ ...documentQueries.original(document.id), enabled: enabled && collectionPath !== null });
  const ranked = useQuery({
    ...detectionQueries.suggestSource(collectionPath ?? '', opened.data?.text ?? '', sourceId, { k, maxN }),
    enabled: enabled && collectionPath !== null && opened.data !== undefined,
  });
  const data = ranked.data ?? [];
  return {
    ranked: data,
    doubt: sourceId === null || ranked.data === undefined ? undefined : sourceDoubt(data, sourceId),
    error: opened.error ?? ranked.error,
  };
}
