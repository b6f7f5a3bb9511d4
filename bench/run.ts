// `npm run bench`: measures the engine against its targets and the FTS5 peer on this
// machine, and writes BENCHMARKS.md. Not part of `npm test`.
//
// `npm run bench -- --only plan` measures the edit plan and the long text again (it builds
// the court index for them; the long text in the review screen needs the app built, which
// it does, and Debian's Chromium) and keeps the other figures of bench/last-run.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReport, type BenchResults } from './report.js';
import type { LongTextResults } from './report-long-text.js';
import type { PlanResults } from './report-plan.js';
import type { UiLongTextResults } from './report-ui-long-text.js';
import { SCALE_END, SCALE_START } from './scale/report-scale.js';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const shared = process.env.UNLINKABLE_SHARED ?? resolve(root, '..', 'shared');
const work = mkdtempSync(join(tmpdir(), 'unlinkable-bench-'));
const lastRunPath = join(root, 'bench', 'last-run.json');
/** Arity ≤ 3 plans every n-th judgment ('1': all of them, since the cover plan keeps the longest under seconds). */
const PLAN_ARITY3_EVERY = '1';

function child<T>(script: string, args: string[]): T {
  process.stderr.write(`  ${script} ${args.map((a) => a.replace(work, '$TMP')).join(' ')}\n`);
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(root, 'bench', script), ...args], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out.toString()) as T;
}

/**
 * Builds are timed twice and the faster run kept (its peak RSS with it), ours and FTS5's
 * alike: on this shared virtual machine a build can take a quarter longer for no reason of
 * its own (the 25M-word build: 18.8 s in one full run on 2026-12-05, 14.6 and 15.3 s alone
 * just after).
 */
const BUILD_RUNS = 2;

function fastestBuild<T extends { seconds: number }>(script: string, args: string[]): T {
  let fastest: T | undefined;
  for (let run = 0; run < BUILD_RUNS; run++) {
    const result = child<T>(script, args);
    if (fastest === undefined || result.seconds < fastest.seconds) fastest = result;
  }
  return fastest!;
}

/** The long text in the review screen: the app is built first, as the end-to-end tests run it. */
function uiLongText(deidentified: string): UiLongTextResults {
  process.stderr.write('  node scripts/build.mjs\n');
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return child<UiLongTextResults>('ui-long-text.ts', [deidentified]);
}

function onlyFlag(): string | undefined {
  const at = process.argv.indexOf('--only');
  return at < 0 ? undefined : process.argv[at + 1];
}

try {
  const court = join(shared, 'data', 'court', 'collection.jsonl.gz');
  const wiki = join(shared, 'data', 'wiki', 'articles-20k.jsonl.gz');
  const deidentified = join(shared, 'data', 'court', 'deidentified.jsonl.gz');
  const only = onlyFlag();
  if (only !== undefined && only !== 'plan') throw new Error(`--only takes "plan" (got ${JSON.stringify(only)}).`);
  let results: BenchResults;
  if (only === 'plan') {
    if (!existsSync(lastRunPath)) throw new Error('--only plan keeps the figures of bench/last-run.json, which is missing: run `npm run bench` first.');
    child('build-ours.ts', [court, join(work, 'court.unl')]);
    results = {
      ...(JSON.parse(readFileSync(lastRunPath, 'utf8')) as BenchResults),
      plan: child<PlanResults>('plan-latency.ts', [join(work, 'court.unl'), deidentified, PLAN_ARITY3_EVERY]),
      longText: child<LongTextResults>('long-text.ts', [join(work, 'court.unl'), deidentified]),
      uiLongText: uiLongText(deidentified),
    };
  } else {
    results = {
      machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.versions.node}, ${process.platform}`,
      date: new Date().toISOString().slice(0, 10),
      court: {
        ours: fastestBuild('build-ours.ts', [court, join(work, 'court.unl')]),
        fts5: fastestBuild('build-fts5.ts', [court, join(work, 'court-fts.db'), 'content']),
        fts5NoContent: fastestBuild('build-fts5.ts', [court, join(work, 'court-fts-nc.db'), 'none']),
      },
      wiki: {
        ours: fastestBuild('build-ours.ts', [wiki, join(work, 'wiki.unl')]),
        fts5: fastestBuild('build-fts5.ts', [wiki, join(work, 'wiki-fts.db'), 'content']),
      },
      detection: child('detect-latency.ts', [join(work, 'court.unl'), join(work, 'court-fts.db'), deidentified, '5']),
      plan: child<PlanResults>('plan-latency.ts', [join(work, 'court.unl'), deidentified, PLAN_ARITY3_EVERY]),
      longText: child<LongTextResults>('long-text.ts', [join(work, 'court.unl'), deidentified]),
      uiLongText: uiLongText(deidentified),
    };
    // The rewriting pipeline on the tiny test model (CPU): costs, not results.
    process.stderr.write('  rewrite/tiny-cpu.ts\n');
    results.rewriteTiny = execFileSync(process.execPath, ['--import', 'tsx', join(root, 'bench', 'rewrite', 'tiny-cpu.ts')], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    }).toString();
  }
  // The real small model's figures are run by hand (minutes per document on the CPU): included as written.
  const { rewriteReal: _previous, ...measured } = results;
  const realPath = join(root, 'bench', 'rewrite', 'real-model-cpu.md');
  const report = renderReport({ ...measured, ...(existsSync(realPath) && { rewriteReal: readFileSync(realPath, 'utf8') }) });
  // The scale benchmark's section (npm run bench:scale, hours) is kept as it was written.
  const benchmarksPath = join(root, 'BENCHMARKS.md');
  const previous = existsSync(benchmarksPath) ? readFileSync(benchmarksPath, 'utf8') : '';
  const scaleStart = previous.indexOf(SCALE_START);
  const scaleEnd = previous.indexOf(SCALE_END);
  // The scale section and any notes written after it are kept as they are.
  const scale = scaleStart >= 0 && scaleEnd > scaleStart ? `\n${previous.slice(scaleStart).trimEnd()}\n` : '';
  writeFileSync(benchmarksPath, `${report.trimEnd()}\n${scale}`);
  writeFileSync(lastRunPath, `${JSON.stringify(measured, null, 1)}\n`);
  process.stdout.write(report);
} finally {
  rmSync(work, { recursive: true, force: true });
}
