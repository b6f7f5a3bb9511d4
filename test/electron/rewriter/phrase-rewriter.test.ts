/** Phrase-by-phrase rewriting (the default unit), and who gets the credit for each span. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_PHRASE_WORDS, checkReplacement, exampleWords, normalizeReplacement, phraseRegions } from '../../../electron/rewriter/phrase-rewriter.js';
import { rewriteDocument } from '../../../electron/rewriter/rewrite-document.js';
import { placeholderRegex } from '../../../electron/rewriter/span-match.js';
import { prepareTask } from '../../../electron/rewriter/validation.js';
import { randomText } from '../../helpers/random-texts.js';
import { brokenEdits } from '../../helpers/text-integrity.js';
import { FAKE_IDENTITY, fakeModel, type FakeAnswer, type FakePrompt } from './fake-model.js';

const pattern = placeholderRegex();
const text = 'First, Kandira was named in 1999. It rained.\n\nSecond, the harbour of Oldtown was closed.\n\nThird, Zelda left [REDACTED] at noon.';
const spanOf = (phrase: string, from = 0) => ({ start: text.indexOf(phrase, from), end: text.indexOf(phrase, from) + phrase.length });
const spans = [spanOf('Kandira'), spanOf('harbour of Oldtown'), spanOf('Zelda')];
const nothingLeft = async () => [];

function run(answer: (prompt: FakePrompt) => FakeAnswer, options = {}) {
  const model = fakeModel(answer);
  return { model, result: rewriteDocument({ text, spans, check: nothingLeft, model, identity: FAKE_IDENTITY, options: { seed: 5, ...options } }) };
}

describe('phrase mode', () => {
  it('asks for each phrase alone, in its passage, all in one generate call, and changes nothing else', async () => {
    const { model, result } = run(({ phrases }) => ({ Kandira: 'a town', 'harbour of Oldtown': 'port', Zelda: 'she' })[phrases[0]!]);
    const { text: rewritten, record, proposals } = await result;
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]!.map((r) => r.user.split('\n')[1])).toEqual(['Phrase: Kandira', 'Phrase: harbour of Oldtown', 'Phrase: Zelda']);
    expect(model.calls[0]![0]!.user).toContain('Passage: First, ⟦Kandira⟧ was named in 1999. It rained.');
    // Flagged spans are the words to change themselves: no list of words, and no planned-word example.
    expect(model.calls[0]!.some((r) => r.user.includes('Words to replace') || (r.examples ?? []).some((e) => e.user.includes('Words to replace')))).toBe(false);
    // A flagged phrase may keep some of its words: none is avoided.
    expect(model.calls[0]!.every((r) => r.avoidWords === undefined)).toBe(true);
    expect(model.calls[0]![0]!.schema).toMatchObject({ properties: { replacement: { type: 'string' } } });
    expect(rewritten).toBe('First, a town was named in 1999. It rained.\n\nSecond, the port was closed.\n\nThird, she left [REDACTED] at noon.');
    expect(record.settings.unit).toBe('phrase');
    expect(record.passes[0]).toMatchObject({ chunks: 3, calls: 1, requests: 3, fallbacks: 0 });
    expect(record.attribution).toEqual({ spans: 3, model: 3, modelPlaceholder: 0, fallback: 0, unresolved: 0, ownPlaceholders: 0 });
    expect(proposals.map((p) => [p.before, p.after, p.fallback])).toEqual([
      ['Kandira', 'a town', false],
      ['harbour of Oldtown', 'port', false],
      ['Zelda', 'she', false],
    ]);
  });

  it('retries refused answers with new seeds, then falls back to a placeholder, and attributes each span', async () => {
    const { model, result } = run(
      ({ phrases }) => {
        if (phrases[0] === 'Kandira') return 'kandira'; // the same words: refused every time
        if (phrases[0] === 'Zelda') return '[REDACTED]'; // the model's own placeholder
        return 'the port of 2024'; // invents a number: refused
      },
      { maxRetries: 1 },
    );
    const { text: rewritten, record } = await result;
    expect(model.calls.map((call) => call.length)).toEqual([3, 2]);
    const seeds = model.calls.map((call) => call.find((r) => r.user.includes('Phrase: Kandira'))!.seed);
    expect(new Set(seeds).size).toBe(2);
    expect(rewritten).toBe(
      'First, [REDACTED] was named in 1999. It rained.\n\nSecond, the [REDACTED] was closed.\n\nThird, [REDACTED] left [REDACTED] at noon.',
    );
    expect(record.passes[0]!.rejections).toMatchObject({ 'span-kept': 2, 'number-invented': 2 });
    expect(record.attribution).toEqual({ spans: 3, model: 0, modelPlaceholder: 1, fallback: 2, unresolved: 0, ownPlaceholders: 1 });
  });

  it('counts a span as unresolved when its words survive elsewhere, and attributes only the spans it is asked about', async () => {
    const { result } = run(({ phrases }) => (phrases[0] === 'Zelda' ? undefined : 'a place'), { maxRetries: 0, attributeSpans: [spans[0]!, spans[2]!] });
    const { record } = await result;
    expect(record.attribution).toMatchObject({ spans: 2, model: 1, fallback: 1, unresolved: 0 });
  });
});

describe('attribution within one chunk', () => {
  const sentence = 'The harbour of Oldtown was closed by Zelda Quill on Monday.';
  const at = (phrase: string) => ({ start: sentence.indexOf(phrase), end: sentence.indexOf(phrase) + phrase.length });

  it('credits each span of a chunk to whoever replaced its own words, not to the last edit of the chunk', async () => {
    // The first edit applied to a chunk is its rightmost: its fallback must not stand for the whole sentence.
    const model = fakeModel(({ phrases }) => (phrases[0] === 'harbour of Oldtown' ? 'port' : undefined));
    const { text: rewritten, record } = await rewriteDocument({
      text: sentence,
      spans: [at('harbour of Oldtown'), at('Zelda Quill')],
      check: nothingLeft,
      model,
      identity: FAKE_IDENTITY,
      options: { seed: 5, maxRetries: 0 },
    });
    expect(rewritten).toBe('The port was closed by [REDACTED] on Monday.');
    expect(record.attribution).toMatchObject({ spans: 2, model: 1, fallback: 1, unresolved: 0 });
  });

  it('writes one placeholder where a fallback meets the placeholder beside it', async () => {
    const withPlaceholder = 'It was closed by [REDACTED] Zelda Quill on Monday.';
    const model = fakeModel(() => undefined);
    const { text: rewritten } = await rewriteDocument({
      text: withPlaceholder,
      spans: [{ start: withPlaceholder.indexOf('Zelda'), end: withPlaceholder.indexOf(' on') }],
      check: nothingLeft,
      model,
      identity: FAKE_IDENTITY,
      options: { seed: 5, maxRetries: 0 },
    });
    expect(rewritten).toBe('It was closed by [REDACTED] on Monday.');
  });
});

describe('plan mode', () => {
  it("asks for the phrase around each planned word, and a fallback or the model's placeholder replaces only the planned word", async () => {
    const model = fakeModel(({ phrases }) => ({ 'Kandira was named': 'a town was named', 'Zelda left': '[REDACTED]' })[phrases[0]!]);
    const planned = [spanOf('Kandira'), spanOf('Oldtown'), spanOf('Zelda')];
    const { text: rewritten, record } = await rewriteDocument({
      text,
      spans: planned,
      check: nothingLeft,
      model,
      identity: FAKE_IDENTITY,
      options: { seed: 5, unit: 'plan', maxRetries: 0 },
    });
    expect(model.calls[0]!.map((r) => r.user.split('\n')[1])).toEqual(['Phrase: Kandira was named', 'Phrase: of Oldtown was', 'Phrase: Zelda left']);
    // The planned words are named, and the last example shows one replaced with the rest of its phrase kept.
    expect(model.calls[0]!.map((r) => r.user.split('\n')[2])).toEqual(['Words to replace: Kandira', 'Words to replace: Oldtown', 'Words to replace: Zelda']);
    // …and the runtime is told never to write them (avoided-words.ts).
    expect(model.calls[0]!.map((r) => r.avoidWords)).toEqual([['Kandira'], ['Oldtown'], ['Zelda']]);
    const example = model.calls[0]![0]!.examples!.at(-1)!;
    expect(example.user).toContain('Words to replace: unfounded');
    expect(example.assistant).toBe(JSON.stringify({ replacement: 'dismissed it as baseless' }));
    expect(rewritten).toBe(
      'First, a town was named in 1999. It rained.\n\nSecond, the harbour of [REDACTED] was closed.\n\nThird, [REDACTED] left [REDACTED] at noon.',
    );
    expect(record.attribution).toMatchObject({ spans: 3, model: 1, modelPlaceholder: 1, fallback: 1 });
  });
});

/** Rewrites `word`'s first occurrence in `chunk` as a planned word, with the fake `answer`. */
function rewritePlanned(chunk: string, word: string, answer: (prompt: FakePrompt) => FakeAnswer, options: object) {
  const at = chunk.indexOf(word);
  return rewriteDocument({
    text: chunk,
    spans: [{ start: at, end: at + word.length }],
    check: nothingLeft,
    model: fakeModel(answer),
    identity: FAKE_IDENTITY,
    options: { seed: 5, unit: 'plan', ...options },
  });
}

describe('answers that copy the examples', () => {
  it("are refused and retried: a word of the plan example ('dismissed') never enters a passage that lacks it", async () => {
    let calls = 0;
    const { text: rewritten, record } = await rewritePlanned(
      'On 31 May 2001 the court sat in Kandira.',
      'Kandira',
      () => (calls++ === 0 ? 'dismissed it as baseless' : 'in a town'),
      { maxRetries: 1, fewShot: 1 },
    );
    expect(rewritten).toBe('On 31 May 2001 the court in a town.');
    expect(record.passes[0]!.rejections['example-copied']).toBe(1);
  });

  it('are accepted where another paragraph of the document has the word (a chunk never crosses a line break)', async () => {
    const { text: rewritten, record } = await rewritePlanned(
      'On 31 May 2001 the court sat in Kandira.\n\nThe appeal was dismissed.',
      'Kandira',
      () => 'in a town that dismissed',
      { maxRetries: 0, fewShot: 1 },
    );
    expect(rewritten).toBe('On 31 May 2001 the court in a town that dismissed.\n\nThe appeal was dismissed.');
    expect(record.passes[0]!.rejections['example-copied']).toBeUndefined();
  });
});

describe('answers for planned words that run on', () => {
  // The phrase around "indeterminate" is "an indeterminate sentence" (3 words): at most 8 words back.
  const chunk = 'He received an indeterminate sentence for public protection.';

  it('are refused and retried when they are more than twice the phrase and two words long', async () => {
    let calls = 0;
    const { text: rewritten, record } = await rewritePlanned(
      chunk,
      'indeterminate',
      () => (calls++ === 0 ? 'a sentence of days of imprisonment that has no fixed end at all' : 'an open-ended sentence'),
      { maxRetries: 1, fewShot: 0 },
    );
    expect(record.passes[0]!.rejections['too-long']).toBe(1);
    expect(rewritten).toBe('He received an open-ended sentence for public protection.');
  });

  it('are refused when they repeat three words of their own, and the fallback says so', async () => {
    const {
      text: rewritten,
      record,
      proposals,
    } = await rewritePlanned(chunk, 'indeterminate', () => 'a term of the term of the', {
      maxRetries: 0,
      fewShot: 0,
    });
    expect(record.passes[0]!.rejections.repeated).toBe(1);
    expect(rewritten).toBe('He received an [REDACTED] sentence for public protection.');
    expect(proposals[0]!.reasoning).toContain('ran on, repeating their own words');
  });

  it('are held to neither rule for flagged phrases (unit phrase), which the paper rewrites whole', () => {
    const task = prepareTask(chunk, [{ start: chunk.indexOf('indeterminate'), end: chunk.indexOf('indeterminate') + 13 }], pattern);
    const [region] = phraseRegions(task, pattern, false);
    const answer = 'a term of the term of the sentence without end';
    expect(checkReplacement(task, region!, answer, pattern)).toMatchObject({ problems: [] });
    expect(checkReplacement(task, region!, answer, pattern, undefined, true).problems).toEqual(['too-long', 'repeated']);
  });
});

describe('plan mode keeps what the plan kept', () => {
  it("leaves a planned word's other occurrences in the chunk as they are", async () => {
    const { text: rewritten } = await rewritePlanned('On 31 May 2001 the court sat. The appeal of May 2002 failed.', 'May', () => undefined, {
      maxRetries: 0,
      sentencesPerChunk: 5,
    });
    expect(rewritten).toBe('On 31 [REDACTED] 2001 the court sat. The appeal of May 2002 failed.');
  });
});

describe('edits never cut a word or a placeholder (random texts, answers and plans)', () => {
  const words = ['the', 'court', 'May', 'Kandira', 'ground', '[REDACTED]'];
  const answers = ['a place', '[REDACTED]', 'a [REDACTED] there', 'the [REDACTED]', undefined, 'court'];
  it.each(['plan', 'phrase'] as const)('unit %s', async (unit) => {
    await fc.assert(
      fc.asyncProperty(randomText(words, 40), fc.array(fc.nat(), { maxLength: 8 }), fc.nat(), async (chunk, picks, answerSeed) => {
        const tokens = [...chunk.matchAll(/\[REDACTED\]|[^\s,.[\]]+/gu)].filter((m) => m[0] !== '[REDACTED]');
        if (tokens.length === 0) return;
        const spans = [...new Set(picks.map((p) => p % tokens.length))].map((i) => ({
          start: tokens[i]!.index!,
          end: tokens[i]!.index! + tokens[i]![0].length,
        }));
        let calls = 0;
        const model = fakeModel(() => answers[(answerSeed + calls++) % answers.length]);
        const { text: rewritten } = await rewriteDocument({
          text: chunk,
          spans,
          check: nothingLeft,
          model,
          identity: FAKE_IDENTITY,
          options: { seed: 5, unit, maxRetries: 1, sentencesPerChunk: 3 },
        });
        // Every word of the result is a word of the text or of an answer, and every bracket belongs to a whole placeholder.
        const allowed = new Set([...words, ...answers.flatMap((a) => (a === undefined ? [] : a.split(' ')))]);
        const outside = rewritten.split('[REDACTED]').join(' ');
        expect(outside).not.toMatch(/[[\]]/u);
        expect(brokenEdits(chunk, rewritten)).toEqual({ glued: 0, strayBrackets: 0 });
        for (const word of outside.split(/[\s,.]+/u).filter((w) => w.length > 0)) expect(allowed.has(word), `${word} in ${rewritten}`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('phraseRegions', () => {
  it('merges touching spans and adds the other occurrences of a flagged phrase in the chunk', () => {
    const chunk = 'The old harbour and the old harbour of Oldtown were closed.';
    const task = prepareTask(
      chunk,
      [
        { start: 4, end: 7 },
        { start: 8, end: 15 },
      ],
      pattern,
    );
    expect(phraseRegions(task, pattern).map((r) => chunk.slice(r.start, r.end))).toEqual(['old harbour', 'old harbour']);
  });

  it('widens a planned word to a phrase of its own segment, never across punctuation or a placeholder', () => {
    const regionsOf = (chunk: string, word: string) => {
      const at = chunk.indexOf(word);
      const task = prepareTask(chunk, [{ start: at, end: at + word.length }], pattern);
      return phraseRegions(task, pattern, false).map((r) => chunk.slice(r.start, r.end));
    };
    expect(regionsOf('It was rejected on 31 May 2001 by the court.', 'May')).toEqual(['31 May 2001']);
    expect(regionsOf('Born in [REDACTED] Kandıra, he left.', 'Kandıra')).toEqual(['Kandıra']);
    expect(regionsOf('Born in Kandıra, he left.', 'Kandıra')).toEqual(['Born in Kandıra']);
    expect(regionsOf('He left Kandıra in 1999.', 'left')).toEqual(['He left Kandıra']);
    expect(MIN_PHRASE_WORDS).toBe(3);
  });
});

describe('checkReplacement', () => {
  const chunk = 'The applicant was held in Kandıra prison from [REDACTED] until 1999.';
  const task = prepareTask(chunk, [{ start: 26, end: 40 }], pattern);
  const [region] = phraseRegions(task, pattern);
  const problems = (answer: string) => checkReplacement(task, region!, answer, pattern).problems;

  it('accepts a paraphrase and refuses the phrase kept, a new number, an invented placeholder or an empty answer', () => {
    expect(problems('a high-security prison')).toEqual([]);
    expect(problems('Kandıra  PRISON')).toEqual(['span-kept']);
    expect(problems('prison no. 7')).toEqual(['number-invented']);
    expect(problems('[PLACE]')).toEqual(['placeholder-invented']);
    expect(problems('a [redac] prison')).toEqual(['placeholder-invented']);
    expect(problems('⟦⟧  ')).toEqual(['empty']);
    expect(checkReplacement(task, region!, '[REDACTED]', pattern)).toMatchObject({ problems: [], ownPlaceholders: 1 });
  });

  it("refuses a word the prompt's examples have and the passage does not, placeholders aside", () => {
    const examples = [{ user: 'Passage: He ⟦dismissed it as unfounded⟧ on [REDACTED].', assistant: '{"replacement": "dismissed it as baseless"}' }];
    const borrowable = exampleWords(examples, pattern);
    expect(borrowable.has('dismissed')).toBe(true);
    expect(borrowable.has('redacted')).toBe(false);
    const check = (answer: string) => checkReplacement(task, region!, answer, pattern, borrowable).problems;
    expect(check('a prison dismissed as baseless')).toEqual(['example-copied']);
    // "until" is short; "prison" is the passage's own word.
    expect(check('a prison until')).toEqual([]);
    expect(check('[REDACTED]')).toEqual([]);
  });

  it('lets a word of the examples through when the document uses it anywhere, not only in the passage', () => {
    const examples = [{ user: 'Passage: He ⟦dismissed it as unfounded⟧.', assistant: '{"replacement": "dismissed it as baseless"}' }];
    const borrowable = exampleWords(examples, pattern, 'Later, the appeal was Dismissed.\n\nHe was held in Kandıra prison.');
    expect(borrowable.has('dismissed')).toBe(false);
    expect(borrowable.has('baseless')).toBe(true);
    const check = (answer: string) => checkReplacement(task, region!, answer, pattern, borrowable).problems;
    expect(check('a prison dismissed')).toEqual([]);
    expect(check('a baseless prison')).toEqual(['example-copied']);
  });

  it('cleans markers, line breaks, wrapping quotes and a sentence-final period', () => {
    expect(normalizeReplacement('old harbour', '"the ⟦ancient⟧\nport."')).toBe('the ancient port');
    expect(normalizeReplacement('"old harbour"', '"ancient port"')).toBe('"ancient port"');
  });
});
