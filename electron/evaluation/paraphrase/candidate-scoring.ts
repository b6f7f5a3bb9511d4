/**
 * Replacement selection (paper, Appendix A.2): each candidate phrase is scored by the
 * harmonic mean of how different it looks (normalised Levenshtein distance to the
 * original phrase) and how close it means (cosine of sentence embeddings); the best wins.
 */

/** Embeds texts into vectors, one per text, in order (e.g. a sentence transformer). */
export type EmbedFn = (texts: string[]) => Promise<Float32Array[]>;

/** One word's choice: its original phrase and the phrase with each candidate in place. */
export interface PhraseChoice {
  readonly original: string;
  readonly candidates: readonly string[];
}

/** Character-level Levenshtein distance (UTF-16 units). */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let previous = new Int32Array(b.length + 1).map((_, j) => j);
  let current = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      current[j] = Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/** Form difference in [0, 1]: Levenshtein distance over the longer length; higher = more different. */
export function formDifference(original: string, candidate: string): number {
  const longer = Math.max(original.length, candidate.length);
  return longer === 0 ? 0 : levenshtein(original, candidate) / longer;
}

/** Cosine similarity; 0 when either vector is all zeros. */
export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** Harmonic mean of two scores in [0, 1]; 0 when either is 0 or below (a bad side cannot be bought back). */
export function harmonicMean(a: number, b: number): number {
  return a <= 0 || b <= 0 ? 0 : (2 * a * b) / (a + b);
}

/** The selection score of one candidate phrase. */
export function candidateScore(original: string, candidate: string, originalVector: Float32Array, candidateVector: Float32Array): number {
  return harmonicMean(formDifference(original, candidate), Math.max(0, cosineSimilarity(originalVector, candidateVector)));
}

async function embedAll(texts: string[], embed: EmbedFn, batchSize: number, signal?: AbortSignal): Promise<Map<string, Float32Array>> {
  const vectors = new Map<string, Float32Array>();
  for (let from = 0; from < texts.length; from += batchSize) {
    signal?.throwIfAborted();
    const batch = texts.slice(from, from + batchSize);
    const embedded = await embed(batch);
    if (embedded.length !== batch.length) {
      throw new Error(`The embedding function returned ${embedded.length} vectors for ${batch.length} texts.`);
    }
    batch.forEach((text, i) => vectors.set(text, embedded[i]!));
  }
  return vectors;
}

/**
 * For each choice, the index of its best candidate (ties go to the earlier, i.e. the
 * more frequent WordNet sense). Texts are embedded once each, in batches of `batchSize`.
 */
export async function chooseBestCandidates(
  choices: readonly PhraseChoice[],
  embed: EmbedFn,
  options: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<number[]> {
  const texts = new Set<string>();
  for (const choice of choices) {
    texts.add(choice.original);
    for (const candidate of choice.candidates) texts.add(candidate);
  }
  const vectors = await embedAll([...texts], embed, Math.max(1, options.batchSize ?? 256), options.signal);
  return choices.map((choice) => {
    const originalVector = vectors.get(choice.original)!;
    let best = 0;
    let bestScore = -1;
    choice.candidates.forEach((candidate, i) => {
      const score = candidateScore(choice.original, candidate, originalVector, vectors.get(candidate)!);
      if (score > bestScore) [best, bestScore] = [i, score];
    });
    return best;
  });
}
