/**
 * Totals over the documents of a run: one summary per method, and Figure 3's curves
 * averaged over documents with Wilson intervals.
 */
import type { MethodId } from '../methods/method-types.js';
import { aggregateShares, type AggregateShare } from '../metrics/linkage-risk.js';
import { wilsonInterval, type Proportion } from '../metrics/wilson.js';
import type { SourceRank } from '../../search/source-rank.js';
import type { CurveRow, MethodRow } from './row-types.js';
import { sumRejections } from '../../rewriter/records.js';

/** How the source ranks over many documents. */
export interface RankSummary {
  readonly documents: number;
  /** Documents where the source is strictly first. */
  readonly first: Proportion;
  readonly top5: Proportion;
  readonly medianRank: number | null;
  /** Median of the source's score minus the best other score. */
  readonly medianMargin: number | null;
}

/** Linkage risk over documents at one k. */
export interface LinkageTotals {
  readonly arity1: AggregateShare;
  readonly arity3: AggregateShare;
  /** Spans newly linkable in the rewrites, summed, and the documents that have any. */
  readonly newlyLinkable: { readonly arity1: number; readonly arity3: number; readonly documents: number };
}

/** One method over every document of the run. */
export interface MethodTotals {
  readonly method: MethodId;
  readonly label: string;
  readonly documents: number;
  readonly linkage: Readonly<Record<string, LinkageTotals>>;
  /** Null when not measured (no embedding model). */
  readonly similarity: { readonly mean: number | null; readonly documents: number } | null;
  /** Null when not measured (no perplexity model). `mean` is over documents; `pooled` = exp(Σ NLL / Σ tokens). */
  readonly perplexity: { readonly mean: number | null; readonly median: number | null; readonly pooled: number | null; readonly documents: number } | null;
  /** `mean` over documents; `pooled` = Σ distance / Σ words. */
  readonly editRatio: { readonly mean: number | null; readonly pooled: number | null };
  readonly cost: {
    readonly meanSeconds: number | null;
    readonly totalSeconds: number;
    readonly meanPasses: number | null;
    readonly meanPromptTokens: number | null;
    readonly meanGeneratedTokens: number | null;
  };
  readonly bm25: { readonly before: RankSummary; readonly after: RankSummary };
  readonly semantic: { readonly before: RankSummary; readonly after: RankSummary } | null;
  /**
   * LLM methods: who resolved d′'s arity-1 spans, as shares of all of them (pooled over
   * documents), and the placeholders the model wrote itself per document. Null for others.
   */
  readonly credit: {
    readonly spans: number;
    readonly model: number | null;
    readonly modelPlaceholder: number | null;
    readonly fallback: number | null;
    readonly unresolved: number | null;
    readonly ownPlaceholdersPerDocument: number | null;
  } | null;
  /**
   * LLM methods: answers the rewriter's checks refused, per document (means over the
   * documents whose rows record them: rows written before 2026-12-07 do not), in all and by
   * reason. Null when no row records them.
   */
  readonly refusals: {
    readonly documents: number;
    readonly perDocument: number;
    readonly byReason: Readonly<Record<string, number>>;
  } | null;
}

/** Figure 3 averaged over documents. */
export interface CurveTotals {
  readonly ranker: 'bm25' | 'embedding';
  readonly documents: number;
  readonly points: readonly { readonly share: number; readonly first: Proportion; readonly top5: Proportion; readonly medianRank: number | null }[];
}

/** Mean of the numbers, or null for none. */
export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Median (mean of the middle two for an even count), or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function finite(values: readonly (number | null | undefined)[]): number[] {
  return values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
}

/** Rank summary of the source's ranks over documents. */
export function rankSummary(ranks: readonly SourceRank[]): RankSummary {
  const n = ranks.length;
  return {
    documents: n,
    first: wilsonInterval(ranks.filter((r) => r.rank === 1).length, n),
    top5: wilsonInterval(ranks.filter((r) => r.rank <= 5).length, n),
    medianRank: median(ranks.map((r) => r.rank)),
    medianMargin: median(finite(ranks.map((r) => r.margin))),
  };
}

function linkageTotals(rows: readonly MethodRow[], k: string): LinkageTotals {
  const at = rows.map((row) => row.linkage[k]).filter((l) => l !== undefined);
  return {
    arity1: aggregateShares(at.map((l) => l.arity1)),
    arity3: aggregateShares(at.map((l) => l.arity3)),
    newlyLinkable: {
      arity1: at.reduce((sum, l) => sum + l.newlyLinkable.arity1, 0),
      arity3: at.reduce((sum, l) => sum + l.newlyLinkable.arity3, 0),
      documents: at.filter((l) => l.newlyLinkable.arity3 > 0 || l.newlyLinkable.arity1 > 0).length,
    },
  };
}

/** Totals of one method; `measured` says which model-based metrics the run measured. */
export function methodTotals(
  method: { id: MethodId; label: string },
  rows: readonly MethodRow[],
  ks: readonly number[],
  measured: { similarity: boolean; perplexity: boolean },
): MethodTotals {
  const perplexities = finite(rows.map((r) => r.perplexity?.perplexity));
  const nll = rows.reduce((sum, r) => sum + (r.perplexity?.negativeLogLikelihood ?? 0), 0);
  const scored = rows.reduce((sum, r) => sum + (r.perplexity?.scoredTokens ?? 0), 0);
  const words = rows.reduce((sum, r) => sum + r.edit.words, 0);
  const semanticRows = rows.filter((r) => r.semantic !== null);
  return {
    method: method.id,
    label: method.label,
    documents: rows.length,
    linkage: Object.fromEntries(ks.map((k) => [String(k), linkageTotals(rows, String(k))])),
    similarity: measured.similarity ? { mean: mean(finite(rows.map((r) => r.similarity))), documents: finite(rows.map((r) => r.similarity)).length } : null,
    perplexity: measured.perplexity
      ? { mean: mean(perplexities), median: median(perplexities), pooled: scored > 0 ? Math.exp(nll / scored) : null, documents: perplexities.length }
      : null,
    editRatio: { mean: mean(finite(rows.map((r) => r.edit.ratio))), pooled: words > 0 ? rows.reduce((sum, r) => sum + r.edit.distance, 0) / words : null },
    cost: {
      meanSeconds: mean(rows.map((r) => r.cost.seconds)),
      totalSeconds: rows.reduce((sum, r) => sum + r.cost.seconds, 0),
      meanPasses: mean(rows.map((r) => r.cost.passes)),
      meanPromptTokens: mean(rows.map((r) => r.cost.promptTokens)),
      meanGeneratedTokens: mean(rows.map((r) => r.cost.generatedTokens)),
    },
    bm25: { before: rankSummary(rows.map((r) => r.bm25.before)), after: rankSummary(rows.map((r) => r.bm25.after)) },
    semantic:
      semanticRows.length > 0
        ? { before: rankSummary(semanticRows.map((r) => r.semantic!.before)), after: rankSummary(semanticRows.map((r) => r.semantic!.after)) }
        : null,
    credit: creditTotals(rows),
    refusals: refusalTotals(rows),
  };
}

function refusalTotals(rows: readonly MethodRow[]): MethodTotals['refusals'] {
  const recorded = rows.flatMap((row) => (row.cost.rejections === undefined ? [] : [row.cost.rejections]));
  if (recorded.length === 0) return null;
  const summed = sumRejections(recorded);
  const all = Object.values(summed).reduce((a, b) => a + b, 0);
  const byReason = Object.fromEntries(Object.entries(summed).map(([reason, n]) => [reason, n / recorded.length]));
  return { documents: recorded.length, perDocument: all / recorded.length, byReason };
}

function creditTotals(rows: readonly MethodRow[]): MethodTotals['credit'] {
  const credited = rows.flatMap((row) => (row.credit === null || row.credit === undefined ? [] : [row.credit]));
  if (credited.length === 0) return null;
  const spans = credited.reduce((sum, c) => sum + c.spans, 0);
  const shareOf = (pick: (c: (typeof credited)[number]) => number): number | null => (spans > 0 ? credited.reduce((sum, c) => sum + pick(c), 0) / spans : null);
  return {
    spans,
    model: shareOf((c) => c.model),
    modelPlaceholder: shareOf((c) => c.modelPlaceholder),
    fallback: shareOf((c) => c.fallback),
    unresolved: shareOf((c) => c.unresolved),
    ownPlaceholdersPerDocument: mean(credited.map((c) => c.ownPlaceholders)),
  };
}

/** Figure 3's points: at each share, how often the source is first and in the top 5. */
export function curveTotals(ranker: 'bm25' | 'embedding', rows: readonly CurveRow[]): CurveTotals {
  const shares = rows[0]?.steps.map((step) => step.share) ?? [];
  return {
    ranker,
    documents: rows.length,
    points: shares.map((share, i) => {
      const ranks = rows.map((row) => row.steps[i]?.rank).filter((rank): rank is number => rank !== undefined);
      return {
        share,
        first: wilsonInterval(ranks.filter((rank) => rank === 1).length, ranks.length),
        top5: wilsonInterval(ranks.filter((rank) => rank <= 5).length, ranks.length),
        medianRank: median(ranks),
      };
    }),
  };
}
