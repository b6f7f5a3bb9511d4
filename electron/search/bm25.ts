/**
 * Fuzzy-search linkage: what an adversary with an ordinary search engine does. The whole
 * released text is the query; every document of the collection gets its Okapi BM25 score
 *
 *   score(D, q) = Σ_t qtf(t) · idf(t) · tf(t, D)·(k1 + 1) / (tf(t, D) + k1·(1 − b + b·|D|/avgdl))
 *   idf(t) = ln(1 + (N − df(t) + 0.5) / (df(t) + 0.5))
 *
 * over the distinct query terms t (engine token keys; placeholders are no terms), with
 * qtf(t) the term's occurrences in the query (a repeated word weighs more, as in a
 * bag-of-words query of Lucene), N the live documents, k1 = 1.2 and b = 0.75.
 */
import type { PhraseIndex } from '../../shared/linkage/phrase-index.js';
import { tokenize } from '../../shared/tokenizer/tokenize.js';
import type { TermStatistics } from './term-statistics.js';

/** BM25's free parameters. */
export interface Bm25Parameters {
  readonly k1: number;
  readonly b: number;
}

/** Lucene's and Elasticsearch's defaults. */
export const DEFAULT_BM25: Bm25Parameters = { k1: 1.2, b: 0.75 };

/** Query term ids of `text` with their counts; keys the collection never uses are dropped. */
export function queryTerms(index: PhraseIndex, text: string, placeholderPattern?: string): Map<number, number> {
  const tokens = tokenize(text, placeholderPattern === undefined ? {} : { placeholderPattern });
  const counts = new Map<number, number>();
  for (const id of index.idsOf(tokens.keys)) if (id > 0) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/** idf(t) as above. */
export function inverseDocumentFrequency(documents: number, documentFrequency: number): number {
  return Math.log(1 + (documents - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** The BM25 score of every document (by dense number) for the query. */
export function bm25Scores(statistics: TermStatistics, query: ReadonlyMap<number, number>, parameters: Bm25Parameters = DEFAULT_BM25): Float64Array {
  const { k1, b } = parameters;
  const n = statistics.documentCount;
  const scores = new Float64Array(n);
  const norm = new Float64Array(n);
  const average = statistics.averageLength || 1;
  for (let d = 0; d < n; d++) norm[d] = k1 * (1 - b + (b * statistics.documentLengths[d]!) / average);
  for (const [term, count] of query) {
    const df = statistics.documentFrequency(term);
    if (df === 0) continue;
    const weight = count * inverseDocumentFrequency(n, df);
    for (let p = statistics.offsets[term]!; p < statistics.offsets[term + 1]!; p++) {
      const d = statistics.postingDocuments[p]!;
      const tf = statistics.postingFrequencies[p]!;
      scores[d]! += (weight * tf * (k1 + 1)) / (tf + norm[d]!);
    }
  }
  return scores;
}
