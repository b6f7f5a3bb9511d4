/**
 * Findings computed for an older text, moved onto the text now on screen (while a
 * fresh check runs): spans before or after the edit shift; spans it touched are dropped.
 */
import type { Finding } from '../../shared/review/findings.js';
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
