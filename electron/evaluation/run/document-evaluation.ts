/**
 * Evaluating one document: what is measured on d′ once (its spans to rephrase at every k,
 * its ranks, its embedding), and what is measured on each method's rewrite of it.
 */
import { detectLinkage } from '../../../shared/linkage/detect.js';
import type { DetectionResult } from '../../../shared/linkage/types.js';
import { tokenize, type TokenizedText } from '../../../shared/tokenizer/tokenize.js';
import type { CollectionIndex } from '../../index-store/collection-index.js';
import type { ShardedIndex } from '../../index-store/sharded-index.js';
import type { EvaluationDocument, MethodDefinition } from '../methods/method-types.js';
import { editSize } from '../../../shared/review/edit-ratio.js';
import { documentLinkage, spansToRephrase, type DocumentLinkage, type SpansToRephrase } from '../metrics/linkage-risk.js';
import { cosine } from '../../../shared/vectors.js';
import type { MethodRow, PerplexityFigure } from '../report/row-types.js';
import { sha256Text as sha256 } from '../../runtime/text-hash.js';
import { cosineScores, type CollectionEmbeddings, type Ranker } from '../search/rankers.js';
import { sourceRank, type SourceRank } from '../../search/source-rank.js';
import type { ModelServices } from './model-services.js';

/** What every document of a run is evaluated against. */
export interface RunContext {
  readonly collection: CollectionIndex;
  readonly index: ShardedIndex;
  /** The k values; the first one gives methods their spans. */
  readonly ks: readonly number[];
  readonly maxN: number;
  readonly placeholderPattern: string;
  readonly seed: number;
  readonly bm25: Ranker;
  readonly collectionEmbeddings?: CollectionEmbeddings | undefined;
  readonly models: ModelServices;
  readonly signal?: AbortSignal | undefined;
}

/** d′ measured once for all methods. */
export interface ReleasedAnalysis {
  readonly document: EvaluationDocument;
  readonly textSha256: string;
  /** Seed of this document: the run's seed mixed with its id. */
  readonly seed: number;
  /** Detection at arity ≤ 3 and the spans to rephrase, by k. */
  readonly detections: ReadonlyMap<number, { readonly result: DetectionResult; readonly spans: SpansToRephrase }>;
  readonly tokens: TokenizedText;
  readonly bm25: SourceRank;
  readonly embedding?: Float32Array | undefined;
  readonly semantic?: SourceRank | undefined;
}

/** A per-document seed that does not depend on which slice of documents runs. */
export function documentSeed(seed: number, documentId: string): number {
  return Number.parseInt(sha256(`${seed}\u0000${documentId}`).slice(0, 8), 16);
}

function detectSpans(run: RunContext, text: string, k: number, sourceId: string): { result: DetectionResult; spans: SpansToRephrase } {
  const settings = { k, arity: 3 as const, maxN: run.maxN, sourceId, placeholderPattern: run.placeholderPattern };
  const result = detectLinkage(run.index, text, settings, { signal: run.signal });
  return { result, spans: spansToRephrase(result, tokenize(text, { placeholderPattern: run.placeholderPattern })) };
}

function semanticRank(run: RunContext, vector: Float32Array | undefined, sourceId: string): SourceRank | undefined {
  const embeddings = run.collectionEmbeddings;
  const source = embeddings?.denseNumberOf(sourceId);
  if (embeddings === undefined || vector === undefined || source === undefined) return undefined;
  return sourceRank(cosineScores(embeddings, vector), source);
}

/** Detects, ranks and embeds d′. */
export async function analyseReleased(run: RunContext, document: EvaluationDocument): Promise<ReleasedAnalysis> {
  const detections = new Map(run.ks.map((k) => [k, detectSpans(run, document.text, k, document.sourceId)] as const));
  const [bm25] = await run.bm25.rankAll([document.text], document.sourceId);
  const embedding = run.models.embed === undefined ? undefined : (await run.models.embed([document.text]))[0];
  // The search engine's view: the first window, as the collection was embedded.
  const head = run.collectionEmbeddings === undefined || run.models.embedHead === undefined ? undefined : (await run.models.embedHead([document.text]))[0];
  return {
    document,
    textSha256: sha256(document.text),
    seed: documentSeed(run.seed, document.id),
    detections,
    tokens: tokenize(document.text, { placeholderPattern: run.placeholderPattern }),
    bm25: bm25!,
    embedding,
    semantic: semanticRank(run, head, document.sourceId),
  };
}

async function perplexityOf(run: RunContext, text: string): Promise<PerplexityFigure | null> {
  if (run.models.score === undefined) return null;
  const result = await run.models.score(text);
  return { perplexity: result.perplexity, negativeLogLikelihood: result.negativeLogLikelihood, scoredTokens: result.scoredTokens };
}

/** Runs `method` on d′ and measures its rewrite. */
export async function evaluateMethod(run: RunContext, released: ReleasedAnalysis, method: MethodDefinition, key: string): Promise<MethodRow> {
  const { document } = released;
  const first = released.detections.get(run.ks[0]!)!;
  const output = await method.run(document, {
    collection: run.collection,
    index: run.index,
    settings: first.result.settings,
    detection: first.result,
    seed: released.seed,
    embed: run.models.embed,
    signal: run.signal,
  });
  const unchanged = output.text === document.text;
  const rewriteTokens = tokenize(output.text, { placeholderPattern: run.placeholderPattern });
  const linkage: Record<string, DocumentLinkage> = {};
  for (const [k, before] of released.detections) {
    const after = unchanged ? before : detectSpans(run, output.text, k, document.sourceId);
    linkage[String(k)] = documentLinkage(before.spans, released.tokens, rewriteTokens, after.spans);
  }
  let vector = released.embedding;
  if (!unchanged && run.models.embed !== undefined) vector = (await run.models.embed([output.text]))[0];
  const head = run.collectionEmbeddings === undefined || run.models.embedHead === undefined ? undefined : (await run.models.embedHead([output.text]))[0];
  const [bm25After] = unchanged ? [released.bm25] : await run.bm25.rankAll([output.text], document.sourceId);
  const semanticAfter = semanticRank(run, head, document.sourceId);
  return {
    kind: 'method',
    key,
    method: method.id,
    documentId: document.id,
    sourceId: document.sourceId,
    textSha256: released.textSha256,
    rewriteSha256: sha256(output.text),
    linkage,
    edit: editSize(document.text, output.text, run.placeholderPattern),
    similarity: released.embedding !== undefined && vector !== undefined ? cosine(released.embedding, vector) : null,
    perplexity: await perplexityOf(run, output.text),
    cost: {
      seconds: output.seconds,
      passes: output.passes,
      promptTokens: output.promptTokens,
      generatedTokens: output.generatedTokens,
      ...(output.rejections === undefined ? {} : { rejections: { ...output.rejections } }),
    },
    bm25: { before: released.bm25, after: bm25After! },
    semantic: released.semantic !== undefined && semanticAfter !== undefined ? { before: released.semantic, after: semanticAfter } : null,
    credit: output.credit ?? null,
  };
}
