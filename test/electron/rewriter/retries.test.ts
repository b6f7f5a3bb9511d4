/**
 * One pass's chunks in chunk mode (the paper's unit): one generate call for all of them,
 * retries with new seeds, then placeholder fallbacks. Phrase mode: phrase-rewriter.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors.js';
import { rewriteDocument } from '../../../electron/rewriter/rewrite-document.js';
import { FAKE_IDENTITY, fakeModel, type FakeAnswer, type FakePrompt } from './fake-model.js';

const text = 'First, Kandira was named. It rained.\n\nSecond, the harbour of Oldtown was closed.\n\nThird, Zelda left [REDACTED] at noon.';
const spanOf = (phrase: string) => ({ start: text.indexOf(phrase), end: text.indexOf(phrase) + phrase.length });
const spans = [spanOf('Kandira'), spanOf('harbour of Oldtown'), spanOf('Zelda')];
const nothingLeft = async () => [];
const replaceMarked = (passage: string, by: string) => passage.replace(/⟦[^⟧]*⟧/gu, by);

function run(answer: (prompt: FakePrompt) => FakeAnswer, options = {}) {
  const model = fakeModel(answer);
  const result = rewriteDocument({
    text,
    spans,
    check: nothingLeft,
    model,
    identity: FAKE_IDENTITY,
    options: { seed: 42, unit: 'chunk' as const, ...options },
  });
  return { model, result };
}

describe('rewriting the chunks of a pass', () => {
  it('sends every chunk of the pass in one generate call', async () => {
    const { model, result } = run(({ passage }) => replaceMarked(passage, 'someone'));
    const { text: rewritten, record } = await result;
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]).toHaveLength(3);
    expect(rewritten).toBe('First, someone was named. It rained.\n\nSecond, the someone was closed.\n\nThird, someone left [REDACTED] at noon.');
    expect(record.passes[0]).toMatchObject({ pass: 1, chunks: 3, calls: 1, requests: 3, retried: 0, fallbacks: 0, remaining: 0 });
    expect(record.totals.tokensPerDecode).toBeGreaterThan(1);
  });

  it('retries only the failed chunks, with new seeds, and accepts a later good answer', async () => {
    const seen = new Map<string, number>();
    const { model, result } = run(({ passage }) => {
      const count = (seen.get(passage) ?? 0) + 1;
      seen.set(passage, count);
      // The second chunk fails twice (keeps its phrase), then succeeds.
      if (passage.includes('Oldtown') && count <= 2) return passage.replace(/[⟦⟧]/gu, '');
      return replaceMarked(passage, 'someone');
    });
    const { proposals, record } = await result;
    expect(model.calls.map((call) => call.length)).toEqual([3, 1, 1]);
    const seeds = model.calls.map((call) => call.find((r) => r.user.includes('Oldtown'))!.seed);
    expect(new Set(seeds).size).toBe(3);
    expect(record.passes[0]).toMatchObject({ calls: 3, requests: 5, retried: 1, fallbacks: 0, rejections: { 'span-kept': 2 } });
    expect(proposals.every((p) => p.fallback === false)).toBe(true);
  });

  it('falls back to placeholders after the retries, and says so', async () => {
    const { model, result } = run(({ passage }) => (passage.includes('Zelda') ? undefined : replaceMarked(passage, 'someone')), { maxRetries: 1 });
    const { text: rewritten, proposals, record } = await result;
    expect(model.calls.map((call) => call.length)).toEqual([3, 1]);
    expect(rewritten.endsWith('Third, [REDACTED] left [REDACTED] at noon.')).toBe(true);
    const fallback = proposals.find((p) => p.fallback === true);
    expect(fallback).toMatchObject({ before: 'Zelda', after: '[REDACTED]', fallback: true, model: FAKE_IDENTITY });
    expect(fallback?.reasoning).toMatch(/replaced with a placeholder/u);
    expect(record.passes[0]).toMatchObject({ fallbacks: 1, retried: 1, rejections: { 'no-answer': 2 } });
    expect(record.totals.fallbacks).toBe(1);
  });

  it('refuses rewrites that drop a placeholder, and keeps the model work that only missed a phrase', async () => {
    const { result } = run(({ passage }) => {
      if (passage.includes('Zelda')) return passage.replace('⟦Zelda⟧ left [REDACTED]', 'Zelda left');
      // Rewords the sentence but keeps the marked phrase: it is redacted in the model's sentence.
      if (passage.includes('Oldtown')) return 'Second, the HARBOUR of Oldtown was shut.';
      return replaceMarked(passage, 'someone');
    });
    const { text: rewritten, proposals } = await result;
    expect(rewritten).toContain('Third, [REDACTED] left [REDACTED] at noon.');
    expect(rewritten).toContain('Second, the [REDACTED] was shut.');
    expect(proposals.filter((p) => p.fallback === true)).toHaveLength(2);
  });

  it('sends the requests one by one when the runtime refuses a prompt as too long, failing only that chunk', async () => {
    const calls: number[] = [];
    const inner = fakeModel(({ passage }) => replaceMarked(passage, 'someone'));
    const model = {
      async generate(requests: Parameters<typeof inner.generate>[0], options?: Parameters<typeof inner.generate>[1]) {
        calls.push(requests.length);
        if (requests.some((r) => r.user.includes('Oldtown'))) throw new AppError('invalid-input', 'A prompt is too long.');
        return inner.generate(requests, options);
      },
    };
    const { text: rewritten, record } = await rewriteDocument({
      text,
      spans,
      check: nothingLeft,
      model,
      identity: FAKE_IDENTITY,
      options: { maxRetries: 0, unit: 'chunk' },
    });
    expect(calls).toEqual([3, 1, 1, 1]);
    expect(rewritten).toContain('Second, the [REDACTED] was closed.');
    expect(rewritten).toContain('First, someone was named.');
    expect(record.passes[0]?.fallbacks).toBe(1);
  });

  it('lets other runtime failures through', async () => {
    const model = {
      generate: async () => {
        throw new AppError('model-failed', 'The model runtime stopped unexpectedly.');
      },
    };
    await expect(rewriteDocument({ text, spans, check: nothingLeft, model, identity: FAKE_IDENTITY })).rejects.toMatchObject({ code: 'model-failed' });
  });
});
