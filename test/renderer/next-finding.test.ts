import { describe, expect, it } from 'vitest';
import type { Finding } from '../../shared/review/findings.js';
import { movedPlace, nextFinding } from '../../renderer/review/next-finding.js';

const text = 'The applicant, a teacher in Oslo, was arrested in March on suspicion of fraud.';
const finding = (phrase: string, on = text): Finding => {
  const start = on.indexOf(phrase);
  return {
    id: `s${start}-${start + phrase.length}`,
    kind: 'single',
    start,
    end: start + phrase.length,
    text: phrase,
    documents: 1,
    documentIds: [],
    members: [],
  };
};
const phrases = (on: string, list: string[]) => list.map((p) => finding(p, on));

describe('nextFinding', () => {
  const findings = phrases(text, ['a teacher', 'Oslo', 'in March', 'fraud']);

  it('goes to the next or previous finding from the focused one, round the ends', () => {
    expect(nextFinding(findings, findings[1]!.id, null, text, 1)?.text).toBe('in March');
    expect(nextFinding(findings, findings[3]!.id, null, text, 1)?.text).toBe('a teacher');
    expect(nextFinding(findings, findings[0]!.id, null, text, -1)?.text).toBe('fraud');
  });

  it('starts at the first (J) or the last (K) when nothing was focused', () => {
    expect(nextFinding(findings, null, null, text, 1)?.text).toBe('a teacher');
    expect(nextFinding(findings, null, null, text, -1)?.text).toBe('fraud');
  });

  it('goes on from where the focused finding was once an edit has taken it', () => {
    const edited = text.replace('Oslo', '[PLACE]');
    const after = phrases(edited, ['a teacher', 'in March', 'fraud']);
    const place = { at: text.indexOf('Oslo'), text };
    expect(nextFinding(after, findings[1]!.id, place, edited, 1)?.text).toBe('in March');
    expect(nextFinding(after, findings[1]!.id, place, edited, -1)?.text).toBe('a teacher');
  });

  it('moves the place with each edit, before it or over it', () => {
    const first = text.replace('The applicant', '[NAME]');
    const second = first.replace('in March', '[DATE]');
    const after = phrases(second, ['a teacher', 'Oslo', 'fraud']);
    // The focus was on "in March"; one edit shortened the words before it, the next took it.
    const place = movedPlace(movedPlace({ at: text.indexOf('in March'), text }, first), second);
    expect(place).toEqual({ at: second.indexOf('[DATE]'), text: second });
    expect(nextFinding(after, 'gone', place, second, 1)?.text).toBe('fraud');
    expect(nextFinding(after, 'gone', place, second, -1)?.text).toBe('Oslo');
  });
});
