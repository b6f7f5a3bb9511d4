/**
 * Figure-2 statistics of a collection, cached in the file per generation: they take
 * seconds on a court-sized collection and change only when the collection does.
 */
import type { CollectionIndex } from '../index-store/collection-index.js';
import { computeStatistics, type IndexStatistics } from '../index-store/collection-stats.js';
import { readMeta, writeMeta } from '../index-store/schema.js';
import { cachedStatisticsEntry, readCachedStatistics } from '../index-store/statistics-cache.js';

/** The statistics for N = 1..maxN, from the cache when the collection has not changed. */
export function collectionStatistics(collection: CollectionIndex, maxN = 8, signal?: AbortSignal): IndexStatistics {
  const generation = collection.generation();
  const cacheKey = `stats_n${maxN}`;
  const cached = readCachedStatistics(readMeta(collection.db)[cacheKey], `generation ${generation}`);
  if (cached !== undefined) return cached;
  const statistics = computeStatistics(collection.phraseIndex().shards, maxN, signal);
  if (!collection.db.readonly) {
    collection.db.transaction(() => writeMeta(collection.db, { [cacheKey]: cachedStatisticsEntry(statistics, `generation ${generation}`) }))();
  }
  return statistics;
}
