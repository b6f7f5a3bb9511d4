import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../shared/ipc/types.js';
import { findingsOnText } from '../../renderer/review/map-findings.js';

/** A check of `text` flagging `singles` as rare phrases and `combos` as combination members (each phrase's first occurrence). */
function check(text: string, singles: string[], combos: string[]): { text: string; result: CheckResult } {
  const at = (phrase: string) => ({ start: text.indexOf(phrase), end: text.indexOf(phrase) + phrase.length, text: phrase });
  const result = {
    minimal: singles.map((p) => ({ ...at(p), df: 1, documents: ['d1'] })),
    combinations: combos.map((p) => ({ ...at(p), witness: { intersection: 1, documents: ['d1'], members: [at(p)] } })),
  } as unknown as CheckResult;
  return { text, result };
}

const shownOn = (text: string, findings: ReturnType<typeof findingsOnText>) => findings.map((f) => `${f.kind}:${text.slice(f.start, f.end)}`);

describe('findingsOnText', () => {
  const before = 'The applicant, a teacher in Oslo, was arrested in March on suspicion of fraud.';
  const after = 'The applicant, a teacher in [PLACE], was arrested in March on suspicion of fraud.';

  it("shows a check's findings moved onto the text on screen", () => {
    const full = check(before, ['Oslo'], ['a teacher', 'in March']);
    expect(shownOn(after, findingsOnText(full, undefined, after))).toEqual(['combination:a teacher', 'combination:in March']);
  });

  it("keeps an earlier check's combination members, moved, beside the new text's single N-grams, in text order", () => {
    const lastFull = check(before, ['Oslo'], ['a teacher', 'in March']);
    const singlesNow = check(after, ['suspicion of fraud'], []);
    expect(shownOn(after, findingsOnText(singlesNow, lastFull, after))).toEqual(['combination:a teacher', 'combination:in March', 'single:suspicion of fraud']);
  });
});
