/**
 * The kept list marks a kept phrase that links by itself: one a rare phrase of the final
 * check lies within (finding-items.ts, keptStillLinking).
 */
import { describe, expect, it } from 'vitest';
import { keptStillLinking } from '../../renderer/review/finding-items.js';
import type { Decision } from '../../shared/ipc/types.js';
import type { Finding } from '../../shared/review/findings.js';

const text = 'The applicant could not avail herself of the remedy in Kandira.';
const at = (phrase: string) => ({ start: text.indexOf(phrase), end: text.indexOf(phrase) + phrase.length });
const kept = (id: number, phrase: string): Decision => ({ id, decision: 'keep', kind: 'plan', ...at(phrase), phrase, reason: 'the wording', createdAt: '' });
const finding = (phrase: string, kind: Finding['kind'] = 'single'): Finding => ({
  id: `${kind}:${phrase}`,
  kind,
  ...at(phrase),
  text: phrase,
  documents: 1,
  documentIds: ['source'],
  members: [],
});

describe('keptStillLinking', () => {
  it('marks the kept phrases that hold a rare phrase of the check, and no others', () => {
    const decisions = [kept(1, 'avail herself'), kept(2, 'remedy'), kept(3, 'in Kandira')];
    const findings = [finding('avail herself'), finding('Kandira'), finding('the remedy', 'combination'), finding('could not avail')];
    // "remedy" is only in a combination (other words can break it), and "could not avail" reaches past the kept words.
    expect(keptStillLinking(decisions, findings)).toEqual(new Set([1, 3]));
  });

  it('marks none without findings or decisions', () => {
    expect(keptStillLinking([kept(1, 'remedy')], [])).toEqual(new Set());
    expect(keptStillLinking([], [finding('remedy')])).toEqual(new Set());
  });
});
