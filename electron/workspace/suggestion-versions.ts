/**
 * Suggestions follow the head version: an edit moves them with the text, and undo, redo and
 * restore give back the ones whose text the head holds again. Each runs inside the caller's
 * transaction, together with the move of the head (SuggestionStore wraps them).
 */
import type Database from 'better-sqlite3';
import type { ReviewDocument } from '../../shared/ipc/types.js';
import { diffTexts, mapSpan, type TextChange } from '../../shared/review/text-change.js';
import type { HeadMove, ReviewStore } from './review-store.js';
import { takeOver, waitAgain, type Placement } from './suggestion-return.js';
import type { SuggestionRow } from './suggestion-rows.js';

/**
 * Set with status = 'accepted' when undo or redo makes the text apply a suggestion again:
 * what it was meanwhile (rejected by the clerk, or 'stale': superseded by a new pass), for
 * when the head goes back and it comes back as that (takeOver). SQLite reads `status` here
 * before the update.
 */
const REMEMBER_STATUS =
  "overtaken_on_version_id = NULL, overtaken_status = CASE status WHEN 'rejected' THEN 'rejected' WHEN 'stale' THEN coalesce(overtaken_status, 'stale') ELSE NULL END";

/**
 * Moves pending and rejected suggestions with a change of the head text; those it overlaps
 * go stale, noted as overtaken on the version they were on. When the head returns to a
 * version (undo, redo), the suggestions overtaken there come back as they were, where the
 * text holds their words: before, typing over a suggestion and pressing Ctrl+Z lost it, and
 * an undo then redo lost the suggestions made on the undone text.
 */
export function remapSuggestions(db: Database.Database, documentId: string, change: TextChange, move: HeadMove): void {
  // mapSpan's rule, as two statements: those the change overlaps go stale, those after it
  // shift. (A statement per suggestion took most of an accept's time with 6,000 waiting.)
  if (change.start !== change.end || change.before !== change.after) {
    db.prepare(
      "UPDATE suggestions SET status = 'stale', resolved_at = ?, overtaken_on_version_id = ?, overtaken_status = status WHERE document_id = ? AND status IN ('pending', 'rejected') AND end > ? AND start < ?",
    ).run(new Date().toISOString(), move.from, documentId, change.start, change.end);
    const delta = change.after.length - change.before.length;
    if (delta !== 0)
      db.prepare("UPDATE suggestions SET start = start + ?, end = end + ? WHERE document_id = ? AND status IN ('pending', 'rejected') AND start >= ?").run(
        delta,
        delta,
        documentId,
        change.end,
      );
  }
  if (move.to === move.from) return;
  const overtaken = db
    .prepare("SELECT * FROM suggestions WHERE document_id = ? AND status = 'stale' AND overtaken_on_version_id = ? ORDER BY start")
    .all(documentId, move.to) as SuggestionRow[];
  takeOver(db, documentId, move.text, overtaken, { versionId: move.from, change });
}

/**
 * Undoes the head version of a document, and gives back the suggestions that version
 * accepted: they wait again, where they were, since the text is again what they were made
 * for (checked word for word: a version that also holds typing may not be). A suggestion
 * made on the undone text that overlaps one given back goes stale until redo. Before, an
 * undone accept left its suggestion accepted, and the clerk had to make suggestions again
 * to get it back. An undone restore accepts again the suggestions it gave back (the text
 * applies them again).
 */
export function undoWithSuggestions(db: Database.Database, reviews: ReviewStore, documentId: string): ReviewDocument {
  const { versionId: undone, text: undoneText } = reviews.get(documentId);
  // Before the head moves, so that moving the pending suggestions leaves their places alone (redo needs them).
  db.prepare(
    `UPDATE suggestions SET status = 'accepted', resolved_at = ?, ${REMEMBER_STATUS} WHERE document_id = ? AND reopened_in_version_id = ? AND status <> 'accepted'`,
  ).run(new Date().toISOString(), documentId, undone);
  const document = reviews.undo(documentId);
  const rows = db
    .prepare("SELECT * FROM suggestions WHERE document_id = ? AND accepted_version_id = ? AND status = 'accepted' ORDER BY start")
    .all(documentId, undone) as SuggestionRow[];
  takeOver(db, documentId, document.text, rows, { versionId: undone, change: diffTexts(undoneText, document.text) });
  return document;
}

/**
 * Redoes the version undo left, and accepts again the suggestions it accepted (whatever
 * the clerk did with them meanwhile: the text applies them again). A redone restore gives
 * back again the suggestions it gave back, where the text still holds their words.
 */
export function redoWithSuggestions(db: Database.Database, reviews: ReviewStore, documentId: string): ReviewDocument {
  const { versionId: left, text: leftText } = reviews.get(documentId);
  // Before the head moves, so that they keep their places in the text they were accepted
  // on (moved with the redo, an undo could no longer find their words there).
  db.prepare(
    `UPDATE suggestions SET status = 'accepted', resolved_at = ?, ${REMEMBER_STATUS} WHERE document_id = ? AND accepted_version_id = ? AND status <> 'accepted'`,
  ).run(new Date().toISOString(), documentId, reviews.redoTarget(documentId) ?? -1);
  const document = reviews.redo(documentId);
  const given = db
    .prepare("SELECT * FROM suggestions WHERE document_id = ? AND reopened_in_version_id = ? AND status = 'accepted' ORDER BY start")
    .all(documentId, document.versionId) as SuggestionRow[];
  takeOver(db, documentId, document.text, given, { versionId: left, change: diffTexts(leftText, document.text) });
  return document;
}

/**
 * Makes a new head version with the text of an earlier one, and gives back the suggestions
 * accepted since: those accepted by a version the restored one does not come from. Each
 * waits again where the restored text holds its words, moved there from the text it was
 * accepted on. Before, they stayed "accepted" though the text no longer held their change,
 * and the clerk had to make suggestions again.
 */
export function restoreWithSuggestions(db: Database.Database, reviews: ReviewStore, documentId: string, versionId: number): ReviewDocument {
  const document = reviews.restore(documentId, versionId);
  const lineage = db
    .prepare(
      'WITH RECURSIVE up(id, parent_id) AS (SELECT id, parent_id FROM versions WHERE id = ? UNION ALL SELECT v.id, v.parent_id FROM versions v JOIN up ON v.id = up.parent_id) SELECT id FROM up',
    )
    .pluck()
    .all(versionId) as number[];
  const restoredFrom = new Set(lineage);
  const rows = db
    .prepare(
      "SELECT s.*, base.text AS base_text FROM suggestions s JOIN versions accepted ON accepted.id = s.accepted_version_id JOIN versions base ON base.id = accepted.parent_id WHERE s.document_id = ? AND s.status = 'accepted' ORDER BY s.accepted_version_id, s.start",
    )
    .all(documentId) as (SuggestionRow & { base_text: string })[];
  const given: Placement[] = [];
  // One comparison of texts per accepting version (Accept all makes thousands of suggestions in one).
  const changes = new Map<number, TextChange>();
  for (const row of rows) {
    const accepted = row.accepted_version_id!;
    if (restoredFrom.has(accepted)) continue;
    let change = changes.get(accepted);
    if (change === undefined) changes.set(accepted, (change = diffTexts(row.base_text, document.text)));
    const span = mapSpan(row, change);
    if (span !== undefined) given.push({ row, span });
  }
  waitAgain(db, documentId, document.text, given, document.versionId);
  return document;
}
