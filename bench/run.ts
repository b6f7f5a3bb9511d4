// `npm run bench`: measures the engine against its targets and the FTS5 peer on this
// machine, and writes BENCHMARKS.md. Not part of `npm test`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReport, type BenchResults } from './report.js';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const shared = process.env.UNLINKABLE_SHARED ?? resolve(root, '..', 'shared');
const work = mkdtempSync(join(tmpdir(), 'unlinkable-bench-'));

function child<T>(script: string, args: string[]): T {
  process.stderr.write(`  ${script} ${args.map((a) => a.replace(work, '$TMP')).join(' ')}\n`);
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(root, 'bench', script), ...args], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out.toString()) as T;
}

try {
  const court = join(shared, 'data', 'court', 'collection.jsonl.gz');
  const wiki = join(shared, 'data', 'wiki', 'articles-20k.jsonl.gz');
  const results: BenchResults = {
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.versions.node}, ${process.platform}`,
    date: new Date().toISOString().slice(0, 10),
    court: {
      ours: child('build-ours.ts', [court, join(work, 'court.unl')]),
      fts5: child('build-fts5.ts', [court, join(work, 'court-fts.db'), 'content']),
      fts5NoContent: child('build-fts5.ts', [court, join(work, 'court-fts-nc.db'), 'none']),
    },
    wiki: {
      ours: child('build-ours.ts', [wiki, join(work, 'wiki.unl')]),
      fts5: child('build-fts5.ts', [wiki, join(work, 'wiki-fts.db'), 'content']),
    },
    detection: child('detect-latency.ts', [join(work, 'court.unl'), join(work, 'court-fts.db'), join(shared, 'data', 'court', 'deidentified.jsonl.gz'), '5']),
  };
  // The rewriting pipeline on the tiny test model (CPU): costs, not results.
  process.stderr.write('  rewrite/tiny-cpu.ts\n');
  results.rewriteTiny = execFileSync(process.execPath, ['--import', 'tsx', join(root, 'bench', 'rewrite', 'tiny-cpu.ts')], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  }).toString();
  writeFileSync(join(root, 'BENCHMARKS.md'), renderReport(results));
  writeFileSync(join(root, 'bench', 'last-run.json'), `${JSON.stringify(results, null, 1)}\n`);
  process.stdout.write(renderReport(results));
} finally {
  rmSync(work, { recursive: true, force: true });
}
