/**
 * The run's report as markdown: the paper's table layout (one row per method), then
 * linkage risk at every k, the search attacks before and after rewriting, cost, and
 * Figure 3's points. Figures from the test model are flagged at the top.
 */
import type { Proportion } from '../metrics/wilson.js';
import type { ModelIdentity } from '../run/model-services.js';
import type { CurveTotals, MethodTotals, RankSummary } from './totals.js';

/** Everything the report shows. */
export interface ReportInput {
  readonly title: string;
  readonly ks: readonly number[];
  readonly methods: readonly MethodTotals[];
  /** Methods that could not run here, with the reason. */
  readonly skipped: readonly { readonly label: string; readonly reason: string }[];
  readonly models: {
    readonly embedding?: ModelIdentity | undefined;
    readonly perplexity?: ModelIdentity | undefined;
    readonly llm?: ModelIdentity | undefined;
  };
  readonly curves: readonly CurveTotals[];
}

export const NOT_MEASURED = 'not measured (no model)';

const fixed = (value: number | null | undefined, digits = 3): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(digits);
const share = (pooled: number | null, meanShare: number | null): string => (pooled === null ? 'no spans' : `${fixed(pooled)} (${fixed(meanShare)})`);
const proportion = (p: Proportion): string => (p.share === null ? '–' : `${fixed(p.share)} [${fixed(p.low, 2)}, ${fixed(p.high, 2)}]`);
const rank = (value: number | null): string => (value === null ? '–' : Number.isInteger(value) ? String(value) : value.toFixed(1));
const modelName = (model: ModelIdentity | undefined): string => (model === undefined ? 'no model' : (model.name ?? model.fileName));

function row(cells: readonly string[]): string {
  return `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [row(header), row(header.map(() => '---')), ...rows.map(row)];
}

function paperTable(input: ReportInput): string[] {
  const k = String(input.ks[0]);
  const header = [
    'Approach',
    `Linkable N-grams, arity = 1 (k=${k})`,
    `Linkable N-grams, arity ≤ 3 (k=${k})`,
    `Semantic similarity (${modelName(input.models.embedding)})`,
    `Perplexity (${modelName(input.models.perplexity)})`,
    'Edit ratio',
    'Seconds / document',
  ];
  const rows = input.methods.map((m) => [
    m.label,
    share(m.linkage[k]!.arity1.pooled, m.linkage[k]!.arity1.mean),
    share(m.linkage[k]!.arity3.pooled, m.linkage[k]!.arity3.mean),
    m.similarity === null ? NOT_MEASURED : fixed(m.similarity.mean),
    m.perplexity === null ? NOT_MEASURED : fixed(m.perplexity.mean, 1),
    fixed(m.editRatio.mean),
    fixed(m.cost.meanSeconds, 2),
  ]);
  for (const s of input.skipped) rows.push([s.label, `not run: ${s.reason}`, ...header.slice(2).map(() => '–')]);
  return table(header, rows);
}

function linkageTable(input: ReportInput): string[] {
  const rows = input.methods.flatMap((m) =>
    input.ks.map((k) => {
      const l = m.linkage[String(k)]!;
      return [
        m.label,
        String(k),
        String(l.arity1.spans),
        share(l.arity1.pooled, l.arity1.mean),
        String(l.arity3.spans),
        share(l.arity3.pooled, l.arity3.mean),
        `${l.newlyLinkable.arity1} / ${l.newlyLinkable.arity3} (${l.newlyLinkable.documents} docs)`,
      ];
    }),
  );
  return table(['Approach', 'k', 'Spans, arity 1', 'Still present', 'Spans, arity ≤ 3', 'Still present', 'Newly linkable, arity 1 / ≤ 3'], rows);
}

function rankCells(summary: { before: RankSummary; after: RankSummary }): string[] {
  return [
    proportion(summary.before.first),
    proportion(summary.after.first),
    proportion(summary.before.top5),
    proportion(summary.after.top5),
    `${rank(summary.before.medianRank)} → ${rank(summary.after.medianRank)}`,
    `${fixed(summary.before.medianMargin, 2)} → ${fixed(summary.after.medianMargin, 2)}`,
  ];
}

function rankTable(input: ReportInput, pick: (m: MethodTotals) => { before: RankSummary; after: RankSummary } | null): string[] {
  const rows = input.methods.map((m) => {
    const summary = pick(m);
    return summary === null ? [m.label, ...Array<string>(6).fill(NOT_MEASURED)] : [m.label, ...rankCells(summary)];
  });
  return table(['Approach', 'Source first, d′', 'Source first, rewrite', 'Top 5, d′', 'Top 5, rewrite', 'Median rank', 'Median margin'], rows);
}

function costTable(input: ReportInput): string[] {
  return table(
    ['Approach', 'Documents', 'Seconds / document', 'Passes / document', 'Prompt tokens / document', 'Generated tokens / document'],
    input.methods.map((m) => [
      m.label,
      String(m.documents),
      fixed(m.cost.meanSeconds, 2),
      fixed(m.cost.meanPasses, 2),
      fixed(m.cost.meanPromptTokens, 0),
      fixed(m.cost.meanGeneratedTokens, 0),
    ]),
  );
}

/** The LLM methods' work: who resolved d′'s arity-1 spans, and what it cost. */
function modelWorkTable(input: ReportInput): string[] {
  const credited = input.methods.filter((m) => m.credit !== null);
  if (credited.length === 0) return ['No LLM method ran.'];
  return table(
    [
      'Approach',
      `Model (${modelName(input.models.llm)})`,
      'Arity-1 spans of d′',
      'Resolved by the model',
      "By the model's own placeholder",
      'By fallback placeholders',
      'Unresolved',
      "Model's own placeholders / document",
      'Seconds / document',
      'Generated tokens / document',
      'Answers refused / document (by reason)',
    ],
    credited.map((m) => [
      m.label,
      modelName(input.models.llm),
      String(m.credit!.spans),
      fixed(m.credit!.model),
      fixed(m.credit!.modelPlaceholder),
      fixed(m.credit!.fallback),
      fixed(m.credit!.unresolved),
      fixed(m.credit!.ownPlaceholdersPerDocument, 1),
      fixed(m.cost.meanSeconds, 1),
      fixed(m.cost.meanGeneratedTokens, 0),
      refusalCell(m),
    ]),
  );
}

/**
 * "4.2 (too-long 1.9, span-kept 1.2)", the commonest reasons first; "–" where no row records
 * them, and "over 12 of 31 documents" where only some rows do (rows written before 2026-12-07).
 */
function refusalCell(method: MethodTotals): string {
  const refusals = method.refusals;
  if (refusals === null) return '–';
  const reasons = Object.entries(refusals.byReason)
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([reason, n]) => `${reason} ${fixed(n, 1)}`);
  const notes = [...reasons, ...(refusals.documents < method.documents ? [`over ${refusals.documents} of ${method.documents} documents`] : [])];
  const perDocument = fixed(refusals.perDocument, 1);
  return notes.length === 0 ? perDocument : `${perDocument} (${notes.join(', ')})`;
}

function curveTable(curve: CurveTotals): string[] {
  return table(
    ['Words redacted', 'Source first [95 % CI]', 'Source in top 5 [95 % CI]', 'Median rank'],
    curve.points.map((p) => [`${(p.share * 100).toFixed(0)} %`, proportion(p.first), proportion(p.top5), rank(p.medianRank)]),
  );
}

/** The whole report. */
export function markdownReport(input: ReportInput): string {
  const fixtures = Object.entries(input.models)
    .filter(([, m]) => m?.fixture === true)
    .map(([role]) => role);
  const lines: string[] = [`# ${input.title}`, ''];
  if (fixtures.length > 0) {
    lines.push(`> **TEST FIXTURE MODEL (${fixtures.join(', ')}): the figures from it are noise from random weights, not results. Never report them.**`, '');
  }
  lines.push('Shares are pooled over all spans, with the mean over documents in parentheses.', '');
  lines.push(...paperTable(input), '', '## Linkage risk by k', '', ...linkageTable(input), '');
  lines.push('## Fuzzy-search linkage (BM25, the whole text as query)', '', ...rankTable(input, (m) => m.bm25), '');
  const semantic = input.methods.some((m) => m.semantic !== null) ? rankTable(input, (m) => m.semantic) : ['Not measured (no embedding model).'];
  lines.push('## Semantic linkage (embedding cosine)', '', ...semantic, '');
  lines.push('## Cost', '', ...costTable(input), '');
  lines.push("## The LLM's work (arity-1 spans of d′, source = d)", '', ...modelWorkTable(input), '');
  for (const curve of input.curves) {
    lines.push(`## Redaction curve (${curve.ranker === 'bm25' ? 'BM25' : 'embedding cosine'}, ${curve.documents} documents)`, '', ...curveTable(curve), '');
  }
  return lines.join('\n');
}
