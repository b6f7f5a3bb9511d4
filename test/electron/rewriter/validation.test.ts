import { describe, expect, it } from 'vitest';
import { placeholderRegex } from '../../../electron/rewriter/span-match.js';
import { applyEditSteps } from '../../../electron/rewriter/provenance.js';
import type { TextSpan } from '../../../electron/rewriter/types.js';
import { fallbackRewrite, lengthBounds, normalizeRewrite, prepareTask, validateRewrite, type ChunkTask } from '../../../electron/rewriter/validation.js';

const pattern = placeholderRegex();
const chunk = 'The applicant was held in the F-type prison at Kandıra from [REDACTED] until [DATE].';
const at = (phrase: string) => ({ start: chunk.indexOf(phrase), end: chunk.indexOf(phrase) + phrase.length });
const task = prepareTask(chunk, [at('F-type prison at Kandıra')], pattern);
const problems = (rewrite: string) => validateRewrite(task, rewrite, pattern).problems;

describe('validateRewrite', () => {
  it('accepts a rewrite without the span that keeps every placeholder', () => {
    expect(problems('The applicant was held in a high-security prison from [REDACTED] until [DATE].')).toEqual([]);
  });

  it('refuses a rewrite that keeps the span, compared by token keys (case, spacing, apostrophes)', () => {
    expect(problems('The applicant was held in the f-type  PRISON at\nKandıra from [REDACTED] until [DATE].')).toEqual(['span-kept']);
    // Split by punctuation or a placeholder, the phrase no longer forms one segment: it is gone for the engine too.
    expect(problems('The applicant was held in the F-type prison, at Kandıra, from [REDACTED] until [DATE].')).toEqual([]);
    expect(problems('The applicant was held in the F-type prison [REDACTED] at Kandıra from [REDACTED] until [DATE].')).toEqual([]);
  });

  it('refuses a rewrite that loses or invents placeholders, and allows an added [REDACTED]', () => {
    expect(problems('The applicant was held in a high-security prison from [REDACTED] until later on.')).toEqual(['placeholder-lost']);
    expect(problems('The applicant was held in a prison from [REDACTED] until [DATE] by [PERSON_9].')).toEqual(['placeholder-invented']);
    expect(problems('The applicant was held in [REDACTED] from [REDACTED] until [DATE].')).toEqual([]);
  });

  it('refuses an empty, a much shorter or a much longer rewrite', () => {
    expect(problems('   ')).toEqual(['empty']);
    expect(problems('[REDACTED] [DATE]')).toContain('too-short');
    expect(problems(`[REDACTED] [DATE] ${'and then more words '.repeat(20)}`)).toContain('too-long');
    const { min, max } = lengthBounds(chunk.length);
    expect(min).toBeLessThan(chunk.length / 2);
    expect(max).toBeGreaterThan(chunk.length * 1.5);
  });

  it('normalizes an answer: trims, drops copied markers, folds line breaks of a one-line chunk', () => {
    expect(normalizeRewrite(task, '  The ⟦high-security⟧ prison\n\nfrom [REDACTED].\n')).toBe('The high-security prison from [REDACTED].');
    const twoLines = prepareTask('First line.\nSecond line.', [], pattern);
    expect(normalizeRewrite(twoLines, 'One.\nTwo.')).toBe('One.\nTwo.');
  });
});

/** The fallback's edits applied to the chunk. */
function fallbackText(chunk: ChunkTask, partial?: { text: string; kept: TextSpan[] }): { text: string; usedRewrite: boolean } {
  const { steps, usedRewrite } = fallbackRewrite(chunk, pattern, partial);
  return { text: applyEditSteps(chunk.text, steps), usedRewrite };
}

describe('fallbackRewrite', () => {
  it('redacts every occurrence of a flagged phrase in the chunk, keeping placeholders and punctuation', () => {
    const text = 'Mr Kandıra Smith, of [PERSON_2], met mr kandıra smith; Kandıra agreed.';
    const flagged = prepareTask(text, [{ start: 3, end: 16 }], pattern);
    expect(fallbackText(flagged)).toEqual({ text: 'Mr [REDACTED], of [PERSON_2], met mr [REDACTED]; Kandıra agreed.', usedRewrite: false });
    // A selection across punctuation and a placeholder: its words go, the comma and the placeholder stay.
    const across = prepareTask(text, [{ start: 11, end: text.indexOf('], met') + 1 }], pattern);
    expect(fallbackText(across).text).toBe('Mr Kandıra [REDACTED], [REDACTED] [PERSON_2], met mr kandıra smith; Kandıra agreed.');
  });

  it('saves a rewrite that only kept some flagged phrases by redacting them in it', () => {
    const rewrite = 'The applicant was held in the F-type prison at Kandıra from [REDACTED] until [DATE], it seems.';
    const { kept } = validateRewrite(task, rewrite, pattern);
    expect(fallbackText(task, { text: rewrite, kept })).toEqual({
      text: 'The applicant was held in the [REDACTED] from [REDACTED] until [DATE], it seems.',
      usedRewrite: true,
    });
  });
});
