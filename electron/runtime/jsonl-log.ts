/**
 * Append-only JSONL files that survive a kill: each finished item is appended as one line
 * as soon as it is done, and a rerun reads back every complete line. A line cut short by
 * the kill is skipped (its item is computed again), and the next append starts on a line
 * of its own. The evaluation's results and its embedding cache both resume this way.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

/** Every complete JSON line of `path` (none when it does not exist), ready for appends. */
export function readJsonlLog(path: string): unknown[] {
  if (!existsSync(path)) return [];
  const content = readFileSync(path, 'utf8');
  const rows: unknown[] = [];
  for (const line of content.split('\n')) {
    if (line.trim() === '') continue;
    try {
      rows.push(JSON.parse(line));
    } catch {
      // Cut short by an interruption: recomputed.
    }
  }
  if (content.length > 0 && !content.endsWith('\n')) appendFileSync(path, '\n');
  return rows;
}

/** Appends `rows`, one line each, in one write. */
export function appendJsonl(path: string, rows: readonly unknown[]): void {
  if (rows.length > 0) appendFileSync(path, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
}
