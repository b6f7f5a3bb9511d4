// The edit-plan section of BENCHMARKS.md (issue 9's targets), from bench/plan-latency.ts.
import type { PlanRow } from './plan-latency.js';
import { quantile } from './quantile.js';

export interface PlanResults {
  documents: number;
  /** Arity ≤ 3 was planned for every n-th judgment only. */
  arity3Every: number;
  arity1: PlanRow[];
  arity3: PlanRow[];
  maxRssMb: number;
  /** The 1-minute load average when the plans ended (absent in older runs). */
  loadAverage?: number;
}

const ok = (pass: boolean): string => (pass ? 'met' : '**not met**');
const f = (n: number, digits = 1): string => n.toFixed(digits);

interface Summary {
  n: number;
  median: number;
  p95: number;
  max: number;
  meanRatio: number;
  pooledRatio: number;
  paperPooled: number;
  clean: number;
  exact: number;
  accept: { median: number; p95: number };
  keep: { median: number; p95: number };
}

function summarize(rows: readonly PlanRow[]): Summary {
  const words = rows.reduce((sum, r) => sum + r.words, 0);
  const present = (values: (number | null)[]) => values.filter((v): v is number => v !== null);
  const accept = present(rows.map((r) => r.acceptMs));
  const keep = present(rows.map((r) => r.keepMs));
  return {
    n: rows.length,
    median: quantile(
      rows.map((r) => r.ms),
      0.5,
    ),
    p95: quantile(
      rows.map((r) => r.ms),
      0.95,
    ),
    max: Math.max(...rows.map((r) => r.ms)),
    meanRatio: rows.reduce((sum, r) => sum + r.ratio, 0) / Math.max(1, rows.length),
    pooledRatio: rows.reduce((sum, r) => sum + r.distance, 0) / Math.max(1, words),
    paperPooled: rows.reduce((sum, r) => sum + r.paperDistance, 0) / Math.max(1, words),
    clean: rows.filter((r) => r.clean).length,
    exact: rows.filter((r) => r.exact).length,
    accept: { median: quantile(accept, 0.5), p95: quantile(accept, 0.95) },
    keep: { median: quantile(keep, 0.5), p95: quantile(keep, 0.95) },
  };
}

/**
 * Where the arity ≤ 3 plans come from: the cover plan (keep only what one other judgment
 * also holds) or the detect → plan rounds, which win only where they settle at once.
 */
function planSources(rows: readonly PlanRow[]): string {
  if (rows.some((r) => r.cover === undefined)) return '';
  const covered = rows.filter((r) => r.cover === true);
  const rounds = rows.filter((r) => r.cover !== true);
  const describe = (group: readonly PlanRow[]): string => {
    if (group.length === 0) return 'none';
    const s = summarize(group);
    return `${group.length}, mean edit ratio ${f(s.meanRatio, 3)}, median ${f(s.median / 1000, 2)} s, ${f(group.reduce((sum, r) => sum + r.rounds, 0) / group.length, 1)} detections on average`;
  };
  return `**Where the arity ≤ 3 plans come from.** The cover plan (shared/linkage/plan/cover-plan.ts: keep only what one other judgment also holds, the fewest words by dynamic programming, clean by construction and re-detected): ${describe(covered)}. The detect → plan rounds, where they settled smaller within their few detections: ${describe(rounds)}. Before the cover plan, the rounds alone gave these judgments a mean edit ratio of 0.50 (EVALUATION.md, 143 judgments): on about half of them every round exposed about as many new combinations as it broke.`;
}

/** The section, or a line saying it was not run. */
export function renderPlanSection(plan: PlanResults | undefined): string {
  if (plan === undefined) return '## Edit plan\n\nNot measured in this run (`npm run bench -- --only plan`).\n';
  const a1 = summarize(plan.arity1);
  const a3 = summarize(plan.arity3);
  const sample = plan.arity3Every > 1 ? `every ${plan.arity3Every}th judgment (${a3.n} of ${plan.documents})` : `all ${a3.n} judgments`;
  return `## Edit plan (de-identified judgments against the court index, source given, fixpoint included, warm)

The minimal edit plan of shared/linkage/plan: the fewest words whose change leaves nothing linkable at k = 2, N ≤ 8, with each judgment's source given (source = d, as in EVALUATION.md), re-detected to the fixpoint. Arity 1 over all ${a1.n} judgments; arity ≤ 3 over ${sample}${plan.arity3Every > 1 ? ', because its fixpoint took tens of seconds on the longest judgments' : ''}. The edit ratio is EVALUATION.md's word-level edit ratio of the plan applied as placeholders (mean over judgments, and pooled: all edits over all words); "paper's rule" redacts every flagged span at the same arity. Peak RSS of the process ${f(plan.maxRssMb, 0)} MB.${plan.loadAverage === undefined ? '' : ` Load average at the end of the run: ${f(plan.loadAverage, 1)} (other work on the machine slows every time here).`}

| target | measured | verdict |
| --- | --- | --- |
| plan time at arity 1 ≤ 20 ms median | median ${f(a1.median)} ms, p95 ${f(a1.p95)} ms | ${ok(a1.median <= 20)} |
| plan time at arity ≤ 3: median ≤ 1 s, p95 ≤ 5 s | median ${f(a3.median / 1000, 2)} s, p95 ${f(a3.p95 / 1000, 2)} s (max ${f(a3.max / 1000, 1)} s) | ${ok(a3.median <= 1000 && a3.p95 <= 5000)} |
| edit ratio at arity 1 ≤ 0.15 and ≤ 0.4× the paper's rule | mean ${f(a1.meanRatio, 3)}, pooled ${f(a1.pooledRatio, 3)} vs ${f(a1.paperPooled, 3)} (${f(a1.pooledRatio / a1.paperPooled, 2)}×) | ${ok(a1.meanRatio <= 0.15 && a1.pooledRatio <= 0.4 * a1.paperPooled)} |
| edit ratio at arity ≤ 3 ≤ 0.26 | mean ${f(a3.meanRatio, 3)}, pooled ${f(a3.pooledRatio, 3)} (paper's rule ${f(a3.paperPooled, 3)}) | ${ok(a3.meanRatio <= 0.26)} |
| nothing links after the plan | ${a1.clean}/${a1.n} at arity 1, ${a3.clean}/${a3.n} at arity ≤ 3 | ${ok(a1.clean === a1.n && a3.clean === a3.n)} |

Proven minimum (the plan's size equals its lower bound): ${a1.exact}/${a1.n} plans at arity 1, ${a3.exact}/${a3.n} at arity ≤ 3; every other plan reports its lower bound, from the exact or greedy solve of the constraints detection found.

${planSources(plan.arity3)}

**Live re-plans in the review app** (the same planner the engine worker runs in time slices): after the clerk accepts the first planned run as a placeholder (the text changed, planned again from scratch), and after they keep it (the same text, its words forbidden).

| | after accepting one run: median (ms) | p95 (ms) | after keeping one run: median (ms) | p95 (ms) |
| --- | --- | --- | --- | --- |
| arity 1 | ${f(a1.accept.median)} | ${f(a1.accept.p95)} | ${f(a1.keep.median)} | ${f(a1.keep.p95)} |
| arity ≤ 3 | ${f(a3.accept.median, 0)} | ${f(a3.accept.p95, 0)} | ${f(a3.keep.median, 0)} | ${f(a3.keep.p95, 0)} |
`;
}
