/**
 * The cosine of two embeddings, cos(u, v) = u·v / (‖u‖ ‖v‖): the evaluation's semantic
 * similarity (document embeddings of d′ and of its rewrite) and the rewriter's meaning
 * check (a phrase and the answer that replaces it) both use it.
 */

/** Cosine of two vectors of the same length; null when either is all zeros (no direction). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number | null {
  if (a.length !== b.length) throw new RangeError(`Cannot compare vectors of ${a.length} and ${b.length} dimensions: they come from different models.`);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return normA === 0 || normB === 0 ? null : dot / Math.sqrt(normA * normB);
}
