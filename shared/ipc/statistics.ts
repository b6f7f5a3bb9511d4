/**
 * The statistics of the paper's Figure 2 for a collection (computed in
 * electron/index-store/collection-stats.ts, shown by the collections screen).
 */

/** A histogram bucket of posting-list lengths, inclusive bounds. */
export interface LengthBucket {
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

/** Statistics for one N. */
export interface NgramSizeStatistics {
  readonly n: number;
  readonly distinct: number;
  readonly singletons: number;
  readonly singletonShare: number;
  readonly meanPostings: number;
  readonly histogram: LengthBucket[];
}

/** Figure 2 of the paper, for this collection. */
export interface IndexStatistics {
  readonly maxN: number;
  readonly byN: NgramSizeStatistics[];
  readonly distinct: number;
  readonly meanPostings: number;
  readonly sdPostings: number;
}
