/**
 * What the evaluation writes per document: one method row per (method, document) in
 * results.jsonl and one curve row per (ranker, document) in redaction-curves.jsonl.
 * Rows hold figures and ids, never document text.
 */
import type { MethodId, SpanCredit } from '../methods/method-types.js';
import type { DocumentLinkage } from '../metrics/linkage-risk.js';
import type { EditSize } from '../../../shared/review/edit-ratio.js';
import type { RedactionStep } from '../search/redaction-curve.js';
import type { SourceRank } from '../../search/source-rank.js';

/**
 * Version of what rows mean, part of every resume key: bump it when a metric's definition
 * changes, so rows measured the old way are not mixed with new ones.
 */
export const RESULTS_FORMAT = 3;

/** The source's rank before (d′) and after (the rewrite). */
export interface RankPair {
  readonly before: SourceRank;
  readonly after: SourceRank;
}

/** Perplexity of one text, with what pools it over documents. */
export interface PerplexityFigure {
  readonly perplexity: number | null;
  readonly negativeLogLikelihood: number;
  readonly scoredTokens: number;
}

/** One method on one document. */
export interface MethodRow {
  readonly kind: 'method';
  /** Resume key: the run's and the method's settings. */
  readonly key: string;
  readonly method: MethodId;
  readonly documentId: string;
  readonly sourceId: string;
  /** SHA-256 of d′'s text, so a changed input is evaluated again. */
  readonly textSha256: string;
  /**
   * SHA-256 of the method's output, so that two runs can be compared text for text (textSha256
   * is the input's, the same in every run). Absent in rows written before 2026-12-08.
   */
  readonly rewriteSha256?: string;
  /** Linkage risk by k (as a string key, "2", "5"). */
  readonly linkage: Readonly<Record<string, DocumentLinkage>>;
  readonly edit: EditSize;
  /** Cosine of the embeddings of d′ and the rewrite; null when not measured or undefined. */
  readonly similarity: number | null;
  /** Perplexity of the rewrite; null when not measured. */
  readonly perplexity: PerplexityFigure | null;
  readonly cost: {
    readonly seconds: number;
    readonly passes: number;
    readonly promptTokens: number;
    readonly generatedTokens: number;
    /**
     * LLM methods: answers the rewriter's checks refused, by reason, over every pass. Absent
     * for the other methods, and in rows written before it was recorded (2026-12-07).
     */
    readonly rejections?: Readonly<Record<string, number>>;
  };
  readonly bm25: RankPair;
  /** Embedding-cosine ranks; null without an embedding model. */
  readonly semantic: RankPair | null;
  /** LLM methods: who resolved d′'s arity-1 spans; null for the others. */
  readonly credit: SpanCredit | null;
}

/** Figure 3's curve for one document and one ranker. */
export interface CurveRow {
  readonly kind: 'curve';
  readonly key: string;
  readonly ranker: 'bm25' | 'embedding';
  readonly documentId: string;
  readonly textSha256: string;
  readonly steps: readonly RedactionStep[];
}
