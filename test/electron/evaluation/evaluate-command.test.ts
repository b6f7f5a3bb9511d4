/**
 * `unlinkable evaluate` end to end on three de-identified court judgments against a small
 * collection: the model-free methods, resume after a kill, and the model-driven parts on
 * the tiny test model (refused unless a test allows it, and marked as a fixture).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { evaluateCommandWith } from '../../../electron/cli/commands/evaluate-command.js';
import type { TotalsFile } from '../../../electron/evaluation/run/write-report.js';
import { tinyModelPath } from '../../helpers/tiny-model.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';
import { hasSharedData, projectRoot, warnIfNoSharedData } from '../../spec-paths.js';
import { buildEvaluationSet } from './evaluate-fixture.js';
import { standInRewriter } from './stand-in-rewriter.js';

const tempDir = useTempDir('unlinkable-evaluate-');
const signal = new AbortController().signal;
let set = { db: '', documents: '' };
let tinyModel = '';

beforeAll(async () => {
  if (!hasSharedData) return;
  const dir = tempDir();
  set = await buildEvaluationSet(dir, 4, 12);
  tinyModel = tinyModelPath();
});
afterEach(() => vi.restoreAllMocks());

function quietly(): void {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
}

/** The model-free methods but the slow one (the minimal plan at arity ≤ 3 has tests of its own). */
const MODEL_FREE = ['--method', 'released,handcrafted,redaction-arity-1,redaction,minimal-redaction-arity-1'];

async function evaluate(out: string, extra: string[] = MODEL_FREE, limit = 3): Promise<TotalsFile> {
  quietly();
  const code = await evaluateCommandWith({ rewriter: standInRewriter })([set.db, set.documents, '--limit', String(limit), '--out', out, '--quiet', ...extra], {
    signal,
  });
  expect(code).toBe(0);
  return JSON.parse(readFileSync(join(out, 'totals.json'), 'utf8')) as TotalsFile;
}

/** The rows of a results file that parse (a kill can leave the last one half written). */
function completeRows<Row = { key: string; documentId: string }>(path: string): Row[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Row];
      } catch {
        return [];
      }
    });
}

/** The figures of a run, without wall-clock times. */
function figures(totals: TotalsFile): unknown {
  return totals.methods.map(({ cost: { meanSeconds: _s, totalSeconds: _t, ...cost }, ...rest }) => ({ ...rest, cost }));
}

warnIfNoSharedData('the evaluate command on court data');
describe.skipIf(!hasSharedData)('unlinkable evaluate', () => {
  let baseline: TotalsFile;

  it('measures the model-free methods and says what it did not measure', async () => {
    const out = tempDir();
    baseline = await evaluate(out);
    expect(baseline.documents).toBe(3);
    expect(baseline.methods.map((m) => m.method)).toEqual(['released', 'handcrafted', 'redaction-arity-1', 'redaction', 'minimal-redaction-arity-1']);
    const [released, handcrafted, spansArity1, redaction, minimal] = baseline.methods;
    expect(released!.linkage['2']!.arity1).toMatchObject({ documents: 3, pooled: 1, mean: 1 });
    expect(released!.editRatio.mean).toBe(0);
    expect(redaction!.linkage['2']!.arity1.pooled).toBe(0);
    expect(redaction!.linkage['2']!.arity3.pooled!).toBeLessThan(0.05);
    expect(handcrafted!.linkage['2']!.arity1.pooled!).toBeGreaterThan(0);
    expect(handcrafted!.linkage['2']!.arity1.pooled!).toBeLessThan(1);
    expect(handcrafted!.linkage['5']!.arity1.spans).toBeGreaterThan(handcrafted!.linkage['2']!.arity1.spans);
    // The minimal plan leaves nothing at arity 1, with far fewer words changed than redacting the whole spans.
    expect(minimal!.linkage['2']!.arity1.pooled).toBe(0);
    expect(spansArity1!.linkage['2']!.arity1.pooled).toBe(0);
    expect(minimal!.editRatio.pooled!).toBeLessThan(0.5 * spansArity1!.editRatio.pooled!);
    expect(released!.bm25.before.first.successes).toBe(3);
    for (const m of baseline.methods) expect(m).toMatchObject({ similarity: null, perplexity: null, semantic: null });
    expect(baseline.skipped).toEqual([]);
    const rows = completeRows<{ kind: string; method: string; textSha256: string; rewriteSha256?: string }>(join(out, 'results.jsonl'));
    expect(rows).toHaveLength(15);
    // Each row hashes its output as well as its input: the released text's output is its input, a redaction's is not.
    for (const row of rows.filter((r) => r.kind === 'method')) {
      expect(row.rewriteSha256).toMatch(/^[0-9a-f]{64}$/u);
      if (row.method === 'released') expect(row.rewriteSha256).toBe(row.textSha256);
      if (row.method === 'redaction') expect(row.rewriteSha256).not.toBe(row.textSha256);
    }
    expect(baseline.curves.map((c) => [c.ranker, c.documents, c.points.length])).toEqual([['bm25', 3, 21]]);

    const table = readFileSync(join(out, 'table.md'), 'utf8');
    expect(table).toMatch(
      /\| Handcrafted paraphrasing \| 0\.\d{3} \(0\.\d{3}\) \| 0\.\d{3} \(0\.\d{3}\) \| not measured \(no model\) \| not measured \(no model\) \|/,
    );
    expect(table).not.toContain('TEST FIXTURE');
    expect(readFileSync(join(out, 'redaction-curve-bm25.svg'), 'utf8')).toMatch(/^<svg [^>]+>[\s\S]*<polyline[\s\S]*<\/svg>\n$/);
  });

  it('resumes after being killed: finished rows are kept, the rest computed, nothing twice', async () => {
    const out = tempDir();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/electron/evaluation/evaluate-entry.ts', set.db, set.documents, '--limit', '3', '--out', out, '--quiet', ...MODEL_FREE],
      {
        cwd: projectRoot,
        stdio: 'ignore',
      },
    );
    const results = join(out, 'results.jsonl');
    const exited = new Promise((resolve) => child.on('exit', resolve));
    while (!(existsSync(results) && completeRows(results).length >= 1)) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGKILL');
    await exited;
    const before = completeRows(results);
    expect(before.length).toBeLessThan(15);
    // As if the kill had hit in the middle of a write.
    appendFileSync(results, JSON.stringify(before[0]).slice(0, 40));

    const resumed = await evaluate(out);
    const after = completeRows(results);
    expect(after).toHaveLength(15);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(new Set(after.map((r) => `${r.key}/${r.documentId}`)).size).toBe(15);
    expect(figures(resumed)).toEqual(figures(baseline));

    // A third run has nothing left to do.
    await evaluate(out);
    expect(completeRows(results)).toHaveLength(15);
  });

  it('refuses the tiny test model unless a test allows it', async () => {
    quietly();
    const run = evaluateCommandWith({ rewriter: standInRewriter })(
      [set.db, set.documents, '--limit', '1', '--out', tempDir(), '--perplexity-model', tinyModel],
      { signal },
    );
    await expect(run).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/tiny test model.*noise, not results/) });
  });

  it('rejects unknown methods, and LLM methods without an LLM', async () => {
    quietly();
    const command = evaluateCommandWith();
    await expect(command([set.db, set.documents, '--method', 'magic'], { signal })).rejects.toMatchObject({ name: 'UsageError' });
    await expect(command([set.db, set.documents, '--out', tempDir(), '--method', 'llm-baseline'], { signal })).rejects.toMatchObject({
      code: 'invalid-settings',
      message: expect.stringMatching(/needs an LLM/),
    });
  });

  it('drives every model-based measure with the test model, marking the figures as a fixture', { timeout: 180_000 }, async () => {
    const out = tempDir();
    const model = ['--embedding-model', tinyModel, '--perplexity-model', tinyModel, '--llm-model', tinyModel, '--allow-test-model'];
    const totals = await evaluate(out, [...model, '--method', 'released,redaction,llm-spans-arity-1,llm-baseline', '--k', '2', '--figure-steps', '4'], 1);
    expect(totals.fixtureModels).toEqual(['embedding', 'perplexity', 'llm']);
    const byMethod = Object.fromEntries(totals.methods.map((m) => [m.method, m]));
    expect(byMethod.released!.similarity!.mean).toBeCloseTo(1, 5);
    expect(byMethod.redaction!.similarity!.mean!).toBeLessThan(1);
    for (const m of totals.methods) {
      expect(m.perplexity!.mean!).toBeGreaterThan(1);
      expect(m.semantic!.before.documents).toBe(1);
    }
    const llm = byMethod['llm-spans-arity-1']!;
    expect(llm.cost.meanPasses).toBe(1);
    expect(llm.cost.meanPromptTokens!).toBeGreaterThan(20);
    expect(llm.cost.meanGeneratedTokens!).toBeGreaterThan(0);
    expect(llm.linkage['2']!.arity1.pooled).toBe(0); // the stand-in replaced every arity-1 span
    expect(byMethod['llm-baseline']!.linkage['2']!.arity1.pooled).toBe(1); // …and the baseline none
    expect(llm.credit).toMatchObject({ model: 1, fallback: 0, unresolved: 0 });
    expect(byMethod['llm-baseline']!.credit).toMatchObject({ model: 0, unresolved: 1 });
    expect(byMethod.redaction!.credit).toBeNull();
    // Refused answers reach the totals from the rows (the stand-in refuses none); other methods have none to count.
    expect(llm.refusals).toEqual({ documents: 1, perDocument: 0, byReason: {} });
    expect(byMethod.redaction!.refusals).toBeNull();
    expect(totals.curves.map((c) => [c.ranker, c.points.length])).toEqual([
      ['bm25', 5],
      ['embedding', 5],
    ]);
    expect(readFileSync(join(out, 'table.md'), 'utf8')).toMatch(/^# Evaluation\n\n> \*\*TEST FIXTURE MODEL \(embedding, perplexity, llm\)/);
    expect(readFileSync(join(out, 'redaction-curve-embedding.svg'), 'utf8')).toContain('TEST FIXTURE MODEL');
  });
});
