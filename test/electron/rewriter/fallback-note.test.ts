/** The note on a fallback's card says why the model's last answers were refused (fallback-note.ts). */
import { describe, expect, it } from 'vitest';
import { REBUILT_PHRASE_NOTE, fallbackNote } from '../../../electron/rewriter/fallback-note.js';
import { rewriteDocument } from '../../../electron/rewriter/rewrite-document.js';
import { FAKE_IDENTITY, fakeModel } from './fake-model.js';

describe('the fallback note', () => {
  it('names each reason once, in order, joined as a sentence', () => {
    expect(fallbackNote('these words', [])).toBe(
      'The model could not rephrase these words in a way that passed the checks; they were replaced with a placeholder.',
    );
    expect(fallbackNote('some words', ['span-kept', 'number-invented', 'span-kept', 'no-answer'])).toBe(
      'The model could not rephrase some words in a way that passed the checks (its last answers kept the rare phrase, wrote a number the text does not have and were cut off before they ended); they were replaced with a placeholder.',
    );
  });

  it("gathers the reasons of a chunk's failed phrases, and of a chunk rewritten whole", async () => {
    const text = 'On 31 May 2001 the court sat in Kandira. It rained in Oldtown.';
    const spans = ['Kandira', 'Oldtown'].map((word) => ({ start: text.indexOf(word), end: text.indexOf(word) + word.length }));
    const answers: Record<string, string> = { Kandira: 'Kandira', Oldtown: 'the town of 1999' };
    const byPhrase = await rewriteDocument({
      text,
      spans,
      check: async () => [],
      model: fakeModel(({ phrases }) => answers[phrases[0]!]),
      identity: FAKE_IDENTITY,
      options: { seed: 1, maxRetries: 0, fewShot: 0 },
    });
    expect(byPhrase.proposals.map((p) => p.reasoning)).toEqual([
      'The model could not rephrase some words in a way that passed the checks (its last answers kept the rare phrase and wrote a number the text does not have); they were replaced with a placeholder.',
    ]);
    const whole = await rewriteDocument({
      text,
      spans,
      check: async () => [],
      model: fakeModel(() => ({ reasoning: 'none', rewrite: 'On 31 May 2001 the court sat in Kandira and [REDACTED]. It rained in Oldtown.' })),
      identity: FAKE_IDENTITY,
      options: { seed: 1, maxRetries: 0, fewShot: 0, unit: 'chunk' },
    });
    expect(whole.proposals[0]!.reasoning).toMatch(/\(its last answers kept the rare phrase\); they were replaced with a placeholder\.$/u);
  });

  it('says so where each answer passed, but together they made a rare phrase again (seen in the app: a fallback card that said only "Rephrased 6 rare phrases.")', async () => {
    const text = 'We saw the red harbour by the old town today.';
    const spans = ['red harbour', 'old town'].map((phrase) => ({ start: text.indexOf(phrase), end: text.indexOf(phrase) + phrase.length }));
    // The first answer writes the second flagged phrase: it passes its own check, and the last check catches it.
    const answers: Record<string, string> = { 'red harbour': 'old town', 'old town': 'city' };
    const { text: rewritten, proposals } = await rewriteDocument({
      text,
      spans,
      check: async () => [],
      model: fakeModel(({ phrases }) => answers[phrases[0]!]),
      identity: FAKE_IDENTITY,
      options: { seed: 1, maxRetries: 0, fewShot: 0 },
    });
    expect(rewritten).toBe('We saw the [REDACTED] by the city today.');
    expect(proposals).toHaveLength(1);
    expect(proposals[0]!.fallback).toBe(true);
    expect(proposals[0]!.reasoning).toBe(`Rephrased 2 rare phrases. ${REBUILT_PHRASE_NOTE}`);
  });
});
