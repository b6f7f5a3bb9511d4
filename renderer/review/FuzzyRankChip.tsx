/**
 * Beyond phrase search: an ordinary search engine (BM25) with the whole released text as
 * the query. Warns when the source is still the best match in the collection, which
 * rewriting phrases does not prevent (the paper's §5).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReviewDocument } from '../../shared/ipc/types.js';
import { detectionQueries } from '../api/queries.js';
import { useSourceSuggestions } from './use-source-suggestions.js';

export function FuzzyRankChip({ document, text }: { document: ReviewDocument; text: string }) {
  const path = document.settings.collectionPath;
  const suggested = useSourceSuggestions(document, document.settings.sourceId === null && document.originalId === null);
  const sourceId = document.settings.sourceId ?? document.originalId ?? suggested.ranked[0]?.id ?? null;
  const rank = useQuery({ ...detectionQueries.fuzzyRank(path ?? '', text, sourceId), enabled: path !== null, placeholderData: keepPreviousData });
  const data = rank.data;
  if (path === null || data === undefined) return null;
  const total = data.total.toLocaleString();
  if (data.rank === null) {
    return (
      <span className="verdict" title="BM25 ranking of the whole collection with this text as the query" data-testid="fuzzy-rank">
        Fuzzy search: best match {data.topId ?? 'none'}
      </span>
    );
  }
  const first = data.rank === 1;
  return (
    <span
      className={`verdict ${first ? 'linkable' : 'clean'}`}
      data-testid="fuzzy-rank"
      title={`An ordinary search engine (BM25) with the whole text as the query ranks ${data.sourceId} ${data.rank} of ${total}. Rewriting phrases does not stop this kind of linkage.`}
    >
      {first ? `Fuzzy search: the source is still the top match among ${total} documents` : `Fuzzy search: the source ranks ${data.rank} of ${total}`}
    </span>
  );
}
