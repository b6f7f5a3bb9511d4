import { describe, expect, it } from 'vitest';
import {
  answerSchema,
  buildRequest,
  fewShotExamples,
  markSpans,
  REASONING_MAX_LENGTH,
  rewriteMaxLength,
  systemPrompt,
} from '../../../electron/rewriter/prompt.js';
import { placeholderRegex } from '../../../electron/rewriter/span-match.js';
import { lengthBounds, prepareTask } from '../../../electron/rewriter/validation.js';
import { readPrompt } from './fake-model.js';

const pattern = placeholderRegex();
const text = 'On [REDACTED] the Kandira court heard [PERSON_2] and [REDACTED] about the old harbour.';
const span = (phrase: string) => ({ start: text.indexOf(phrase), end: text.indexOf(phrase) + phrase.length });

describe('the rewriting prompt', () => {
  it('marks the spans (overlapping ones as one) and lists them', () => {
    const task = prepareTask(text, [span('Kandira court'), span('court heard'), span('old harbour')], pattern);
    expect(markSpans(task)).toEqual({
      marked: 'On [REDACTED] the ⟦Kandira court heard⟧ [PERSON_2] and [REDACTED] about the ⟦old harbour⟧.',
      phrases: ['Kandira court heard', 'old harbour'],
    });
    const request = buildRequest('spans', task, { temperature: 1.2, seed: 5, fewShot: 4 });
    expect(readPrompt(request)).toMatchObject({ passage: markSpans(task).marked, phrases: ['Kandira court heard', 'old harbour'] });
    expect(request.user).toContain('Placeholders to keep exactly: [REDACTED] ×2, [PERSON_2] ×1');
    expect(request).toMatchObject({ temperature: 1.2, seed: 5 });
    expect(request.examples).toHaveLength(4);
  });

  it('asks for a short reasoning, then the rewrite, and for [REDACTED] where a phrase cannot be rephrased', () => {
    const system = systemPrompt('spans');
    expect(system).toMatch(/marked ⟦like this⟧/u);
    expect(system).toMatch(/cannot be rephrased.*replace it with \[REDACTED\]/u);
    expect(system).toMatch(/placeholder.*exactly as written/u);
    expect(system.indexOf('"reasoning"')).toBeLessThan(system.indexOf('"rewrite"'));
    const schema = answerSchema(100) as { properties: { reasoning: { maxLength: number }; rewrite: { maxLength: number } } };
    expect(Object.keys(schema.properties)).toEqual(['reasoning', 'rewrite']);
    expect(schema.properties.reasoning.maxLength).toBe(REASONING_MAX_LENGTH);
    // Room for every rewrite validation accepts, and not much more (small models fill it).
    expect(schema.properties.rewrite.maxLength).toBeGreaterThanOrEqual(lengthBounds(100).max);
    expect(rewriteMaxLength(1000)).toBeGreaterThanOrEqual(lengthBounds(1000).max);
    expect(rewriteMaxLength(1000)).toBeLessThan(1800);
  });

  it('drops the markers and the phrase list in baseline mode, keeping the rest', () => {
    const task = prepareTask(text, [], pattern);
    const request = buildRequest('baseline', task, { temperature: 1.2, seed: 1, fewShot: 2 });
    expect(request.user).not.toMatch(/[⟦⟧]|Phrases to rephrase/u);
    expect(readPrompt(request).passage).toBe(text);
    expect(request.user).toContain('[PERSON_2] ×1');
    expect(request.system).not.toMatch(/marked/u);
    expect(request.system).toMatch(/\[REDACTED\]/u);
    for (const example of request.examples ?? []) expect(example.user).not.toMatch(/[⟦⟧]/u);
    expect(request.examples).toHaveLength(2);
  });

  it('gives well-formed few-shot answers that keep their placeholders', () => {
    for (const example of fewShotExamples('spans')) {
      const answer = JSON.parse(example.assistant) as { reasoning: string; rewrite: string };
      expect(answer.reasoning.length).toBeLessThanOrEqual(REASONING_MAX_LENGTH);
      const kept = example.user.match(/\[REDACTED\]/gu)?.length ?? 0;
      expect(answer.rewrite.match(/\[REDACTED\]/gu)?.length ?? 0).toBeGreaterThanOrEqual(Math.min(kept, 1));
    }
    expect(fewShotExamples('spans', 0)).toEqual([]);
  });
});
