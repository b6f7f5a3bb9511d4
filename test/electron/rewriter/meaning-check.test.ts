/** Answers about something else than their phrase are refused ('meaning-changed', meaning-check.ts). */
import { describe, expect, it } from 'vitest';
import { MIN_PHRASE_SIMILARITY, MeaningCheck, type EmbedTexts } from '../../../electron/rewriter/meaning-check.js';
import type { RewriteModel, RewriteOptions } from '../../../electron/rewriter/types.js';
import { rewriteDocument } from '../../../electron/rewriter/rewrite-document.js';
import { FAKE_IDENTITY, fakeModel } from './fake-model.js';

/**
 * A stand-in embedding: one axis per topic word, so that texts sharing a topic point the
 * same way and texts with none are all zeros (no direction).
 */
const TOPICS = ['harbour', 'town', 'weather'];
const TOPIC_OF: Readonly<Record<string, string>> = {
  harbour: 'harbour',
  port: 'harbour',
  quay: 'harbour',
  Kandira: 'town',
  town: 'town',
  rain: 'weather',
  storm: 'weather',
};
function topicVector(text: string): number[] {
  const vector = TOPICS.map(() => 0);
  for (const word of text.split(/\W+/u)) {
    const topic = TOPIC_OF[word];
    if (topic !== undefined) vector[TOPICS.indexOf(topic)]! += 1;
  }
  return vector;
}
function topicEmbedder() {
  const calls: string[][] = [];
  return {
    calls,
    embed: async (texts: string[]) => {
      calls.push(texts);
      return texts.map(topicVector);
    },
  };
}

describe('MeaningCheck', () => {
  it('refuses an answer whose cosine with its phrase is below the threshold, and keeps the others', async () => {
    const { embed, calls } = topicEmbedder();
    const verdicts = await new MeaningCheck(embed).changed([
      { phrase: 'the harbour', answer: 'the port' }, // 1.0
      { phrase: 'the harbour', answer: 'a storm' }, // 0.0: about the weather
      { phrase: 'harbour town', answer: 'the quay' }, // 0.71
      { phrase: 'harbour town', answer: 'rain and storm in the port' }, // 0.32
    ]);
    expect(verdicts).toEqual([false, true, false, true]);
    // One embedding call for the whole batch, phrase then answer.
    expect(calls).toEqual([['the harbour', 'the port', 'the harbour', 'a storm', 'harbour town', 'the quay', 'harbour town', 'rain and storm in the port']]);
  });

  it('never judges the model’s own placeholder, nor a pair without a direction, and asks nothing when every answer is a placeholder', async () => {
    const { embed, calls } = topicEmbedder();
    const check = new MeaningCheck(embed);
    expect(await check.changed([{ phrase: 'Kandira', answer: '[REDACTED]' }])).toEqual([false]);
    expect(calls).toEqual([]);
    expect(await check.changed([{ phrase: 'it was said', answer: 'someone said so' }])).toEqual([false]);
  });

  it('takes its threshold as given (0.5 by default) and fails loudly when the model returns the wrong number of vectors', async () => {
    expect(MIN_PHRASE_SIMILARITY).toBe(0.5);
    const { embed } = topicEmbedder();
    const pair = [{ phrase: 'harbour town', answer: 'the quay' }];
    expect(await new MeaningCheck(embed, 0.8).changed(pair)).toEqual([true]);
    await expect(new MeaningCheck(async () => [[1, 0, 0]]).changed(pair)).rejects.toThrow('returned 1 vectors for 2 texts');
  });
});

describe('the rewriter with an embedding model', () => {
  const text = 'The ship reached the harbour of Oldtown at dawn.';
  const span = { start: text.indexOf('harbour of Oldtown'), end: text.indexOf('harbour of Oldtown') + 'harbour of Oldtown'.length };
  /** Rewrites the one span of `text` with `model`, checked for meaning by `embed` when given. */
  const rewrite = (model: RewriteModel, embed: EmbedTexts | undefined, options: RewriteOptions = {}) =>
    rewriteDocument({
      text,
      spans: [span],
      check: async () => [],
      ...(embed === undefined ? {} : { meaning: { embed, model: 'topics' } }),
      model,
      identity: FAKE_IDENTITY,
      options: { seed: 3, ...options },
    });

  it('retries an answer about something else, and falls back with a note that says why when every try is', async () => {
    const answers = ['storm', 'quay'];
    const model = fakeModel(() => answers.shift() ?? 'quay');
    const { embed } = topicEmbedder();
    const result = await rewrite(model, embed, { maxRetries: 1 });
    expect(model.calls.map((call) => call.length)).toEqual([1, 1]);
    expect(result.text).toBe('The ship reached the quay at dawn.');
    expect(result.record.passes[0]!.rejections).toEqual({ 'meaning-changed': 1 });
    // The record says which model judged, and from what cosine on (the export report lists it).
    expect(result.record.settings.meaningCheck).toEqual({ model: 'topics', minSimilarity: 0.5 });

    const fallback = await rewrite(
      fakeModel(() => 'a storm of rain'),
      embed,
      { maxRetries: 1 },
    );
    expect(fallback.text).toBe('The ship reached the [REDACTED] at dawn.');
    expect(fallback.proposals[0]!.reasoning).toContain('meant something else than the words they replaced');
    expect(fallback.record.totals.rejections).toEqual({ 'meaning-changed': 2 });
  });

  it('checks nothing without an embedding model, nor in chunk mode', async () => {
    const result = await rewrite(
      fakeModel(() => 'storm'),
      undefined,
    );
    expect(result.text).toBe('The ship reached the storm at dawn.');
    expect(result.record.settings.meaningCheck).toBeNull();
    const { embed, calls } = topicEmbedder();
    const chunked = await rewrite(
      fakeModel(({ passage }) => passage.replace('⟦harbour of Oldtown⟧', 'storm')),
      embed,
      { unit: 'chunk' },
    );
    expect(chunked.text).toBe('The ship reached the storm at dawn.');
    expect(calls).toEqual([]);
    expect(chunked.record.settings.meaningCheck).toBeNull();
  });
});
