/**
 * The model runtime for real: node-llama-cpp in a child process, on the tiny random-weight
 * Qwen3 model the tests generate. The model writes nonsense, but grammar-constrained
 * nonsense: every answer must parse and match the schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors.js';
import { LlmClient, type GenerationProgress, type GenerationRequest, type LlmChildProcess } from '../../../electron/llm/llm-client.js';
import { forkLauncher } from '../../../electron/llm/llm-launcher.js';
import { writeBadGguf } from '../../../models/make-test-model.js';
import { tinyModelPath } from '../../helpers/tiny-model.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('unlinkable-llm-');
let modelPath = '';
const llm = LlmClient.start();

const schema = {
  type: 'object',
  properties: {
    reasoning: { type: 'string', maxLength: 200 },
    rewrite: { type: 'string', maxLength: 400 },
  },
};

function request(seed: number, overrides: Partial<GenerationRequest> = {}): GenerationRequest {
  return {
    system: 'You rewrite rare phrases of court decisions so they no longer identify a case. Answer in JSON.',
    examples: [{ user: 'Rewrite: the Upper Tribunal', assistant: '{"reasoning": "a named court", "rewrite": "the tribunal"}' }],
    user: 'Rewrite: the F-type prison at Kandıra',
    schema,
    seed,
    ...overrides,
  };
}

beforeAll(async () => {
  modelPath = tinyModelPath();
});
afterAll(() => llm.dispose());

describe('LlmClient on the tiny model', () => {
  it('loads the model in its child process, falling back to the CPU when no GPU backend works', async () => {
    const loaded = await llm.loadModel(modelPath, { gpu: 'auto', contextSize: 2048, sequences: 2, threads: 1 });
    expect(loaded.info.architecture).toBe('qwen3');
    expect(['cuda', 'vulkan', 'metal', 'cpu']).toContain(loaded.backend);
    if (loaded.backend === 'cpu') expect(loaded.gpuLayers).toBe(0);
    expect(loaded).toMatchObject({ contextSize: 2048, sequences: 2, threads: 1 });
    expect(llm.model).toEqual(loaded);
  });

  it('generates JSON that parses and matches the schema, reproducibly for a seed', async () => {
    const first = await llm.generate([request(7)]);
    const [result] = first.results;
    expect(result?.stopReason).toBe('complete');
    const json = result?.json as { reasoning: string; rewrite: string };
    expect(JSON.parse(result!.text)).toEqual(json);
    expect(typeof json.reasoning).toBe('string');
    expect(typeof json.rewrite).toBe('string');
    expect(json.reasoning.length).toBeLessThanOrEqual(200);
    expect(json.rewrite.length).toBeLessThanOrEqual(400);
    expect(result!.promptTokens).toBeGreaterThan(50);
    expect(result!.generatedTokens).toBeGreaterThan(5);
    expect(result!.seconds).toBeGreaterThan(0);

    const again = await llm.generate([request(7)]);
    expect(again.results[0]?.text).toBe(result?.text);
    // The shared prompt stayed cached in the sequence; only the last token was decoded again.
    expect(again.results[0]?.reusedPromptTokens).toBe(result!.promptTokens - 1);
  });

  it('decodes parallel requests together: fewer decode calls than generated tokens', async () => {
    const progress: GenerationProgress[] = [];
    const batch = await llm.generate([request(11), request(12)], { onProgress: (update) => progress.push(update) });
    expect(batch.results).toHaveLength(2);
    for (const result of batch.results) expect(result.stopReason).toBe('complete');
    expect(batch.results[0]?.text).not.toBe(batch.results[1]?.text);
    expect(batch.generatedTokens).toBe(batch.results[0]!.generatedTokens + batch.results[1]!.generatedTokens);
    expect(batch.decodeCalls).toBeLessThan(batch.generatedTokens);
    expect(batch.tokensPerDecode).toBeGreaterThan(1.3);
    expect(progress.at(-1)).toMatchObject({ generatedTokens: batch.generatedTokens, completedRequests: 2, totalRequests: 2 });
    expect(progress.at(-1)!.tokensPerSecond).toBeGreaterThan(0);
  });

  it('runs more requests than sequences, reusing sequences as they free up', async () => {
    const batch = await llm.generate([request(21), request(22), request(23)]);
    expect(batch.results.map((result) => result.stopReason)).toEqual(['complete', 'complete', 'complete']);
  });

  it('cuts a generation off at maxTokens', async () => {
    const batch = await llm.generate([request(7, { maxTokens: 5 })]);
    expect(batch.results[0]).toMatchObject({ stopReason: 'max-tokens', generatedTokens: 5 });
    expect(batch.results[0]?.json).toBeUndefined();
  });

  it('cancels mid-generation promptly, and stays usable', async () => {
    // Sixty requests take about ten seconds here; the cancel must stop them after a few tokens.
    const controller = new AbortController();
    const many = Array.from({ length: 60 }, (_, i) => request(100 + i));
    let tokensAtAbort = -1;
    let lastTokens = 0;
    const cancelled = llm.generate(many, {
      signal: controller.signal,
      onProgress: (update) => {
        lastTokens = update.generatedTokens;
        if (update.generatedTokens > 0 && tokensAtAbort === -1) {
          tokensAtAbort = update.generatedTokens;
          controller.abort();
        }
      },
    });
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    // Work, not wall time: after the cancel only the tokens already in flight are decoded,
    // a small part of what sixty full answers would take.
    expect(tokensAtAbort).toBeGreaterThan(0);
    const after = await llm.generate([request(7)]);
    expect(after.results[0]?.stopReason).toBe('complete');
    const fullWork = after.generatedTokens * many.length;
    expect(lastTokens - tokensAtAbort).toBeLessThan(fullWork / 10);
  });

  it('rejects a prompt longer than the context, and a call without a loaded model', async () => {
    await expect(llm.generate([request(1, { user: 'word '.repeat(1000) })])).rejects.toMatchObject({ code: 'invalid-input' });
    const fresh = LlmClient.start();
    await expect(fresh.generate([request(1)])).rejects.toMatchObject({ code: 'model-failed', message: expect.stringMatching(/No model is loaded/) });
    await fresh.dispose();
  });
});

describe('LlmClient when llama.cpp aborts', () => {
  it('rejects a file missing feed_forward_length before it reaches llama.cpp', async () => {
    const client = LlmClient.start();
    const path = join(tempDir(), 'missing.gguf');
    await writeBadGguf(path, 'missing-feed-forward-length');
    await expect(client.loadModel(path)).rejects.toMatchObject({ code: 'model-invalid' });
    await client.dispose();
  });

  it('contains the native abort in the child process when validation is skipped, then recovers', async () => {
    const logs: string[] = [];
    const children: LlmChildProcess[] = [];
    const client = LlmClient.start({
      launcher: (entry) => {
        const child = forkLauncher(entry);
        children.push(child);
        return child;
      },
      onLog: (_level, message) => logs.push(message),
    });
    const path = join(tempDir(), 'missing.gguf');
    await writeBadGguf(path, 'missing-feed-forward-length');

    const error = await client.loadModel(path, { skipValidation: true, gpu: false, threads: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'model-failed', message: expect.stringMatching(/crashed while loading.*llama\.cpp aborted.*choose another model/) });
    expect(logs.join('\n')).toMatch(/GGML_ASSERT/);
    expect(client.model).toBeUndefined();

    // A fresh child serves the next call.
    // On the CPU, cpuSequences replaces sequences (the evaluation asks for 4 on a GPU, 1 on the CPU, in one load).
    const loaded = await client.loadModel(modelPath, { gpu: false, contextSize: 2048, threads: 1, sequences: 4, cpuSequences: 1 });
    expect(loaded.backend).toBe('cpu');
    expect(loaded.sequences).toBe(1);
    expect(children).toHaveLength(2);
    const batch = await client.generate([request(7)]);
    expect(batch.results[0]?.stopReason).toBe('complete');

    // A runtime killed mid-generation fails the call, not the app.
    const running = client.generate([request(8), request(9)], { onProgress: () => children[1]!.kill() });
    await expect(running).rejects.toMatchObject({ code: 'model-failed', message: expect.stringMatching(/stopped unexpectedly.*Load the model again/) });
    expect(client.model).toBeUndefined();
    await expect(client.generate([request(7)])).rejects.toMatchObject({ code: 'model-failed', message: expect.stringMatching(/No model is loaded/) });
    await client.dispose();
  });
});
