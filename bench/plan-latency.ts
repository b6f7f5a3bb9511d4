// Child process of the benchmark: the minimal edit plan (shared/linkage/plan) of each
// de-identified judgment against the court index, warm (one untimed pass first), with its
// source given (source = d, as in EVALUATION.md), fixpoint included. At arity 1 and ≤ 3:
// plan time, edit ratio of the plan as placeholders, and the paper's rule beside it. Then
// the review app's live re-plans: after the clerk accepts one planned run as a placeholder
// (the text changed), and after they keep one (the same text, one run forbidden).
//
// usage: plan-latency.ts INDEX DEIDENTIFIED.jsonl.gz [ARITY3_EVERY]
// ARITY3_EVERY > 1 plans every n-th judgment at arity ≤ 3 only (the full fixpoint takes
// tens of seconds on the longest judgments); the report says which.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { openCollection } from '../electron/services/collections.js';
import { planEdits, type EditPlan, type PlanOptions } from '../shared/linkage/plan/edit-plan.js';
import { planEditRatio } from '../shared/linkage/plan/plan-summary.js';
import { editSize } from '../shared/review/edit-ratio.js';
import { redactRanges } from '../shared/review/redaction.js';

const [indexPath, deidentifiedPath, every = '1'] = process.argv.slice(2) as [string, string, string | undefined];
const documents = gunzipSync(readFileSync(deidentifiedPath))
  .toString('utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { id: string; original_id?: string; text: string });
const collection = openCollection(indexPath);
const index = collection.phraseIndex();
const placeholderPattern = collection.placeholderPattern();

export interface PlanRow {
  id: string;
  words: number;
  /** Planned words, edit ratio of the plan as placeholders, and whether it is a proven minimum. */
  planned: number;
  ratio: number;
  /** Edit distance and word count (pooled ratio = Σ distance / Σ words, as EVALUATION.md pools). */
  distance: number;
  clean: boolean;
  exact: boolean;
  rounds: number;
  /** True when the plan is the cover plan (shared/linkage/plan/cover-plan.ts); absent in older runs. */
  cover?: boolean;
  ms: number;
  /** The paper's rule as placeholders: its edit distance. */
  paperDistance: number;
  /** Live re-plans (ms): after accepting the first planned run as a placeholder, and after keeping it. */
  acceptMs: number | null;
  keepMs: number | null;
}

function settingsOf(document: { original_id?: string }, arity: 1 | 3) {
  return { k: 2, arity, maxN: 8, placeholderPattern, ...(document.original_id !== undefined && { sourceId: document.original_id }) };
}

function timed(text: string, settings: ReturnType<typeof settingsOf>, options: PlanOptions = {}): { plan: EditPlan; ms: number } {
  const started = performance.now();
  const plan = planEdits(index, text, settings, options);
  return { plan, ms: performance.now() - started };
}

function row(document: { id: string; original_id?: string; text: string }, arity: 1 | 3): PlanRow {
  const settings = settingsOf(document, arity);
  const { plan, ms } = timed(document.text, settings);
  const size = editSize(document.text, plan.redacted, placeholderPattern);
  const paper = planEdits(index, document.text, settings, { strategy: 'paper' });
  const first = plan.runs[0];
  let acceptMs: number | null = null;
  let keepMs: number | null = null;
  if (first !== undefined) {
    const accepted = redactRanges(document.text, [{ start: first.start, end: first.end }], undefined, placeholderPattern);
    acceptMs = timed(accepted, settings).ms;
    keepMs = timed(document.text, settings, { keep: [{ start: first.start, end: first.end }] }).ms;
  }
  return {
    id: document.id,
    words: size.words,
    planned: plan.tokens.length,
    ratio: planEditRatio(document.text, plan),
    distance: size.distance,
    clean: plan.clean,
    exact: plan.exact,
    rounds: plan.rounds,
    cover: plan.cover !== undefined,
    ms,
    paperDistance: editSize(document.text, paper.redacted, placeholderPattern).distance,
    acceptMs,
    keepMs,
  };
}

// Warm-up: the first plans pay for the index's pages and the JIT.
for (const document of documents) planEdits(index, document.text, settingsOf(document, 1));
const arity1 = documents.map((document) => row(document, 1));
const step = Math.max(1, Math.floor(Number(every)));
const arity3 = documents.filter((_, i) => i % step === 0).map((document) => row(document, 3));
// Other work on the machine slows every figure; the report states the load beside them.
const loadAverage = loadavg()[0];
process.stdout.write(
  JSON.stringify({ documents: documents.length, arity3Every: step, arity1, arity3, maxRssMb: process.resourceUsage().maxRSS / 1024, loadAverage }),
);
