// Turns benchmark measurements into BENCHMARKS.md, with each target and its verdict.
import { renderLongTextSection, type LongTextResults } from './report-long-text.js';
import { renderPlanSection, type PlanResults } from './report-plan.js';
import { renderUiLongTextSection, type UiLongTextResults } from './report-ui-long-text.js';
import { quantile } from './quantile.js';

interface Build {
  seconds: number;
  maxRssMb: number;
  bytes: number;
  tokens?: number;
  characters?: number;
  documents: number;
}

export interface BenchResults {
  machine: string;
  date: string;
  court: { ours: Build; fts5: Build; fts5NoContent: Build };
  wiki: { ours: Build; fts5: Build };
  detection: {
    openSeconds: number;
    arity1: number[];
    arity3: number[];
    fts: { id: string; queries: number; ftsMs: number; oursMs: number }[];
    maxRssMb: number;
  };
  /** The minimal edit plan (bench/plan-latency.ts). */
  plan?: PlanResults;
  /** One very long text, checked and planned (bench/long-text.ts). */
  longText?: LongTextResults;
  /** The same text in the review screen of the browser host (bench/ui-long-text.ts). */
  uiLongText?: UiLongTextResults;
  /** The tiny-model rewriting benchmark's printed report. */
  rewriteTiny?: string;
  /** The real small model's rewriting figures, run by hand (bench/rewrite/real-model-cpu.md): included as written. */
  rewriteReal?: string;
}

const ok = (pass: boolean): string => (pass ? 'met' : '**not met**');
const f = (n: number, digits = 1): string => n.toFixed(digits);

export function renderReport(r: BenchResults): string {
  const courtTokens = r.court.ours.tokens!;
  const wikiTokens = r.wiki.ours.tokens!;
  const perToken = (b: Build, tokens: number): number => b.bytes / tokens;
  const a1 = { median: quantile(r.detection.arity1, 0.5), p95: quantile(r.detection.arity1, 0.95) };
  const a3 = { median: quantile(r.detection.arity3, 0.5), p95: quantile(r.detection.arity3, 0.95), max: Math.max(...r.detection.arity3) };
  const speedups = r.detection.fts.map((row) => row.ftsMs / row.oursMs);
  const minSpeedup = Math.min(...speedups);
  const courtRate = r.court.ours.seconds / courtTokens;
  const wikiRate = r.wiki.ours.seconds / wikiTokens;
  const courtCharRate = r.court.ours.seconds / (r.court.ours.characters ?? 1);
  const wikiCharRate = r.wiki.ours.seconds / (r.wiki.ours.characters ?? 1);
  const fts5Growth = r.wiki.fts5.seconds / wikiTokens / (r.court.fts5.seconds / courtTokens);
  const buildRatio = r.court.ours.seconds / r.court.fts5.seconds;
  const sizeRatio = perToken(r.court.ours, courtTokens) / perToken(r.court.fts5, courtTokens);
  return `# Benchmarks

Measured by \`npm run bench\` on ${r.date}: ${r.machine}. The FTS5 peer (SQLite FTS5, \`detail=full\`, \`unicode61\`) is built in the same run from the same JSONL.gz, in WAL mode, 200 documents per transaction, \`optimize\` at the end, timed from the first read to the close, exactly like our index. Each build runs twice and the faster run is reported, for both indexes. Peak RSS is the process's maximum resident set (ours includes the sort worker threads and the tsx loader). Times are of the TypeScript run through tsx, which keeps function names by wrapping every closure it creates: the app's own build does not, and on 2026-12-05 the edit plan bundled as the app bundles it took 6–13 % less time (arity 1 median 3.4 against 3.6 ms, arity ≤ 3 59 against 67 ms, a quarter of the judgments), so these times err on the slow side.

## Targets

| target | measured | verdict |
| --- | --- | --- |
| court build ≤ 3× FTS5's time | ${f(r.court.ours.seconds)} s vs ${f(r.court.fts5.seconds)} s (${f(buildRatio, 2)}×) | ${ok(buildRatio <= 3)} |
| court build peak RSS ≤ 2 GB | ${f(r.court.ours.maxRssMb, 0)} MB | ${ok(r.court.ours.maxRssMb <= 2048)} |
| file size per token ≤ 1.5× FTS5 with content (moonshot ≤ 1×) | ${f(perToken(r.court.ours, courtTokens), 2)} vs ${f(perToken(r.court.fts5, courtTokens), 2)} bytes (${f(sizeRatio, 2)}×) | ${ok(sizeRatio <= 1.5)}${sizeRatio <= 1 ? ', moonshot met' : ''} |
| arity 1 detection ≤ 50 ms per judgment | median ${f(a1.median)} ms, p95 ${f(a1.p95)} ms | ${ok(a1.p95 <= 50)} |
| arity 1 ≥ 20× faster than the same df queries through FTS5 | ${f(minSpeedup, 0)}× at least (${r.detection.fts.length} judgments) | ${ok(minSpeedup >= 20)} |
| arity ≤ 3: median ≤ 1 s, p95 ≤ 3 s | median ${f(a3.median, 0)} ms, p95 ${f(a3.p95, 0)} ms (max ${f(a3.max, 0)} ms) | ${ok(a3.median <= 1000 && a3.p95 <= 3000)} |
| near-linear build growth from 10M to 25M words | ${f(courtRate * 1e6, 3)} → ${f(wikiRate * 1e6, 3)} s per million tokens (${f(wikiRate / courtRate, 2)}×); per million characters ${f(courtCharRate * 1e6, 3)} → ${f(wikiCharRate * 1e6, 3)} (${f(wikiCharRate / courtCharRate, 2)}×); FTS5 grows ${f(fts5Growth, 2)}× per token | ${ok(wikiRate / courtRate <= 1.5)} |

## Builds

| collection | index | tokens | build (s) | peak RSS (MB) | size (MB) | bytes per token |
| --- | --- | --- | --- | --- | --- | --- |
| court (3,260 judgments) | Unlinkable | ${courtTokens.toLocaleString('en')} | ${f(r.court.ours.seconds)} | ${f(r.court.ours.maxRssMb, 0)} | ${f(r.court.ours.bytes / 1e6)} | ${f(perToken(r.court.ours, courtTokens), 2)} |
| court | FTS5 with content | | ${f(r.court.fts5.seconds)} | ${f(r.court.fts5.maxRssMb, 0)} | ${f(r.court.fts5.bytes / 1e6)} | ${f(perToken(r.court.fts5, courtTokens), 2)} |
| court | FTS5 without content | | ${f(r.court.fts5NoContent.seconds)} | ${f(r.court.fts5NoContent.maxRssMb, 0)} | ${f(r.court.fts5NoContent.bytes / 1e6)} | ${f(perToken(r.court.fts5NoContent, courtTokens), 2)} |
| wiki articles-20k | Unlinkable | ${wikiTokens.toLocaleString('en')} | ${f(r.wiki.ours.seconds)} | ${f(r.wiki.ours.maxRssMb, 0)} | ${f(r.wiki.ours.bytes / 1e6)} | ${f(perToken(r.wiki.ours, wikiTokens), 2)} |
| wiki articles-20k | FTS5 with content | | ${f(r.wiki.fts5.seconds)} | ${f(r.wiki.fts5.maxRssMb, 0)} | ${f(r.wiki.fts5.bytes / 1e6)} | ${f(perToken(r.wiki.fts5, wikiTokens), 2)} |

Bytes per token divide each file's size by the collection's tokens as our tokenizer counts them. Our file holds the documents' text (Brotli, about 1 MB of text to a block), the token streams and the suffix arrays.

On growth: the scale set is not the court collection made larger. Its text has ${f((r.wiki.ours.characters ?? 0) / wikiTokens, 1)} characters per token against ${f((r.court.ours.characters ?? 0) / courtTokens, 1)} for the court, a much larger vocabulary, and more non-Latin-1 characters (which makes V8 store a document as two bytes per character). Reading, tokenizing and compressing follow characters, so the fairer yardstick of linearity is the cost per character; the suffix sorting is linear by construction (induced sorting) and the shards are capped at 15M entries so that cache misses do not grow with the collection. The FTS5 peer, measured the same way, grows more per token than we do.

## Detection (144 de-identified judgments against the court index, warm)

Opening the court index and loading it into memory took ${f(r.detection.openSeconds, 2)} s (peak RSS of the detection process ${f(r.detection.maxRssMb, 0)} MB).

| | median (ms) | p95 (ms) | max (ms) |
| --- | --- | --- | --- |
| arity 1, k = 2, N ≤ 8 | ${f(a1.median)} | ${f(a1.p95)} | ${f(Math.max(...r.detection.arity1))} |
| arity ≤ 3, k = 2, N ≤ 8 | ${f(a3.median, 0)} | ${f(a3.p95, 0)} | ${f(a3.max, 0)} |

The same distinct N-grams (N ≤ 8) answered one phrase query at a time through FTS5:

| judgment | phrase queries | FTS5 (ms) | ours, arity 1 (ms) | ratio |
| --- | --- | --- | --- | --- |
${r.detection.fts.map((row) => `| ${row.id} | ${row.queries} | ${f(row.ftsMs, 0)} | ${f(row.oursMs)} | ${f(row.ftsMs / row.oursMs, 0)}× |`).join('\n')}

${renderPlanSection(r.plan)}
${renderLongTextSection(r.longText)}
${renderUiLongTextSection(r.uiLongText)}
## Rewriting

The rewriting pipeline on the tiny random-weight test model, on this machine's CPU (\`npm run bench:rewrite\`): what a run costs in tokens, decode calls and passes. These are **not results**: the model writes noise and every chunk ends as a placeholder fallback. The seconds per document on a GPU with the real Qwen3-4B, against the paper's 15.5 s (arity 1) and 52.6 s (arity ≤ 3), come from \`npm run bench:rewrite:gpu -- --model PATH\`, which needs a GPU machine and the model file; it has not been run for this report.

\`\`\`
${(r.rewriteTiny ?? '(not run)').trim()}
\`\`\`
${r.rewriteReal === undefined ? '' : `\n${r.rewriteReal.trim()}\n`}`;
}
