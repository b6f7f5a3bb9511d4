// The exact minimum of a hitting-set problem (shared/linkage/plan/hitting-set.ts) as a
// 0–1 integer program, solved by HiGHS (WebAssembly; a dev dependency, used by the
// optimality study only, never by the app). With the 'word' kill of the minimal plan:
//   x_t ∈ {0,1}: token t is changed (0 for a token the clerk keeps);
//   Σ_{t ∈ I} x_t ≥ 1 for every linkable N-gram occurrence I;
//   y_m ∈ {0,1}: member m is killed, y_m ≤ Σ_{t ∈ O} x_t for each occurrence O of m;
//   Σ_{m ∈ c} y_m ≥ 1 for every combination c;
//   minimise Σ x_t.
// Under issue 9's model each constraint is necessary (an intact occurrence of a linkable
// N-gram still links; so does a combination whose members each keep an intact occurrence,
// by key sequence), so the optimum over the constraints found so far bounds every plan
// that breaks them all from below (run.ts says where detection may differ from the model).
import type { Highs } from 'highs';
import type { HittingProblem } from '../../shared/linkage/plan/hitting-set.js';
import type { TokenInterval } from '../../shared/linkage/plan/interval-stabbing.js';

export type IlpSolver = Highs;

export interface IlpMinimum {
  /** Changed tokens of an optimal solution, ascending (the best found when not optimal). */
  readonly tokens: number[];
  /** True when HiGHS proved the optimum; false when its time limit came first (no bound is known then). */
  readonly optimal: boolean;
}

let loaded: Promise<IlpSolver> | undefined;

/** HiGHS, loaded once per process. */
export function loadIlpSolver(): Promise<IlpSolver> {
  // The package's types describe its ES module; under NodeNext they are read as CommonJS, so the loader is cast.
  return (loaded ??= import('highs').then((module) => (module.default as unknown as () => Promise<Highs>)()));
}

/** The LP-format model of the problem (see the module comment), and the tokens it names (none: nothing to solve). */
function hittingSetModel(problem: HittingProblem): { model: string; tokens: number[] } {
  const forbidden = problem.forbidden ?? new Set<number>();
  const tokens = new Set<number>();
  const rows: string[] = [];
  const sumOf = (interval: TokenInterval): string[] => {
    const terms: string[] = [];
    for (let t = interval.first; t <= interval.last; t++) {
      if (forbidden.has(t)) continue;
      tokens.add(t);
      terms.push(`x${t}`);
    }
    return terms;
  };
  // A constraint no allowed token can meet is left out: the clerk's kept words protect it, as in the planner.
  for (const interval of problem.intervals) {
    const terms = sumOf(interval);
    if (terms.length > 0) rows.push(`${terms.join(' + ')} >= 1`);
  }
  const members = new Map<string, string>();
  for (const combination of problem.combinations) {
    const killable: string[] = [];
    for (const occurrences of combination.members) {
      const key = occurrences.map((o) => `${o.first}-${o.last}`).join(',');
      let name = members.get(key);
      if (name === undefined) {
        const sums = occurrences.map(sumOf);
        if (occurrences.length === 0 || sums.some((terms) => terms.length === 0)) continue;
        name = `y${members.size}`;
        members.set(key, name);
        for (const terms of sums) rows.push(`${terms.join(' + ')} - ${name} >= 0`);
      }
      killable.push(name);
    }
    if (killable.length > 0) rows.push(`${killable.join(' + ')} >= 1`);
  }
  const sorted = [...tokens].sort((a, b) => a - b);
  if (sorted.length === 0) return { model: '', tokens: [] };
  const model = [
    'Minimize',
    ` obj: ${sorted.map((t) => `x${t}`).join(' + ')}`,
    'Subject To',
    ...rows.map((row, i) => ` c${i}: ${row}`),
    'Binary',
    ` ${[...sorted.map((t) => `x${t}`), ...members.values()].join(' ')}`,
    'End',
    '',
  ].join('\n');
  return { model, tokens: sorted };
}

/** The fewest tokens that break every constraint of `problem` (see the module comment). */
export function ilpMinimum(solver: IlpSolver, problem: HittingProblem, timeLimitSeconds: number): IlpMinimum {
  const { model, tokens } = hittingSetModel(problem);
  if (tokens.length === 0) return { tokens: [], optimal: true };
  const solution = solver.solve(model, { time_limit: timeLimitSeconds, output_flag: false });
  const chosen =
    solution.Status === 'Optimal' || solution.Status === 'Time limit reached' ? tokens.filter((t) => (solution.Columns[`x${t}`]?.Primal ?? 0) > 0.5) : [];
  if (solution.Status === 'Optimal') return { tokens: chosen, optimal: true };
  if (solution.Status !== 'Time limit reached') throw new Error(`HiGHS could not solve the plan's constraints: ${solution.Status}.`);
  return { tokens: chosen, optimal: false };
}
