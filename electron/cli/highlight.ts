/**
 * Renders a checked text for a terminal: minimal linkable N-grams on a red background,
 * spans to rephrase from combinations underlined in yellow.
 */
import type { DetectionResult } from '../../shared/linkage/types.js';

const SINGLE = 1;
const COMBINATION = 2;

const STYLES: Record<number, string> = {
  [SINGLE]: '\x1b[41;97m',
  [COMBINATION]: '\x1b[4;33m',
  [SINGLE | COMBINATION]: '\x1b[41;97;4m',
};
const RESET = '\x1b[0m';

/** The text with ANSI styles on its linkable spans (overlaps merge). */
export function highlightForTerminal(text: string, result: DetectionResult): string {
  const marks = new Uint8Array(text.length);
  for (const m of result.minimal) for (let i = m.start; i < m.end; i++) marks[i]! |= SINGLE;
  for (const c of result.combinations) for (let i = c.start; i < c.end; i++) marks[i]! |= COMBINATION;
  let out = '';
  let current = 0;
  let from = 0;
  for (let i = 0; i <= text.length; i++) {
    const mark = i < text.length ? marks[i]! : -1;
    if (mark === current) continue;
    out += text.slice(from, i);
    if (current !== 0) out += RESET;
    if (mark > 0) out += STYLES[mark]!;
    current = Math.max(mark, 0);
    from = i;
  }
  return out;
}
