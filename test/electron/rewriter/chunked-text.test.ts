import { describe, expect, it } from 'vitest';
import { ChunkedText, wordAlignedTrim } from '../../../electron/rewriter/chunked-text.js';
import { chunkText } from '../../../electron/rewriter/chunking.js';
import { applyEditSteps } from '../../../electron/rewriter/provenance.js';
import { applyReplacements } from '../../../shared/review/text-change.js';
import { FAKE_IDENTITY } from './fake-model.js';

const original = 'One is here. Two is here.\n\nThree is here. Four is here.';
const at = (text: string, phrase: string) => ({ start: text.indexOf(phrase), end: text.indexOf(phrase) + phrase.length });

describe('ChunkedText', () => {
  it('assigns spans to chunks in chunk offsets, and keeps the whitespace between chunks', () => {
    const document = new ChunkedText(original, chunkText(original, [], { sentencesPerChunk: 1 }));
    expect(document.count).toBe(4);
    const assigned = document.assign([at(original, 'Two'), at(original, 'Four is'), { start: 25, end: 27 }]);
    expect([...assigned]).toEqual([
      [1, [{ start: 0, end: 3 }]],
      [3, [{ start: 0, end: 7 }]],
    ]);
    document.replace(1, 'Second is there.', 'Reworded.', false, 1);
    expect(document.text).toBe('One is here. Second is there.\n\nThree is here. Four is here.');
  });

  it('joins chunks that a later span straddles, and proposes one change for them', () => {
    const document = new ChunkedText(original, chunkText(original, [], { sentencesPerChunk: 1 }));
    // Pass 1 drops a period: the next pass finds a phrase across the old boundary.
    document.replace(0, 'One is here and', 'Joined.', false, 1);
    const current = document.text;
    const assigned = document.assign([at(current, 'here and Two')]);
    expect(document.count).toBe(3);
    expect([...assigned]).toEqual([[0, [{ start: 7, end: 19 }]]]);
    expect(document.chunkText(0)).toBe('One is here and Two is here.');
    document.replace(0, 'One is present, as is two.', 'Rephrased.', true, 2);
    const proposals = document.proposals(FAKE_IDENTITY);
    expect(proposals).toEqual([
      {
        start: 7,
        end: 24,
        before: 'here. Two is here',
        after: 'present, as is two',
        reasoning: 'Pass 1: Joined.\nPass 2: Rephrased.',
        fallback: true,
        model: FAKE_IDENTITY,
      },
    ]);
    expect(applyReplacements(original, proposals)).toBe(document.text);
  });

  it('proposes nothing for chunks that did not change', () => {
    const document = new ChunkedText(original, chunkText(original));
    document.replace(0, document.chunkText(0), 'Same.', false, 1);
    expect(document.proposals(FAKE_IDENTITY)).toEqual([]);
  });
});

describe('placeholders the rewriter writes follow the one merging rule', () => {
  const text = 'On [REDACTED] the Ankara court [REDACTED] ruled. Later [REDACTED] [REDACTED] met, and the Ankara court, [REDACTED] sat.';
  const edit = (document: ChunkedText, phrase: string, replacement: string, origin: 'model' | 'fallback' = 'fallback') => {
    const current = document.chunkText(0);
    const range = at(current, phrase);
    document.edit(0, [[{ ...range, text: replacement, origin }]], '', origin === 'fallback', 1);
  };

  it('merges a fallback placeholder with the placeholder only whitespace separates from it', () => {
    const document = new ChunkedText(text, chunkText(text, [], { sentencesPerChunk: 5 }));
    edit(document, 'the Ankara court', '[REDACTED]');
    expect(document.chunkText(0)).toBe('On [REDACTED] ruled. Later [REDACTED] [REDACTED] met, and the Ankara court, [REDACTED] sat.');
    // The merged placeholder stands for everything it replaced: the fallback decides the span's fate.
    const merged = document.pieces().find((piece) => piece.text === '[REDACTED]' && piece.origin === 'fallback');
    expect(merged).toMatchObject({ from: text.indexOf('[REDACTED]'), to: text.indexOf(' ruled') });
  });

  it('never merges across punctuation, and leaves the original text its own adjacent placeholders', () => {
    const document = new ChunkedText(text, chunkText(text, [], { sentencesPerChunk: 5 }));
    edit(document, 'the Ankara court,', '[REDACTED],');
    expect(document.chunkText(0)).toBe('On [REDACTED] the Ankara court [REDACTED] ruled. Later [REDACTED] [REDACTED] met, and [REDACTED], [REDACTED] sat.');
  });

  it('leaves the original’s own adjacent placeholders alone in a chunk the model rewrote whole', () => {
    const document = new ChunkedText(text, chunkText(text, [], { sentencesPerChunk: 5 }));
    const rewritten = text.replace('the Ankara court', 'the tribunal');
    document.replace(0, rewritten, 'Reworded.', false, 1);
    expect(document.chunkText(0)).toBe(rewritten);
  });

  it('merges a placeholder the model wrote at the edge of its answer, and keeps it the model’s', () => {
    const document = new ChunkedText(text, chunkText(text, [], { sentencesPerChunk: 5 }));
    const current = document.chunkText(0);
    const range = at(current, 'the Ankara court');
    document.edit(0, [[{ ...range, text: 'a [REDACTED]', origin: 'model', ownPlaceholders: 1 }]], 'Reworded.', false, 1);
    expect(document.chunkText(0)).toBe('On [REDACTED] a [REDACTED] ruled. Later [REDACTED] [REDACTED] met, and the Ankara court, [REDACTED] sat.');
    const pieces = document.pieces().filter((piece) => piece.origin === 'model');
    expect(pieces.map((piece) => piece.text)).toEqual(['a ', '[REDACTED]']);
    expect(pieces[1]!.ownPlaceholders).toBe(1);
  });
});

describe('edit batches', () => {
  it('reads each later batch in offsets of the text the batch before left, and merges placeholders only after the last', () => {
    const chunk = 'Held in [REDACTED] Kandira prison, on the ground that it was full.';
    const document = new ChunkedText(chunk, chunkText(chunk, [], { sentencesPerChunk: 5 }));
    const first = [{ ...at(chunk, 'Kandira'), text: '[REDACTED]', origin: 'fallback' as const }];
    // The second batch is in offsets of the first batch's text, where "[REDACTED] [REDACTED]" is not merged yet.
    const afterFirst = applyEditSteps(chunk, [first]);
    const second = [{ ...at(afterFirst, 'ground'), text: '[REDACTED]', origin: 'fallback' as const }];
    document.edit(0, [first, second], 'Reworded.', true, 1);
    // Merging between the batches shifted the second by a placeholder: "on t[REDACTED]und that".
    expect(document.chunkText(0)).toBe('Held in [REDACTED] prison, on the [REDACTED] that it was full.');
  });
});

describe('wordAlignedTrim', () => {
  it('trims the common prefix and suffix back to whole words', () => {
    expect(wordAlignedTrim('the applicant said', 'the appellant said')).toEqual({ prefix: 4, suffix: 5 });
    expect(wordAlignedTrim('the court.', "the court's.")).toEqual({ prefix: 4, suffix: 1 });
    expect(wordAlignedTrim('a 😀b c', 'a 😀x c')).toEqual({ prefix: 4, suffix: 2 });
    // Never inside a surrogate pair: 𝐀 and 𝐁 share their high surrogate.
    expect(wordAlignedTrim('a 𝐀 c', 'a 𝐁 c')).toEqual({ prefix: 2, suffix: 2 });
  });
});
