/**
 * Putting suggestions back into the head text, in the two ways the review needs. Both only
 * place a suggestion where the text holds its words, and both keep the rule that pending
 * suggestions never overlap; they differ in who wins an overlap, on purpose:
 * - waitAgain (Undo of a pass, Undo of a rejection, bringing rejected ones back, a restore):
 *   the pending suggestions are the clerk's present work, so one coming back that overlaps
 *   a pending one stays where it was;
 * - takeOver (the head moved to a version by undo or redo): the suggestions of that version
 *   are what its text was reviewed with, so they come back and the pending ones of the
 *   version left that overlap them step aside, noted as overtaken there, for going forward
 *   again to bring back in turn.
 */
import type Database from 'better-sqlite3';
import { firstPassing } from '../../shared/sorted-search.js';
import { unmapSpan, type TextChange } from '../../shared/review/text-change.js';
import { pendingSpans, type SuggestionRow, type TextSpan } from './suggestion-rows.js';

/** A suggestion to place, and where in the head text. */
export interface Placement {
  readonly row: SuggestionRow;
  readonly span: TextSpan;
}

/**
 * Makes suggestions wait again at the given places of the head text, where it holds their
 * words and no pending suggestion (nor one given back before it) lies. `reopenedIn` notes
 * the version that gave them back (a restore), for its undo and redo. Returns the ids of
 * those that wait again.
 */
export function waitAgain(db: Database.Database, documentId: string, text: string, given: readonly Placement[], reopenedIn?: number): number[] {
  const taken: TextSpan[] = pendingSpans(db, documentId);
  const update = db.prepare(
    "UPDATE suggestions SET status = 'pending', resolved_at = NULL, start = ?, end = ?, reopened_in_version_id = coalesce(?, reopened_in_version_id), overtaken_on_version_id = NULL, overtaken_status = NULL WHERE id = ?",
  );
  const waiting: number[] = [];
  for (const { row, span } of given) {
    if (text.slice(span.start, span.end) !== row.before) continue;
    // The first taken span ending after this one starts: it overlaps when it starts before this one ends.
    const lo = firstPassing(taken, (t) => t.end > span.start);
    if (lo < taken.length && taken[lo]!.start < span.end) continue;
    taken.splice(lo, 0, span);
    update.run(span.start, span.end, reopenedIn ?? null, row.id);
    waiting.push(row.id);
  }
  return waiting;
}

/**
 * Makes suggestions that were on the text now at the head take their places again: each
 * back as it was (pending, rejected, or superseded by a new pass), where the text holds its
 * words. A pending suggestion of the version left that overlaps one coming back goes stale,
 * overtaken on that version where it lay in its text (`left.change` leads from that text to
 * the head's), so that going forward again brings it back in turn.
 */
export function takeOver(
  db: Database.Database,
  documentId: string,
  text: string,
  rows: readonly SuggestionRow[],
  left: { readonly versionId: number; readonly change: TextChange },
): void {
  const taken = pendingSpans(db, documentId);
  const back = db.prepare('UPDATE suggestions SET status = ?, resolved_at = ?, overtaken_on_version_id = NULL, overtaken_status = NULL WHERE id = ?');
  const displace = db.prepare(
    "UPDATE suggestions SET status = 'stale', resolved_at = ?, start = ?, end = ?, overtaken_on_version_id = ?, overtaken_status = 'pending' WHERE id = ?",
  );
  const at = new Date().toISOString();
  const returned = new Set<number>();
  for (const row of rows) {
    // Superseded by a new pass meanwhile: it stays superseded, wherever its words are.
    if (row.overtaken_status === 'stale') {
      back.run('stale', at, row.id);
      continue;
    }
    if (text.slice(row.start, row.end) !== row.before) continue;
    if (row.overtaken_status === 'rejected') {
      back.run('rejected', at, row.id);
      continue;
    }
    // The pending ones it overlaps: a run of `taken` from the first that ends after it starts.
    const first = firstPassing(taken, (t) => t.end > row.start);
    let last = first;
    while (last < taken.length && taken[last]!.start < row.end) last++;
    const overlapped = taken.slice(first, last);
    // One this call already put back holds the place: it stays, and pending ones never overlap.
    if (overlapped.some((t) => returned.has(t.id))) continue;
    for (const t of overlapped) {
      // It moved with the change into the head's text, so the change did not touch it: it maps back.
      const there = unmapSpan(t, left.change) ?? t;
      displace.run(at, there.start, there.end, left.versionId, t.id);
    }
    taken.splice(first, last - first, { id: row.id, start: row.start, end: row.end });
    back.run('pending', null, row.id);
    returned.add(row.id);
  }
}
