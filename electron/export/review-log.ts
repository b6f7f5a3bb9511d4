/**
 * The printable review log: the export report as one self-contained HTML page a
 * supervisor can read, print and sign. No scripts, no external resources.
 */
import type { ReportedChange } from './export-report.js';

const escape = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Report {
  readonly exportedAt: string;
  readonly reviewer: string;
  readonly document: {
    title: string;
    versionId: number;
    versionNumber: number;
    versionCount: number;
    characters: number;
    sha256: string;
    opened: { characters: number; sha256: string };
  };
  readonly collection: { name: string; contentSha256: string; documentCount: number } | null;
  readonly policy: { k: number; arity: number; maxN: number };
  readonly settings: { k: number; arity: number; maxN: number; sourceId: string | null };
  readonly policyDifferences: readonly string[];
  readonly linkage: { verdict: string; justificationRequired: boolean; why: readonly string[] };
  readonly fuzzySearch: { total: number; rank: number | null; sourceId: string | null; topId: string | null; margin: number | null } | null;
  readonly justification: string | null;
  readonly changes: readonly ReportedChange[];
  readonly kept: readonly { at: string; kind: string; phrase: string; reason: string }[];
}

const DECISION: Record<string, string> = { placeholder: 'Placeholder', model: 'Model rewrite', manual: 'Own edit' };
const KIND: Record<string, string> = {
  single: 'Rare phrase',
  combination: 'Combination member',
  plan: 'Planned word(s)',
  spans: 'Flagged phrases',
  text: 'Text',
};

function fuzzy(report: Report): string {
  const f = report.fuzzySearch;
  if (f === null) return 'Not measured.';
  if (f.rank === null) return `The source is not known; the best BM25 match among ${f.total.toLocaleString('en')} documents is ${escape(f.topId ?? 'none')}.`;
  return `An ordinary search engine (BM25, the whole text as the query) ranks the source ${escape(f.sourceId)} at ${f.rank} of ${f.total.toLocaleString('en')} (margin ${f.margin?.toFixed(1) ?? '–'}).`;
}

/** The review log as an HTML page. */
export function reviewLogHtml(reportObject: Record<string, unknown>): string {
  const report = reportObject as unknown as Report;
  const n = (value: number) => (value === 0 ? 'unbounded' : String(value));
  const changes = report.changes
    .map(
      (c, i) =>
        `<tr><td>${i + 1}</td><td>${escape(new Date(c.at).toLocaleString('en-GB'))}</td><td>${escape(DECISION[c.decision] ?? c.decision)}</td><td>${escape(KIND[c.kind] ?? c.kind)}</td><td>${c.start}</td><td>${c.removedCharacters}</td><td>${escape(c.inserted)}</td><td>${escape(c.reason ?? '')}</td></tr>`,
    )
    .join('\n');
  const kept = report.kept
    .map(
      (k, i) =>
        `<tr><td>${i + 1}</td><td>${escape(KIND[k.kind] ?? k.kind)}</td><td>${escape(k.phrase)}</td><td>${escape(k.reason)}</td><td>${escape(new Date(k.at).toLocaleString('en-GB'))}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Review log: ${escape(report.document.title)}</title>
<style>
body{font:13px/1.45 system-ui,sans-serif;margin:2rem;color:#111}h1{font-size:20px}h2{font-size:15px;margin-top:1.6rem}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #bbb;padding:4px 6px;text-align:left;vertical-align:top}th{background:#eee}
code{font-size:11px;word-break:break-all}.sign{margin-top:3rem;display:flex;gap:4rem}.sign div{border-top:1px solid #111;padding-top:4px;min-width:14rem}
@media print{body{margin:1cm}}
</style></head><body>
<h1>Review log: ${escape(report.document.title)}</h1>
<p>Reviewed by <strong>${escape(report.reviewer)}</strong>; exported ${escape(new Date(report.exportedAt).toLocaleString('en-GB'))} (version ${report.document.versionNumber} of ${report.document.versionCount} in the document's history, as the app numbers them).</p>
<table>
<tr><th>Text as opened</th><td>${report.document.opened.characters.toLocaleString('en')} characters, SHA-256 <code>${escape(report.document.opened.sha256)}</code></td></tr>
<tr><th>Text as exported</th><td>${report.document.characters.toLocaleString('en')} characters, SHA-256 <code>${escape(report.document.sha256)}</code></td></tr>
<tr><th>Collection</th><td>${report.collection === null ? 'none' : `${escape(report.collection.name)}, ${report.collection.documentCount.toLocaleString('en')} documents, content SHA-256 <code>${escape(report.collection.contentSha256)}</code>`}</td></tr>
<tr><th>Policy</th><td>k=${report.policy.k}, arity ≤${report.policy.arity}, N ≤ ${n(report.policy.maxN)}</td></tr>
<tr><th>Checked at</th><td>k=${report.settings.k}, arity ≤${report.settings.arity}, N ≤ ${n(report.settings.maxN)}${report.settings.sourceId === null ? ', against the whole collection' : `, source ${escape(report.settings.sourceId)} only`}${report.policyDifferences.length > 0 ? `<br>Differs from the policy: ${escape(report.policyDifferences.join('; '))}` : ''}</td></tr>
<tr><th>Phrase search</th><td>${escape(report.linkage.verdict)}</td></tr>
<tr><th>Fuzzy search</th><td>${fuzzy(report)}</td></tr>
<tr><th>Justification</th><td>${report.linkage.justificationRequired ? `Required (${escape(report.linkage.why.join('; '))}): ${escape(report.justification ?? '')}` : 'Not required: checked clean at the policy.'}</td></tr>
</table>
<h2>Accepted changes (${report.changes.length})</h2>
${report.changes.length === 0 ? '<p>None.</p>' : `<table><tr><th>#</th><th>When</th><th>Decision</th><th>What</th><th>At character</th><th>Characters removed</th><th>Inserted</th><th>Reason</th></tr>\n${changes}</table>`}
<p><small>Removed text is never listed: it would carry the phrases the review took out.</small></p>
<h2>Flagged phrases kept (${report.kept.length})</h2>
${report.kept.length === 0 ? '<p>None.</p>' : `<table><tr><th>#</th><th>Kind</th><th>Phrase</th><th>Reason</th><th>When</th></tr>\n${kept}</table>`}
<div class="sign"><div>Reviewer: ${escape(report.reviewer)}</div><div>Supervisor</div><div>Date</div></div>
</body></html>
`;
}
