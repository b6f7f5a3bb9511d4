// Renders the rewriting benchmark: one line per document and arity, then seconds per
// document next to the paper's figures and our target (a third of them).
import type { ModelIdentity } from '../../electron/rewriter/types.js';
import { sumRejections } from '../../electron/rewriter/records.js';

export interface BenchDocumentRow {
  id: string;
  arity: 1 | 2 | 3;
  characters: number;
  spans: number;
  remaining: number;
  passes: number;
  requests: number;
  fallbacks: number;
  promptTokens: number;
  reusedPromptTokens: number;
  generatedTokens: number;
  decodeCalls: number;
  tokensPerDecode: number;
  generationSeconds: number;
  seconds: number;
  /** Refused answers by reason, over all passes. */
  rejections: Record<string, number>;
}

export interface RewriteBenchReport {
  date: string;
  model: ModelIdentity;
  backend: string;
  parameterCount: number;
  /** A test fixture, not a real model: the figures are not results. */
  tiny: boolean;
  /** The paper's model class (Qwen3, 3B parameters or more): only then is the paper's time a target. */
  comparable: boolean;
  settings: { k: number; maxN: number; passes: number; retries: number; seed: number; temperature: number; maxChars: number };
  rows: BenchDocumentRow[];
}

/** The paper's seconds per document (Qwen3-4B), by arity. */
export const PAPER_SECONDS: Record<1 | 3, number> = { 1: 15.5, 3: 52.6 };
/** Our target: a third of the paper's time. */
export const TARGET_SHARE = 1 / 3;

const TINY_WARNING =
  'TINY TEST MODEL: random weights. These figures are NOT results: they only show that the benchmark runs end to end.\n' +
  'Run bench/rewrite/qwen3-gpu.ts with a real Qwen3-4B GGUF on a GPU machine for numbers to compare with the paper.\n';

const mean = (values: number[]): number => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
const pad = (value: string | number, width: number): string => String(value).padStart(width);

/** "refused answers: span-kept 12, no-answer 3" over some rows. */
function refusals(rows: readonly BenchDocumentRow[]): string {
  const parts = Object.entries(sumRejections(rows.map((row) => row.rejections)))
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${reason} ${n}`);
  return `refused answers: ${parts.length > 0 ? parts.join(', ') : 'none'}`;
}

export function renderBenchReport(report: RewriteBenchReport): string {
  const lines: string[] = [];
  if (report.tiny) lines.push(TINY_WARNING);
  lines.push(
    `Rewriting benchmark, ${report.date.slice(0, 10)}: ${report.model.name} (${report.model.quantization}, sha256 ${report.model.sha256?.slice(0, 12) ?? '?'}…) on ${report.backend}`,
  );
  const s = report.settings;
  lines.push(
    `k=${s.k}, N ≤ ${s.maxN}, at most ${s.passes} passes, ${s.retries} retries, temperature ${s.temperature}, seed ${s.seed}${s.maxChars > 0 ? `, documents cut at ${s.maxChars} characters` : ''}`,
  );
  lines.push('');
  lines.push('document                          arity  spans→left  passes  requests  fallbacks  prompt tok  reused  generated  decodes  tok/decode  seconds');
  for (const r of report.rows) {
    lines.push(
      `${r.id.slice(0, 32).padEnd(32)}  ${pad(r.arity === 1 ? '1' : `≤${r.arity}`, 5)}  ${pad(`${r.spans}→${r.remaining}`, 10)}  ${pad(r.passes, 6)}  ${pad(r.requests, 8)}  ${pad(r.fallbacks, 9)}` +
        `  ${pad(r.promptTokens, 10)}  ${pad(r.reusedPromptTokens, 6)}  ${pad(r.generatedTokens, 9)}  ${pad(r.decodeCalls, 7)}  ${pad(r.tokensPerDecode.toFixed(2), 10)}  ${pad(r.seconds.toFixed(1), 7)}`,
    );
  }
  lines.push('');
  for (const arity of [1, 2, 3] as const) {
    const rows = report.rows.filter((r) => r.arity === arity);
    if (rows.length === 0) continue;
    const seconds = mean(rows.map((r) => r.seconds));
    const cleared = rows.filter((r) => r.remaining === 0).length;
    const scope = arity === 1 ? 'arity 1' : `arity ≤${arity}`;
    const paper = arity === 2 ? undefined : PAPER_SECONDS[arity];
    const target = paper === undefined ? undefined : paper * TARGET_SHARE;
    const verdict = report.tiny
      ? 'not measured (test model)'
      : !report.comparable
        ? `not comparable (${report.model.name} is not the paper's Qwen3-4B)`
        : target !== undefined && seconds <= target
          ? 'met'
          : 'not met';
    const comparison = target === undefined ? '' : ` · paper ${paper} s · target ≤ ${target.toFixed(1)} s: ${verdict}`;
    lines.push(`${scope}: ${seconds.toFixed(1)} s per document over ${rows.length} document${rows.length === 1 ? '' : 's'}${comparison}`);
    const tokensPerDecode =
      rows.reduce((a, r) => a + r.generatedTokens, 0) /
      Math.max(
        1,
        rows.reduce((a, r) => a + r.decodeCalls, 0),
      );
    lines.push(
      `  ${cleared}/${rows.length} documents with nothing linkable left · ${mean(rows.map((r) => r.passes)).toFixed(1)} passes · ` +
        `${mean(rows.map((r) => r.generatedTokens)).toFixed(0)} tokens generated per document · ` +
        `${(
          rows.reduce((a, r) => a + r.generatedTokens, 0) /
          Math.max(
            1e-9,
            rows.reduce((a, r) => a + r.seconds, 0),
          )
        ).toFixed(1)} tokens per second · ` +
        `${tokensPerDecode.toFixed(2)} tokens per decode call · ${refusals(rows)}`,
    );
  }
  if (report.tiny) lines.push('', TINY_WARNING);
  return `${lines.join('\n')}\n`;
}
