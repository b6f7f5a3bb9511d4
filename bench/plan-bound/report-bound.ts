// The optimality study's rows and its table (see run.ts).

export interface BoundRow {
  readonly id: string;
  /** Words of d′ as the edit ratio counts them (tokens and placeholders). */
  readonly words: number;
  /** Words the planner's minimal plan changes, and its edit ratio. */
  readonly planned: number;
  readonly planRatio: number;
  /** No plan that breaks every constraint found changes fewer words (the plan's size when proven minimal). */
  readonly bound: number;
  /**
   * 'minimum': the planner's plan is a proven minimum; 'smaller': a clean plan of `bound`
   * words exists, fewer than the planner's; 'open': the time cap came first.
   */
  readonly status: 'minimum' | 'smaller' | 'open';
  /** With 'smaller': the token indices of that clean plan, so that it can be studied again. */
  readonly smallerPlan?: readonly number[];
  /** Detections whose linkages became constraints, and how many constraints. */
  readonly rounds: number;
  readonly constraints: number;
  /** The study's time for this judgment (the planner's plan not included). */
  readonly seconds: number;
}

const mean = (values: readonly number[]): number => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

/** The Markdown summary: counts by status, the mean edit ratio beside its lower bound, and one line a judgment. */
export function boundTable(rows: readonly BoundRow[], run: { readonly capSeconds: number; readonly judgments: number; readonly only?: string }): string {
  const count = (status: BoundRow['status']): number => rows.filter((r) => r.status === status).length;
  const planMean = mean(rows.map((r) => r.planRatio));
  // What is bounded is words changed; as placeholders, a run of m words is m word edits.
  const boundMean = mean(rows.map((r) => r.bound / Math.max(1, r.words)));
  const plannedMean = mean(rows.map((r) => r.planned / Math.max(1, r.words)));
  const lines = [
    `Minimal plan at arity ≤ 3 (k = 2, N ≤ 8, source given) against an exact lower bound: ${run.only ?? `the ${rows.length} shortest of ${run.judgments} judgments`}, at most ${run.capSeconds} s each.`,
    '',
    '| | judgments |',
    '| --- | --- |',
    `| plan proven minimal | ${count('minimum')} |`,
    `| a smaller clean plan found | ${count('smaller')} |`,
    `| open at the time cap | ${count('open')} |`,
    '',
    `Mean over these judgments: edit ratio of the plan ${planMean.toFixed(4)}; words changed / words ${plannedMean.toFixed(4)}, and no plan that breaks every linkage found goes below ${boundMean.toFixed(4)}.`,
    '',
    '| judgment | words | plan | lower bound | status | rounds | constraints | seconds |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.id} | ${r.words} | ${r.planned} | ${r.bound} | ${r.status} | ${r.rounds} | ${r.constraints} | ${r.seconds.toFixed(1)} |`),
    '',
  ];
  return lines.join('\n');
}
