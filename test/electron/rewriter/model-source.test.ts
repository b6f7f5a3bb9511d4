/**
 * The model source for real: the runtime process, the tiny random-weight Qwen3 model,
 * parallel sequences and JSON grammars. A random model writes nonsense, so its rewrites
 * fail validation and every chunk must end as a placeholder fallback, with a full record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMemoryIndex } from '../../../electron/index-store/memory-index.js';
import { sha256OfFile } from '../../../electron/llm/gguf-metadata.js';
import { LlmClient } from '../../../electron/llm/llm-client.js';
import { MeaningModel } from '../../../electron/rewriter/meaning-model.js';
import { ModelSuggestionSource } from '../../../electron/rewriter/model-source.js';
import type { RewriteRecord } from '../../../electron/rewriter/types.js';
import type { ReviewSettings } from '../../../shared/ipc/types.js';
import { detectLinkage } from '../../../shared/linkage/detect.js';
import { applyReplacements } from '../../../shared/review/text-change.js';
import { tinyModelPath } from '../../helpers/tiny-model.js';

let modelPath = '';
const client = LlmClient.start();
const source = () => new ModelSuggestionSource({ client, modelPath, ownsClient: false, load: { gpu: false, threads: 2, contextSize: 2048 }, rewrite: REWRITE });
// One example keeps the prompt inside the tiny model's 2048-token context (its tokens are bytes).
// The paper's chunk unit: whole chunks of random bytes, which validation must refuse.
const REWRITE = { fewShot: 1, maxTokens: 24, maxRetries: 1, maxPasses: 1, seed: 3, unit: 'chunk' as const };

const index = buildMemoryIndex([
  { id: 'a', text: 'The applicant was detained in Kandira prison by the police. The court examined the complaint about the conditions of detention.' },
  { id: 'b', text: 'The applicant was detained by the police. The court examined the complaint about the conditions of detention in the prison.' },
  { id: 'c', text: 'The applicant complained about the police. The court examined the complaint and the conditions of detention.' },
]);
const settings: ReviewSettings = { collectionPath: null, k: 2, arity: 1, maxN: 8, sourceId: null, strategy: 'minimal', placeholder: '[REDACTED]' };
const check = async (text: string) => detectLinkage(index, text, { k: 2, arity: 1, maxN: 8 }).minimal.map((m) => ({ start: m.start, end: m.end }));
// Two chunks with linkable phrases; each holds a placeholder the random model cannot reproduce.
const text =
  'On [REDACTED] the applicant was detained in Kandira prison by the police, who kept him there for a long time.\n\n' +
  'Later [REDACTED] complained about the Zubrowka conditions of detention, and the court examined the complaint.';

beforeAll(async () => {
  modelPath = tinyModelPath();
});
afterAll(() => client.dispose());

describe('ModelSuggestionSource on the tiny model', () => {
  it('runs a pass end to end through the runtime, with parallel sequences, and falls back to placeholders', async () => {
    const spans = await check(text);
    expect(spans.length).toBeGreaterThanOrEqual(2);
    const phases: string[] = [];
    const response = await source().propose({
      documentId: 'doc',
      text,
      spans,
      settings,
      check,
      context: { signal: new AbortController().signal, progress: (phase) => phases.push(phase) },
    });
    expect(client.model).toMatchObject({ backend: 'cpu', sequences: 2, contextSize: 2048 });

    // Garbage in every answer: each chunk ends with its rare words as placeholders, marked as fallbacks.
    expect(response.proposals).toHaveLength(2);
    for (const proposal of response.proposals) {
      expect(proposal.fallback).toBe(true);
      expect(proposal.after).toMatch(/\[REDACTED\]/u);
      expect(proposal.model).toMatchObject({ architecture: 'qwen3', quantization: expect.any(String), sha256: await sha256OfFile(modelPath) });
    }
    const rewritten = applyReplacements(text, response.proposals);
    expect(rewritten).not.toMatch(/Kandira/u);
    expect(rewritten.split('\n\n')).toHaveLength(2);
    expect(await check(rewritten)).toEqual([]);

    const record = response.record as RewriteRecord;
    expect(record).toMatchObject({ kind: 'llm-rewrite', mode: 'spans', outcome: 'nothing-linkable', remaining: 0 });
    expect(record.model.sha256).toMatch(/^[0-9a-f]{64}$/u);
    expect(record.settings).toMatchObject({ k: 2, arity: 1, maxN: 8, temperature: 1.2, seed: 3, maxPasses: 1, maxRetries: 1, fewShot: 1 });
    expect(record.passes).toHaveLength(1);
    expect(record.passes[0]).toMatchObject({ chunks: 2, calls: 2, requests: 4, fallbacks: 2 });
    expect(record.totals.promptTokens).toBeGreaterThan(500);
    expect(record.totals.generatedTokens).toBeGreaterThan(0);
    expect(record.totals.decodeCalls).toBeGreaterThan(0);
    // Two chunks decode as two sequences of one context: more than one token per decode call.
    expect(record.totals.tokensPerDecode).toBeGreaterThan(1.2);
    expect(phases.some((phase) => /^Rewriting, pass 1, the last, chunk \d of 2/u.test(phase))).toBe(true);
  });

  it('rewrites planned words with the phrase around them (unit plan), and a fallback replaces only the planned word', async () => {
    const at = text.indexOf('Kandira');
    const response = await source().propose({
      documentId: 'doc',
      text,
      spans: [{ start: at, end: at + 'Kandira'.length }],
      planned: true,
      settings,
      check,
      context: { signal: new AbortController().signal, progress: () => undefined },
    });
    const record = response.record as RewriteRecord;
    expect(record.settings.unit).toBe('plan');
    // The random model's answers fail; the placeholder takes "Kandira" and leaves "in … prison".
    expect(response.proposals.map((p) => [p.before, p.after])).toEqual([['Kandira', '[REDACTED]']]);
  });

  it('cancels mid-run with an AbortError, and the runtime stays usable', async () => {
    const controller = new AbortController();
    const running = source().propose({
      documentId: 'doc',
      text,
      spans: await check(text),
      settings,
      check,
      // Cancel once tokens flow, i.e. in the middle of a generate call.
      context: { signal: controller.signal, progress: (phase) => (phase.includes('tokens/s') ? controller.abort() : undefined) },
    });
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    const after = await client.generate([
      { system: 'Answer in JSON.', user: 'Hello.', schema: { type: 'object', properties: { rewrite: { type: 'string', maxLength: 20 } } }, maxTokens: 8 },
    ]);
    expect(after.results).toHaveLength(1);
  });

  it('loads the meaning check’s model before the first prompt, so a wrong file stops the rewrite at once, saying why', async () => {
    // A rewriting model given as the meaning check's: refused on its header, before any prompt.
    const unusedRuntime = {
      model: undefined,
      loadModel: () => Promise.reject(new Error('never loaded')),
      embed: () => Promise.reject(new Error('never embedded')),
      dispose: () => Promise.resolve(),
    };
    const meaning = new MeaningModel(unusedRuntime, modelPath);
    const phases: string[] = [];
    const running = new ModelSuggestionSource({
      client,
      modelPath,
      ownsClient: false,
      load: { gpu: false, threads: 2, contextSize: 2048 },
      rewrite: REWRITE,
      meaning: async () => meaning,
    }).propose({
      documentId: 'doc',
      text,
      spans: await check(text),
      settings,
      check,
      context: { signal: new AbortController().signal, progress: (phase) => phases.push(phase) },
    });
    await expect(running).rejects.toMatchObject({
      code: 'model-invalid',
      message: expect.stringMatching(/is a language model \(qwen3\), not an embedding model/u),
    });
    expect(phases).toContain('Loading the model for the meaning check');
    expect(phases.some((phase) => phase.startsWith('Rewriting'))).toBe(false);
  });
});
