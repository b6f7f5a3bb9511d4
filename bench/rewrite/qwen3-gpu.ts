// The rewriting benchmark on a GPU machine, in one command:
//
//   npx tsx bench/rewrite/qwen3-gpu.ts --model models/Qwen3-4B-Q4_K_M.gguf
//
// Indexes ../shared/data/court/collection.jsonl.gz, then rewrites each of the 144
// de-identified judgments at arity 1 and arity ≤ 3 (k = 2, N ≤ 8, up to 4 passes) and
// prints seconds per document next to the paper's 15.5 s and 52.6 s and our target (a
// third of those). Results also go to bench/rewrite/last-gpu-run.json. Flags override the
// defaults (see bench-options.ts), e.g. --limit 10, --arity 1, --sequences 8.
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseBenchOptions, type RewriteBenchOptions } from './bench-options.js';
import { runRewriteBench } from './rewrite-bench.js';

const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const shared = process.env.UNLINKABLE_SHARED ?? resolve(root, '..', 'shared');

export const GPU_DEFAULTS: RewriteBenchOptions = {
  model: undefined,
  collection: join(shared, 'data', 'court', 'collection.jsonl.gz'),
  documents: join(shared, 'data', 'court', 'deidentified.jsonl.gz'),
  limit: 0,
  maxChars: 0,
  arities: [1, 3],
  k: 2,
  maxN: 8,
  passes: 4,
  retries: 2,
  fewShot: undefined,
  maxTokens: undefined,
  maxChunkChars: undefined,
  sequences: undefined,
  threads: undefined,
  cpu: false,
  seed: 1,
  json: join(root, 'bench', 'rewrite', 'last-gpu-run.json'),
};

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    await runRewriteBench(parseBenchOptions(process.argv.slice(2), GPU_DEFAULTS));
  } catch (error) {
    process.stderr.write(`rewrite benchmark: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
