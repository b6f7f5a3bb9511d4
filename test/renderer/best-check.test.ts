import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../shared/ipc/types.js';
import { bestCheck } from '../../renderer/review/use-detection.js';

// The results are told apart by identity only.
const check = (text: string) => ({ text, result: {} as CheckResult });

describe('bestCheck', () => {
  const before = 'The applicant lives in Oslo.';
  const after = 'The applicant lives in [PLACE].';

  it("shows this text's full check, else its single N-grams", () => {
    const full = check(after);
    const singles = check(after);
    expect(bestCheck(full, singles, check(before), check(before))).toBe(full);
    expect(bestCheck(undefined, singles, check(before), check(before))).toBe(singles);
  });

  it('keeps the last full check, combinations and all, until the new text has its single N-grams', () => {
    const lastFull = check(before);
    expect(bestCheck(undefined, undefined, lastFull, check(before))).toBe(lastFull);
  });

  it('shows newer single N-grams rather than an older full check', () => {
    const lastSingles = check('The applicant lives in Bergen.');
    expect(bestCheck(undefined, undefined, check(before), lastSingles)).toBe(lastSingles);
    expect(bestCheck(undefined, undefined, undefined, lastSingles)).toBe(lastSingles);
  });
});
