/**
 * Findings computed for an older text, moved onto the text now on screen (while a
 * fresh check runs): spans before or after the edit shift; spans it touched are dropped.
 */
import type { CheckResult } from '../../shared/ipc/types.js';
import { compareFindings, findingsOf, type Finding } from '../../shared/review/findings.js';
import { diffTexts, mapSpan } from '../../shared/review/text-change.js';

export function mapFindings(findings: readonly Finding[], from: string, to: string): Finding[] {
  if (from === to) return findings.slice();
  const change = diffTexts(from, to);
  const out: Finding[] = [];
  for (const f of findings) {
    const span = mapSpan(f, change);
    if (span === undefined) continue;
    const members = f.members.map((m) => ({ ...m, ...(mapSpan(m, change) ?? { start: -1, end: -1 }) })).filter((m) => m.start >= 0);
    out.push({ ...f, ...span, members });
  }
  return out;
}

/**
 * The findings of a check, made once per check: the text they are shown on changes at
 * every keystroke, the check only when the next one comes.
 */
const findingsOfCheck = new WeakMap<CheckResult, Finding[]>();
function findingsOfResult(result: CheckResult): readonly Finding[] {
  let found = findingsOfCheck.get(result);
  if (found === undefined) findingsOfCheck.set(result, (found = findingsOf(result)));
  return found;
}

/** A check and the text it was made for. */
export interface CheckedText {
  readonly result: CheckResult;
  readonly text: string;
}

/**
 * The findings to show on `text`: those of `shown`, and, while the text's own combinations
 * are still being searched, the combination members of an earlier full check (`carried`),
 * both moved onto the text. Without the carried ones, every edit took the combination
 * members off until the search ended and put them back (a blink of about 60 ms on a demo
 * judgment, longer on a long one). Only a check still running carries any (use-detection.ts).
 */
export function findingsOnText(shown: CheckedText, carried: CheckedText | undefined, text: string): Finding[] {
  const own = mapFindings(findingsOfResult(shown.result), shown.text, text);
  if (carried === undefined) return own;
  const combinations = findingsOfResult(carried.result).filter((f) => f.kind === 'combination');
  return [...own, ...mapFindings(combinations, carried.text, text)].sort(compareFindings);
}
