/**
 * Where the true source lands when every document of the collection is scored against a
 * query (by BM25 or by embedding cosine). Ties count against the source: it is first only
 * when it scores strictly above every other document, so a query that says nothing (all
 * scores equal) never "finds" it.
 */

/** The source's standing among all documents. */
export interface SourceRank {
  /** 1 + the number of other documents scoring at least as high as the source. */
  readonly rank: number;
  readonly score: number;
  /** The best score of any other document. */
  readonly bestOther: number;
  /** score − bestOther: positive exactly when the source is first (0 in a one-document collection). */
  readonly margin: number;
}

/** The rank of document `source` (an index into `scores`). */
export function sourceRank(scores: ArrayLike<number>, source: number): SourceRank {
  const score = scores[source];
  if (score === undefined) throw new RangeError('The source is not among the scored documents.');
  let above = 0;
  let bestOther = Number.NEGATIVE_INFINITY;
  for (let d = 0; d < scores.length; d++) {
    if (d === source) continue;
    const other = scores[d]!;
    if (other >= score) above++;
    if (other > bestOther) bestOther = other;
  }
  if (scores.length === 1) bestOther = score;
  return { rank: 1 + above, score, bestOther, margin: score - bestOther };
}
