// The single-cover study's rows and its table (see cover-optimum.ts).

export interface CoverOptimumRow {
  readonly id: string;
  /** Words of d′ as the edit ratio counts them (tokens and placeholders). */
  readonly words: number;
  /** Words the planner's minimal plan changes, and its edit ratio. */
  readonly planned: number;
  readonly planRatio: number;
  /** Words the best single-cover plan changes, its edit ratio, and whether it detected clean. */
  readonly optimum: number;
  readonly optimumRatio: number;
  readonly optimumClean: boolean;
  /** External ids of the planner's cover (null: its plan came from the rounds) and of the best one (null: none needed). */
  readonly plannerCover: string | null;
  readonly optimumCover: string | null;
  readonly coversSearched: number;
  /** The study's time for this judgment (the planner's plan not included). */
  readonly seconds: number;
  /**
   * No clean plan that keeps no one cover changes fewer words (spread-bound.ts), up to
   * `optimum`: at `optimum`, no clean plan of any kind changes fewer words than the best single cover.
   */
  readonly spreadBound: number;
  readonly boundSeconds: number;
}

/** The fewest words any clean plan can change, by the two studies. */
export const provenFloor = (r: CoverOptimumRow): number => Math.min(r.optimum, r.spreadBound);

const mean = (values: readonly number[]): number => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

/** The Markdown summary: the two mean edit ratios, how often the optimum is smaller, and a line for each judgment where it is. */
export function coverOptimumTable(rows: readonly CoverOptimumRow[]): string {
  const smaller = rows.filter((r) => r.optimum < r.planned);
  const larger = rows.filter((r) => r.optimum > r.planned);
  const seconds = rows.map((r) => r.seconds).sort((a, b) => a - b);
  const boundSeconds = rows.map((r) => r.boundSeconds).sort((a, b) => a - b);
  const proven = rows.filter((r) => provenFloor(r) === r.optimum);
  const lines = [
    `The best single-cover plan at arity ≤ 3 (k = 2, N ≤ 8, source given), over every document of the collection as the cover, beside the planner's plan: ${rows.length} judgments.`,
    '',
    '| | |',
    '| --- | --- |',
    `| mean edit ratio, planner | ${mean(rows.map((r) => r.planRatio)).toFixed(5)} |`,
    `| mean edit ratio, best single-cover plan | ${mean(rows.map((r) => r.optimumRatio)).toFixed(5)} |`,
    `| judgments where it is smaller / the same / larger | ${smaller.length} / ${rows.length - smaller.length - larger.length} / ${larger.length} |`,
    `| best plans that detect clean | ${rows.filter((r) => r.optimumClean).length} of ${rows.length} |`,
    `| covers searched per judgment, mean | ${mean(rows.map((r) => r.coversSearched)).toFixed(0)} |`,
    `| seconds per judgment, median / max | ${(seconds[Math.floor(seconds.length / 2)] ?? 0).toFixed(2)} / ${(seconds.at(-1) ?? 0).toFixed(2)} |`,
    `| judgments where no clean plan of any kind is smaller than the best single cover (proven by the spread bound) | ${proven.length} of ${rows.length} |`,
    `| of those, judgments where the planner's plan is that small | ${proven.filter((r) => r.planned === r.optimum).length} |`,
    `| mean of words changed / words that no clean plan goes below (the lesser of the two) | ${mean(rows.map((r) => provenFloor(r) / r.words)).toFixed(5)} |`,
    `| seconds per judgment for the spread bound, median / max | ${(boundSeconds[Math.floor(boundSeconds.length / 2)] ?? 0).toFixed(2)} / ${(boundSeconds.at(-1) ?? 0).toFixed(2)} |`,
    '',
  ];
  if (smaller.length > 0) {
    lines.push(
      "| judgment | words | planner | best single cover | planner's cover | best cover |",
      '| --- | --- | --- | --- | --- | --- |',
      ...smaller.map((r) => `| ${r.id} | ${r.words} | ${r.planned} | ${r.optimum} | ${r.plannerCover ?? 'none'} | ${r.optimumCover ?? 'none'} |`),
      '',
    );
  }
  return lines.join('\n');
}
