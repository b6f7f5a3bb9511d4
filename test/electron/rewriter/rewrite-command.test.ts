/** `unlinkable rewrite` in-process, on a small collection and the tiny model (whose rewrites all fail: placeholders). */
import { writeFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rewriteCommand } from '../../../electron/cli/commands/rewrite-command.js';
import { UsageError } from '../../../electron/cli/args.js';
import { EXIT } from '../../../electron/cli/exit-codes.js';
import { createFromInputs } from '../../../electron/services/collections.js';
import type { RewriteRecord } from '../../../electron/rewriter/types.js';
import { realModel } from '../../helpers/real-models.js';
import { tinyModelPath } from '../../helpers/tiny-model.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('unlinkable-rewrite-cli-');
let db = '';
let model = '';
let documentPath = '';
const context = { signal: new AbortController().signal };
const text = 'On [REDACTED] the applicant was detained in Kandira prison by the police, who kept him there for a long time.';

async function run(args: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  // Progress and the model line go to stderr: kept out of the test output.
  const quiet = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const code = await rewriteCommand(args, context);
    return { code, stdout };
  } finally {
    spy.mockRestore();
    quiet.mockRestore();
  }
}

beforeAll(async () => {
  const dir = tempDir();
  const records = [
    { id: 'a', text: 'The applicant was detained in Kandira prison by the police for a long time.' },
    { id: 'b', text: 'The applicant was detained by the police for a long time.' },
    { id: 'c', text: 'The police kept the applicant there for a long time.' },
  ];
  writeFileSync(join(dir, 'collection.jsonl'), records.map((r) => JSON.stringify(r)).join('\n'));
  db = join(dir, 'collection.unl');
  await createFromInputs(db, [join(dir, 'collection.jsonl')], { name: 'test' });
  model = tinyModelPath();
  documentPath = join(dir, 'document.txt');
  writeFileSync(documentPath, text);
});
afterEach(() => vi.restoreAllMocks());

// Small and fast: no examples (the tiny model's context is 2048 byte tokens), few tokens, one pass.
const tiny = () => ['--model', model, '--cpu', '--threads', '2', '--few-shot', '0', '--max-tokens', '24', '--retries', '0', '--seed', '9'];

describe('unlinkable rewrite', () => {
  it('prints JSON with the rewritten text, the proposals, the record and the verdict', async () => {
    const { code, stdout } = await run([db, documentPath, ...tiny(), '--arity', '1', '--passes', '1', '--json']);
    const out = JSON.parse(stdout) as {
      text: string;
      proposals: { fallback: boolean; start: number; end: number }[];
      record: RewriteRecord;
      verdict: string;
      model: { sha256: string };
      backend: string;
    };
    expect(out.text).not.toContain('Kandira');
    expect(out.text).toContain('[REDACTED]');
    expect(out.proposals.length).toBeGreaterThan(0);
    expect(out.proposals.every((p) => p.fallback)).toBe(true);
    expect(out.model.sha256).toMatch(/^[0-9a-f]{64}$/u);
    expect(out.backend).toMatch(/^CPU, 2 threads/u);
    expect(out.record).toMatchObject({ mode: 'spans', settings: { k: 2, arity: 1, maxN: 8, seed: 9, maxPasses: 1 } });
    expect(out.record.totals.generatedTokens).toBeGreaterThan(0);
    expect(out.verdict).toMatch(/linkable/u);
    expect(code).toBe(out.verdict.startsWith('No linkable') ? EXIT.ok : EXIT.linkable);
  });

  it('runs the baseline and prints the text and a summary', async () => {
    const { stdout } = await run([db, documentPath, ...tiny(), '--baseline', '--passes', '1']);
    expect(stdout).toMatch(/^Baseline rewrite: 1 pass, /mu);
    expect(stdout).toMatch(/(No linkable phrases|linkable phrases? remains?) at k=2, arity ≤3/u);
    // The tiny model's answers never pass the checks: the baseline keeps the text.
    expect(stdout.startsWith(text)).toBe(true);
  });

  it('insists on a model and valid flags', async () => {
    await expect(run([db, documentPath])).rejects.toBeInstanceOf(UsageError);
    await expect(run([db, documentPath, '--model', model, '--temperature', 'hot'])).rejects.toThrow(/--temperature/u);
    await expect(run([db, documentPath, '--model', join(tempDir(), 'none.gguf')])).rejects.toMatchObject({ code: 'not-found' });
  });

  it('refuses a meaning model that is not all-MiniLM-L6-v2, and one with the baseline, before any model loads', async () => {
    await expect(run([db, documentPath, ...tiny(), '--meaning-model', model])).rejects.toThrow(/is a language model \(qwen3\), not an embedding model/u);
    await expect(run([db, documentPath, ...tiny(), '--baseline', '--meaning-model', model])).rejects.toThrow(/--meaning-model does not go with --baseline/u);
  });

  const miniLm = realModel('embedding');
  it.skipIf(miniLm.path === null)(
    'checks the answers for meaning with --meaning-model, and says so in the record and the summary',
    async () => {
      const json = await run([db, documentPath, ...tiny(), '--arity', '1', '--passes', '1', '--meaning-model', miniLm.path!, '--json']);
      const out = JSON.parse(json.stdout) as { record: RewriteRecord };
      expect(out.record.settings.meaningCheck).toEqual({ model: 'all-MiniLM-L6-v2', minSimilarity: 0.5 });
      const plain = await run([db, documentPath, ...tiny(), '--arity', '1', '--passes', '1', '--meaning-model', miniLm.path!]);
      expect(plain.stdout).toMatch(/^Meaning check \(all-MiniLM-L6-v2, similarity below 0\.5\): \d+ answers? refused as meaning something else\.$/mu);
    },
    120_000,
  );
});
