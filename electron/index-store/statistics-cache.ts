/**
 * The one form in which Figure-2 statistics are cached: JSON tagged with what they were
 * computed for (the collection's generation in its own file, for the CLI; its content
 * hash in the workspace, for the app, which opens collections read-only). A damaged or
 * foreign entry reads as absent, so it is computed again, never used.
 */
import type { IndexStatistics } from './collection-stats.js';

interface CachedStatistics {
  readonly tag: string;
  readonly statistics: IndexStatistics;
}

/** The cached statistics for `tag`, or undefined when there are none usable. */
export function readCachedStatistics(json: string | undefined, tag: string): IndexStatistics | undefined {
  if (json === undefined) return undefined;
  try {
    const entry = JSON.parse(json) as Partial<CachedStatistics> | null;
    const statistics = entry?.statistics;
    if (entry?.tag !== tag || typeof statistics !== 'object' || statistics === null) return undefined;
    return Array.isArray(statistics.byN) && typeof statistics.distinct === 'number' ? statistics : undefined;
  } catch {
    return undefined;
  }
}

/** The cache entry for `statistics` computed for `tag`. */
export function cachedStatisticsEntry(statistics: IndexStatistics, tag: string): string {
  const entry: CachedStatistics = { tag, statistics };
  return JSON.stringify(entry);
}
