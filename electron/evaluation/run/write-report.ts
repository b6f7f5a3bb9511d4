/**
 * Writes a run's totals: totals.json, table.md and one SVG per redaction curve.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownReport, type ReportInput } from '../report/markdown-table.js';
import { redactionChartSvg } from '../report/svg-chart.js';
import type { CurveTotals, MethodTotals } from '../report/totals.js';
import type { ModelIdentity } from './model-services.js';

/** What totals.json holds. */
export interface TotalsFile {
  readonly title: string;
  readonly collection: { readonly name: string; readonly documents: number; readonly contentSha256: string };
  readonly documents: number;
  readonly settings: { readonly ks: readonly number[]; readonly maxN: number; readonly seed: number; readonly figureStart: string };
  readonly models: ReportInput['models'];
  /** Roles whose model is the test fixture: their figures are not results. */
  readonly fixtureModels: readonly string[];
  readonly methods: readonly MethodTotals[];
  readonly skipped: ReportInput['skipped'];
  readonly curves: readonly CurveTotals[];
}

/** Writes the files and returns their paths. */
export function writeReport(folder: string, totals: TotalsFile): string[] {
  const files = [join(folder, 'totals.json'), join(folder, 'table.md')];
  writeFileSync(files[0]!, `${JSON.stringify(totals, null, 2)}\n`);
  writeFileSync(files[1]!, markdownReport({ ...totals, ks: totals.settings.ks }));
  for (const curve of totals.curves) {
    const file = join(folder, `redaction-curve-${curve.ranker}.svg`);
    const attack = curve.ranker === 'bm25' ? 'BM25 search' : 'embedding cosine';
    const fixture = totals.fixtureModels.length > 0 && curve.ranker === 'embedding' ? ' (TEST FIXTURE MODEL: not a result)' : '';
    writeFileSync(file, redactionChartSvg(curve, `${totals.title}: source found by ${attack}${fixture}`));
    files.push(file);
  }
  return files;
}

/** Roles whose model is the test fixture. */
export function fixtureRoles(models: Readonly<Record<string, ModelIdentity | undefined>>): string[] {
  return Object.entries(models)
    .filter(([, model]) => model?.fixture === true)
    .map(([role]) => role);
}
