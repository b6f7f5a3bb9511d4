/** The note on a fallback's card says why the model's last answers were refused (fallback-note.ts). */
import { describe, expect, it } from 'vitest';
import { REBUILT_PHRASE_NOTE, fallbackNote } from '../../../electron/rewriter/fallback-note.js';
import { rewriteDocument } from '../../../electron/rewriter/rewrite-document.js';
import { FAKE_IDENTITY, fakeModel, type FakeAnswer, type FakePrompt } from './fake-model.js';

/** Rewrites `phrases` of `text` with the scripted `answer`, one try each. */
function rewriteOnce(text: string, phrases: readonly string[], answer: (prompt: FakePrompt) => FakeAnswer, unit: 'phrase' | 'chunk' = 'phrase') {
  return rewriteDocument({
    text,
    spans: phrases.map((phrase) => ({ start: text.indexOf(phrase), end: text.indexOf(phrase) + phrase.length })),
    check: async () => [],
    model: fakeModel(answer),
    identity: FAKE_IDENTITY,
    options: { seed: 1, maxRetries: 0, fewShot: 0, unit },
  });
}

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
    const answers: Record<string, string> = { Kandira: 'Kandira', Oldtown: 'the town of 1999' };
    const byPhrase = await rewriteOnce(text, ['Kandira', 'Oldtown'], ({ phrases }) => answers[phrases[0]!]);
    expect(byPhrase.proposals.map((p) => p.reasoning)).toEqual([
      'The model could not rephrase some words in a way that passed the checks (its last answers kept the rare phrase and wrote a number the text does not have); they were replaced with a placeholder.',
    ]);
    const whole = await rewriteOnce(
      text,
      ['Kandira', 'Oldtown'],
      () => ({ reasoning: 'none', rewrite: 'On 31 May 2001 the court sat in Kandira and [REDACTED]. It rained in Oldtown.' }),
      'chunk',
    );
    expect(whole.proposals[0]!.reasoning).toMatch(/\(its last answers kept the rare phrase\); they were replaced with a placeholder\.$/u);
  });

  it('says so where each answer passed, but together they made a rare phrase again (seen in the app: a fallback card that said only "Rephrased 6 rare phrases.")', async () => {
    // The first answer writes the second flagged phrase: it passes its own check, and the last check catches it.
    const answers: Record<string, string> = { 'red harbour': 'old town', 'old town': 'city' };
    const { text: rewritten, proposals } = await rewriteOnce(
      'We saw the red harbour by the old town today.',
      ['red harbour', 'old town'],
      ({ phrases }) => answers[phrases[0]!],
    );
    expect(rewritten).toBe('We saw the [REDACTED] by the city today.');
    expect(proposals).toHaveLength(1);
    expect(proposals[0]!.fallback).toBe(true);
    expect(proposals[0]!.reasoning).toBe(`Rephrased 2 rare phrases. ${REBUILT_PHRASE_NOTE}`);
  });
});
