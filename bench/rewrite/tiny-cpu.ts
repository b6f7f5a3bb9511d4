// The rewriting benchmark on this machine's CPU with the tiny random-weight test model,
// over a few demo judgments against the demo collection:
//
//   npx tsx bench/rewrite/tiny-cpu.ts [--limit 3] [--max-chars 3000] [--model PATH]
//
// The figures are NOT results (the model writes noise, every rewrite ends as a placeholder
// fallback); they show what a run costs in requests, tokens and decode calls, and that the
// pipeline runs end to end. Real numbers come from qwen3-gpu.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeTinyQwen3Gguf } from '../../models/make-test-model.js';
import { parseBenchOptions, type RewriteBenchOptions } from './bench-options.js';
import { runRewriteBench } from './rewrite-bench.js';

const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');

export const TINY_DEFAULTS: RewriteBenchOptions = {
  model: undefined,
  collection: join(root, 'demo', 'collection.jsonl.gz'),
  documents: join(root, 'demo', 'deidentified.jsonl'),
  limit: 3,
  // The tiny model's context is 2048 byte-sized tokens: short chunks, no examples, short answers.
  maxChars: 3000,
  arities: [1],
  k: 2,
  maxN: 8,
  passes: 2,
  retries: 1,
  fewShot: 0,
  maxTokens: 32,
  maxChunkChars: 400,
  sequences: undefined,
  threads: 2,
  cpu: true,
  seed: 1,
  json: undefined,
};

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const work = mkdtempSync(join(tmpdir(), 'unlinkable-tiny-model-'));
  try {
    const options = parseBenchOptions(process.argv.slice(2), TINY_DEFAULTS);
    if (options.model === undefined) {
      options.model = join(work, 'tiny-qwen3.gguf');
      await writeTinyQwen3Gguf(options.model);
    }
    await runRewriteBench(options);
  } catch (error) {
    process.stderr.write(`rewrite benchmark: ${(error as Error).message}\n`);
    process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
