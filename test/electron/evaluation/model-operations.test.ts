/**
 * The embed and perplexity operations of the model runtime, on the tiny random-weight
 * model. Its numbers mean nothing as results; these tests check the arithmetic and the
 * plumbing, by recomputing the same quantities token by token in this process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLlama, LlamaLogLevel, type Token } from 'node-llama-cpp';
import { LlmClient } from '../../../electron/llm/llm-client.js';
import { inspectModelFile } from '../../../electron/llm/gguf-metadata.js';
import { isTestFixtureModel } from '../../../electron/llm/test-fixture-model.js';
import { readFile, writeFile } from 'node:fs/promises';
import { tinyModelPath } from '../../helpers/tiny-model.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('unlinkable-eval-model-');
const llm = LlmClient.start();
/** The tiny model, like Qwen3, adds no BOS token; the copy with BOS exercises the other branch. */
const withBos = LlmClient.start();
let modelPath = '';
let bosModelPath = '';
const CONTEXT = 256;

/** The tiny model with tokenizer.ggml.add_bos_token flipped to true (its bool byte follows the key and the type). */
async function writeBosVariant(from: string, to: string): Promise<void> {
  const bytes = await readFile(from);
  const key = Buffer.from('tokenizer.ggml.add_bos_token');
  const at = bytes.indexOf(key);
  expect(at).toBeGreaterThan(0);
  expect(bytes.readUInt32LE(at + key.length)).toBe(7); // GGUF type 7 = bool
  bytes[at + key.length + 4] = 1;
  await writeFile(to, bytes);
}

beforeAll(async () => {
  modelPath = tinyModelPath();
  bosModelPath = join(tempDir(), 'tiny-qwen3-bos.gguf');
  await writeBosVariant(modelPath, bosModelPath);
  await llm.loadModel(modelPath, { gpu: false, contextSize: CONTEXT, threads: 1 });
  await withBos.loadModel(bosModelPath, { gpu: false, contextSize: CONTEXT, threads: 1 });
});
afterAll(async () => {
  await llm.dispose();
  await withBos.dispose();
});

/** −Σ ln p(token | tokens before), one token at a time, straight from node-llama-cpp. */
async function referenceNegativeLogLikelihood(path: string, text: string): Promise<{ nll: number; scored: number }> {
  const llama = await getLlama({
    gpu: false,
    build: 'never',
    usePrebuiltBinaries: true,
    skipDownload: true,
    progressLogs: false,
    logLevel: LlamaLogLevel.error,
  });
  const model = await llama.loadModel({ modelPath: path });
  const context = await model.createContext({ contextSize: CONTEXT, threads: 1 });
  const sequence = context.getSequence();
  const bos = model.tokens.shouldPrependBosToken ? [model.tokens.bos!] : [];
  const tokens = [...bos, ...model.tokenize(text)] as Token[];
  let nll = 0;
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [output] = await sequence.controlledEvaluate([[tokens[i]!, { generateNext: { probabilities: true, options: { temperature: 0 } } }]]);
    nll -= Math.log(output!.next.probabilities!.get(tokens[i + 1]!)!);
  }
  await context.dispose();
  await model.dispose();
  return { nll, scored: tokens.length - 1 };
}

describe('the test fixture model', () => {
  it('is recognised, so that evaluations refuse or mark it', async () => {
    expect(isTestFixtureModel(await inspectModelFile(modelPath))).toBe(true);
    expect(isTestFixtureModel({ name: 'Qwen3 4B' })).toBe(false);
  });
});

describe('LlmClient.perplexity', () => {
  it.each([
    ['without BOS: from the second token on', () => llm, () => modelPath, 1],
    ['with BOS: every token', () => withBos, () => bosModelPath, 0],
  ] as const)('equals exp of the mean −ln p of each token given the ones before it (%s)', async (_, client, path, unscored) => {
    const text = 'The court dismissed the appeal.';
    const result = await client().perplexity(text);
    const reference = await referenceNegativeLogLikelihood(path(), text);
    expect(result.windows).toBe(1);
    expect(result.scoredTokens).toBe(reference.scored);
    expect(result.scoredTokens).toBe((await referenceTokenCount(text)) - unscored);
    expect(result.negativeLogLikelihood).toBeCloseTo(reference.nll, 3);
    // Batched and one-by-one decoding round differently in float32, and how much depends on
    // the CPU's SIMD kernels (1.4e-5 relative on one machine): compare to 1e-4, which is
    // still far below any change of the formula (one token more or less moves it by > 1 %).
    const expected = Math.exp(reference.nll / reference.scored);
    expect(Math.abs(result.perplexity! - expected) / expected).toBeLessThan(1e-4);
  });

  it('scores a text longer than the context window by window', async () => {
    const text = 'The applicant lodged an appeal. '.repeat(40);
    const tokens = await referenceTokenCount(text);
    const plain = await llm.perplexity(text);
    expect(plain.windows).toBe(Math.ceil(tokens / CONTEXT));
    expect(plain.scoredTokens).toBe(tokens - plain.windows);
    const bos = await withBos.perplexity(text);
    expect(bos.windows).toBe(Math.ceil(tokens / (CONTEXT - 1)));
    expect(bos.scoredTokens).toBe(tokens);
    expect(Math.log(bos.perplexity!)).toBeCloseTo(bos.negativeLogLikelihood / bos.scoredTokens, 9);
  });

  it('has no perplexity for an empty text', async () => {
    expect(await llm.perplexity('')).toMatchObject({ perplexity: null, scoredTokens: 0 });
  });
});

async function referenceTokenCount(text: string): Promise<number> {
  const llama = await getLlama({
    gpu: false,
    build: 'never',
    usePrebuiltBinaries: true,
    skipDownload: true,
    progressLogs: false,
    logLevel: LlamaLogLevel.error,
  });
  const model = await llama.loadModel({ modelPath, vocabOnly: true });
  const count = model.tokenize(text).length;
  await model.dispose();
  return count;
}

describe('LlmClient.embed', () => {
  it('gives one unit-length vector per text, the same for the same text', async () => {
    const { vectors, windows } = await llm.embed(['The court dismissed the appeal.', 'A different sentence entirely.', 'The court dismissed the appeal.']);
    expect(vectors).toHaveLength(3);
    expect(windows).toEqual([1, 1, 1]);
    for (const vector of vectors) expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
    expect([...vectors[2]!]).toEqual([...vectors[0]!]);
    expect([...vectors[1]!]).not.toEqual([...vectors[0]!]);
  });

  it('embeds a text longer than the context in windows', async () => {
    const { vectors, windows, tokens } = await llm.embed(['word '.repeat(400)]);
    expect(tokens[0]).toBeGreaterThan(CONTEXT);
    expect(windows[0]).toBe(Math.ceil(tokens[0]! / (CONTEXT - 4)));
    expect(Math.hypot(...vectors[0]!)).toBeCloseTo(1, 5);
  });

  it('cancels in the runtime, and stays usable', async () => {
    // 400 such texts take about 3 s here; the runtime must stop soon after the cancel.
    const controller = new AbortController();
    const pending = llm.embed(
      Array.from({ length: 400 }, (_, i) => `text ${i} `.repeat(60)),
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect((await llm.embed(['still here'])).vectors).toHaveLength(1);
  });
});
