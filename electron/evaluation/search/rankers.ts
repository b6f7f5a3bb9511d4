/**
 * The two attacks that rank the whole collection against a released text: BM25 over the
 * collection's terms (no model needed) and cosine of document embeddings.
 */
import { AppError } from '../../../shared/errors.js';
import type { PhraseIndex } from '../../../shared/linkage/phrase-index.js';
import { bm25Scores, queryTerms } from '../../search/bm25.js';
import { sourceRank, type SourceRank } from '../../search/source-rank.js';
import type { TermStatistics } from '../../search/term-statistics.js';

/** Ranks the source of a text among the collection. */
export interface Ranker {
  /** The rank of `sourceId` for each text, in order. */
  rankAll(texts: readonly string[], sourceId: string): Promise<SourceRank[]>;
}

function denseSource(ids: { denseNumberOf(id: string): number | undefined }, sourceId: string): number {
  const dense = ids.denseNumberOf(sourceId);
  if (dense === undefined) throw new AppError('not-found', `The collection has no document with id "${sourceId}".`);
  return dense;
}

/** BM25 with the released text as the query. */
export function bm25Ranker(index: PhraseIndex, statistics: TermStatistics, placeholderPattern: string): Ranker {
  return {
    rankAll: (texts, sourceId) => {
      const source = denseSource(statistics, sourceId);
      return Promise.resolve(texts.map((text) => sourceRank(bm25Scores(statistics, queryTerms(index, text, placeholderPattern)), source)));
    },
  };
}

/** Unit-length document embeddings of the collection, one row per document. */
export interface CollectionEmbeddings {
  readonly ids: readonly string[];
  readonly dimensions: number;
  /** Row-major, ids.length × dimensions, each row of unit length (or zero). */
  readonly matrix: Float32Array;
  denseNumberOf(id: string): number | undefined;
}

/** Cosine of the text's embedding with every document's. */
export function embeddingRanker(collection: CollectionEmbeddings, embed: (texts: string[]) => Promise<Float32Array[]>): Ranker {
  return {
    rankAll: async (texts, sourceId) => {
      const source = denseSource(collection, sourceId);
      const vectors = await embed([...texts]);
      return vectors.map((vector) => sourceRank(cosineScores(collection, vector), source));
    },
  };
}

/** Cosines of a unit-length query with every (unit-length) row. */
export function cosineScores(collection: CollectionEmbeddings, query: Float32Array): Float64Array {
  const { matrix, dimensions } = collection;
  if (query.length !== dimensions) throw new RangeError('The query embedding comes from another model than the collection embeddings.');
  let norm = 0;
  for (const x of query) norm += x * x;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  const scores = new Float64Array(collection.ids.length);
  for (let d = 0; d < scores.length; d++) {
    let dot = 0;
    const row = d * dimensions;
    for (let i = 0; i < dimensions; i++) dot += matrix[row + i]! * query[i]!;
    scores[d] = dot * scale;
  }
  return scores;
}
