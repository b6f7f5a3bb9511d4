/**
 * Figure-2 statistics of a collection, cached in the file per generation: they take
 * seconds on a court-sized collection and change only when the collection does.
 */
import type { CollectionIndex } from '../index-store/collection-index.js';
import { computeStatistics, type IndexStatistics } from '../index-store/collection-stats.js';
import { readMeta, writeMeta } from '../index-store/schema.js';

interface CachedStatistics {
  readonly generation: number;
  readonly statistics: IndexStatistics;
}

/** The statistics for N = 1..maxN, from the cache when the collection has not changed. */
export function collectionStatistics(collection: CollectionIndex, maxN = 8, signal?: AbortSignal): IndexStatistics {
  const generation = collection.generation();
  const cacheKey = `stats_n${maxN}`;
  const cached = readMeta(collection.db)[cacheKey];
  if (cached !== undefined) {
    try {
      const parsed = JSON.parse(cached) as CachedStatistics;
      if (parsed.generation === generation) return parsed.statistics;
    } catch {
      // A damaged cache entry is recomputed.
    }
  }
  const statistics = computeStatistics(collection.phraseIndex().shards, maxN, signal);
  if (!collection.db.readonly) {
    const entry: CachedStatistics = { generation, statistics };
    collection.db.transaction(() => writeMeta(collection.db, { [cacheKey]: JSON.stringify(entry) }))();
  }
  return statistics;
}
