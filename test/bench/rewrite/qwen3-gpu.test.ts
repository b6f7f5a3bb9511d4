/**
 * The GPU benchmark script, end to end on this machine's CPU with the tiny model over a
 * small slice (2 documents, 1 pass, short answers), as `npx tsx` runs it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderBenchReport, type RewriteBenchReport } from '../../../bench/rewrite/bench-report.js';
import { tinyModelPath } from '../../helpers/tiny-model.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';
import { projectRoot } from '../../spec-paths.js';

const tempDir = useTempDir('unlinkable-rewrite-bench-');
let model = '';

beforeAll(async () => {
  model = tinyModelPath();
});

describe('bench/rewrite/qwen3-gpu.ts', () => {
  it('runs end to end on the CPU with the tiny model, and says its figures are not results', () => {
    const json = join(tempDir(), 'run.json');
    const args = [
      '--model',
      model,
      '--collection',
      'demo/collection.jsonl.gz',
      '--documents',
      'demo/deidentified.jsonl',
      '--limit',
      '2',
      '--max-chars',
      '1000',
    ];
    const small = [
      '--arity',
      '1',
      '--passes',
      '1',
      '--retries',
      '0',
      '--few-shot',
      '0',
      '--max-tokens',
      '12',
      '--max-chunk-chars',
      '300',
      '--cpu',
      '--threads',
      '2',
      '--json',
      json,
    ];
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/rewrite/qwen3-gpu.ts', ...args, ...small], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(run.stderr).not.toMatch(/rewrite benchmark:/u);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^TINY TEST MODEL: random weights\. These figures are NOT results/u);
    expect(run.stdout).toMatch(/arity 1: [\d.]+ s per document over 2 documents · paper 15\.5 s · target ≤ 5\.2 s: not measured \(test model\)/u);

    const report = JSON.parse(readFileSync(json, 'utf8')) as RewriteBenchReport;
    expect(report.tiny).toBe(true);
    expect(report.model.sha256).toMatch(/^[0-9a-f]{64}$/u);
    expect(report.rows).toHaveLength(2);
    expect(report.rows.map((row) => row.spans)).toEqual([expect.any(Number), expect.any(Number)]);
    for (const row of report.rows) {
      expect(row.spans).toBeGreaterThan(0);
      expect(row).toMatchObject({ arity: 1, passes: 1 });
      expect(row.promptTokens).toBeGreaterThan(0);
      expect(row.generatedTokens).toBeGreaterThan(0);
      expect(row.decodeCalls).toBeGreaterThan(0);
      expect(row.seconds).toBeGreaterThan(0);
    }
  });
});

describe('the benchmark report', () => {
  const row = {
    id: 'doc',
    characters: 1000,
    spans: 10,
    remaining: 0,
    passes: 2,
    requests: 8,
    fallbacks: 1,
    promptTokens: 5000,
    reusedPromptTokens: 3000,
    generatedTokens: 800,
    decodeCalls: 250,
    tokensPerDecode: 3.2,
    generationSeconds: 4,
    rejections: { 'span-kept': 2, 'no-answer': 1 },
  };
  const report = (tiny: boolean, seconds: number, comparable = !tiny): RewriteBenchReport => ({
    date: '2026-01-01T00:00:00.000Z',
    model: {
      name: comparable ? 'Qwen3-4B' : 'SmolLM2 135M Instruct',
      sha256: 'ab'.repeat(32),
      architecture: comparable ? 'qwen3' : 'llama',
      quantization: 'Q4_K_M',
    },
    backend: 'CUDA, 37 layers on the GPU, 4 parallel sequences of 8192 tokens',
    parameterCount: tiny ? 400_000 : 4_000_000_000,
    tiny,
    comparable,
    settings: { k: 2, maxN: 8, passes: 4, retries: 2, seed: 1, temperature: 1.2, maxChars: 0 },
    rows: [
      { ...row, arity: 1, seconds },
      { ...row, arity: 3, seconds: 20 },
    ],
  });

  it('compares seconds per document with the paper and the target (a third of it)', () => {
    const text = renderBenchReport(report(false, 4));
    expect(text).not.toMatch(/TINY/u);
    expect(text).toMatch(/arity 1: 4\.0 s per document over 1 document · paper 15\.5 s · target ≤ 5\.2 s: met/u);
    expect(text).toMatch(/arity ≤3: 20\.0 s per document over 1 document · paper 52\.6 s · target ≤ 17\.5 s: not met/u);
    expect(text).toMatch(/3\.20 tokens per decode call · refused answers: span-kept 2, no-answer 1/u);
  });

  it("never measures another model against the paper's Qwen3-4B time", () => {
    const text = renderBenchReport(report(false, 4, false));
    expect(text).toMatch(/paper 15\.5 s · target ≤ 5\.2 s: not comparable \(SmolLM2 135M Instruct is not the paper's Qwen3-4B\)/u);
    expect(text).not.toMatch(/: met|not met/u);
  });

  it('never states a verdict for the tiny model', () => {
    const text = renderBenchReport(report(true, 4));
    expect(text.match(/NOT results/gu)).toHaveLength(2);
    expect(text).not.toMatch(/: met|not met/u);
  });
});
