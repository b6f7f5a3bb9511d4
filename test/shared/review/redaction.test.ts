/** The one placeholder-merging rule: whitespace merges, punctuation never does, the text's own placeholders stay. */
import { describe, expect, it } from 'vitest';
import { redactRanges } from '../../../shared/review/redaction.js';

const at = (text: string, phrase: string, from = 0) => ({ start: text.indexOf(phrase, from), end: text.indexOf(phrase, from) + phrase.length });

describe('redactRanges', () => {
  it('merges placeholders only whitespace separates, and never across punctuation', () => {
    const text = 'held in Kandira prison, Sincan by the gendarmes';
    expect(redactRanges(text, [at(text, 'Kandira'), at(text, 'prison')])).toBe('held in [REDACTED], Sincan by the gendarmes');
    expect(redactRanges(text, [at(text, 'prison'), at(text, 'Sincan')])).toBe('held in Kandira [REDACTED], [REDACTED] by the gendarmes');
  });

  it('joins a new placeholder to one the text already has, but leaves the text own runs alone', () => {
    const text = 'On [REDACTED] [REDACTED] the court in Ankara sat; [PERSON] Ankara left.';
    expect(redactRanges(text, [at(text, 'Ankara')])).toBe('On [REDACTED] [REDACTED] the court in [REDACTED] sat; [PERSON] Ankara left.');
    const joined = 'They met [REDACTED] in Ankara, then [PERSON] Smith.';
    expect(redactRanges(joined, [at(joined, 'in Ankara')])).toBe('They met [REDACTED], then [PERSON] Smith.');
    // A different placeholder next to the new one stays: its type says something.
    expect(redactRanges(joined, [at(joined, 'Smith')])).toBe('They met [REDACTED] in Ankara, then [PERSON] [REDACTED].');
  });

  it('merges overlapping and touching ranges, and a run of three into one', () => {
    const text = 'a bb cc dd e';
    expect(redactRanges(text, [{ start: 2, end: 4 }, { start: 3, end: 7 }, at(text, 'dd')])).toBe('a [REDACTED] e');
    expect(redactRanges(text, [])).toBe(text);
  });
});
