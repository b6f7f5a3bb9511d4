/**
 * Proposed replacements awaiting the clerk. Offsets always refer to the current head
 * text: when the head changes, pending and rejected suggestions move with the change (a
 * rejected one can be brought back), and those the change overlapped become stale (never
 * applied to text they no longer describe).
 */
import type Database from 'better-sqlite3';
import { AppError } from '../../shared/errors.js';
import { RESOLVED_SUGGESTIONS_LISTED, type ReviewDocument, type Suggestion } from '../../shared/ipc/types.js';
import { applyReplacements, diffTexts, mapSpan, type TextChange } from '../../shared/review/text-change.js';
import type { ReviewStore } from './review-store.js';

/** A replacement proposed by a suggestion source. */
export interface Proposal {
  readonly start: number;
  readonly end: number;
  readonly before: string;
  readonly after: string;
  readonly reasoning?: string | null;
  /** The model gave up and a placeholder was used. */
  readonly fallback?: boolean;
  readonly model?: unknown;
}

interface SuggestionRow {
  id: number;
  document_id: string;
  start: number;
  end: number;
  before: string;
  after: string;
  source: 'placeholder' | 'model';
  status: Suggestion['status'];
  reasoning: string | null;
  fallback: number;
  pass: number;
  model_json: string | null;
  created_at: string;
  accepted_version_id: number | null;
  reopened_in_version_id: number | null;
}

function toSuggestion(r: SuggestionRow): Suggestion {
  return {
    id: r.id,
    start: r.start,
    end: r.end,
    before: r.before,
    after: r.after,
    source: r.source,
    status: r.status,
    reasoning: r.reasoning,
    fallback: r.fallback === 1,
    pass: r.pass,
    createdAt: r.created_at,
  };
}

export class SuggestionStore {
  constructor(private readonly db: Database.Database) {}

  /**
   * Adds new proposals. They replace every pending suggestion (a new pass over the whole
   * text) or, for a pass over selected spans, only the pending ones they overlap.
   */
  replacePending(documentId: string, source: Suggestion['source'], pass: number, proposals: readonly Proposal[], replace: 'all' | 'overlapping' = 'all'): void {
    const at = new Date().toISOString();
    this.db.transaction(() => {
      if (replace === 'all') {
        this.db.prepare("UPDATE suggestions SET status = 'stale', resolved_at = ? WHERE document_id = ? AND status = 'pending'").run(at, documentId);
      } else {
        const stale = this.db.prepare(
          "UPDATE suggestions SET status = 'stale', resolved_at = ? WHERE document_id = ? AND status = 'pending' AND start < ? AND end > ?",
        );
        for (const p of proposals) stale.run(at, documentId, p.end, p.start);
      }
      const insert = this.db.prepare(
        "INSERT INTO suggestions (document_id, start, end, before, after, source, status, reasoning, fallback, pass, model_json, created_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?)",
      );
      for (const p of proposals) {
        insert.run(
          documentId,
          p.start,
          p.end,
          p.before,
          p.after,
          source,
          p.reasoning ?? null,
          p.fallback === true ? 1 : 0,
          pass,
          p.model === undefined ? null : JSON.stringify(p.model),
          at,
        );
      }
    })();
  }

  /** Pending suggestions by position, then the last resolved ones. */
  list(documentId: string): Suggestion[] {
    const pending = this.db.prepare("SELECT * FROM suggestions WHERE document_id = ? AND status = 'pending' ORDER BY start").all(documentId) as SuggestionRow[];
    const resolved = this.db
      .prepare("SELECT * FROM suggestions WHERE document_id = ? AND status IN ('accepted', 'rejected') ORDER BY resolved_at DESC LIMIT ?")
      .all(documentId, RESOLVED_SUGGESTIONS_LISTED) as SuggestionRow[];
    return [...pending, ...resolved].map(toSuggestion);
  }

  /** Moves pending and rejected suggestions with a change of the head text. */
  remap(documentId: string, change: TextChange): void {
    const following = this.db.prepare("SELECT id, start, end FROM suggestions WHERE document_id = ? AND status IN ('pending', 'rejected')").all(documentId) as {
      id: number;
      start: number;
      end: number;
    }[];
    const move = this.db.prepare('UPDATE suggestions SET start = ?, end = ? WHERE id = ?');
    const stale = this.db.prepare("UPDATE suggestions SET status = 'stale', resolved_at = ? WHERE id = ?");
    const at = new Date().toISOString();
    for (const s of following) {
      const moved = mapSpan(s, change);
      if (moved === undefined) stale.run(at, s.id);
      else if (moved.start !== s.start) move.run(moved.start, moved.end, s.id);
    }
  }

  private pending(documentId: string, suggestionId: number): SuggestionRow {
    const row = this.db.prepare('SELECT * FROM suggestions WHERE id = ? AND document_id = ?').get(suggestionId, documentId) as SuggestionRow | undefined;
    if (row === undefined) throw new AppError('not-found', 'That suggestion no longer exists.');
    if (row.status !== 'pending')
      throw new AppError('conflict', `That suggestion was already ${row.status === 'stale' ? 'overtaken by a later edit' : row.status}.`);
    return row;
  }

  private resolve(ids: readonly number[], status: 'accepted' | 'rejected'): void {
    const update = this.db.prepare('UPDATE suggestions SET status = ?, resolved_at = ? WHERE id = ?');
    const at = new Date().toISOString();
    for (const id of ids) update.run(status, at, id);
  }

  /** Applies one suggestion (or the clerk's edited replacement) as a new version. */
  accept(reviews: ReviewStore, documentId: string, suggestionId: number, replacement?: string): void {
    this.db.transaction(() => {
      const row = this.pending(documentId, suggestionId);
      const document = reviews.get(documentId);
      if (document.text.slice(row.start, row.end) !== row.before)
        throw new AppError('conflict', 'The text under this suggestion changed; generate suggestions again.');
      const after = replacement ?? row.after;
      const text = applyReplacements(document.text, [{ start: row.start, end: row.end, after }]);
      this.resolve([row.id], 'accepted');
      const edited = replacement !== undefined && replacement !== row.after;
      // Descriptions never quote the text: they end up in the export report.
      const what = edited ? `Edited a ${row.source} suggestion` : `Accepted a ${row.source} suggestion`;
      const version = reviews.edit(
        documentId,
        document.versionId,
        text,
        edited ? 'manual' : row.source,
        `${what} (${row.end - row.start} characters replaced)`,
        row.model_json === null ? null : JSON.parse(row.model_json),
      );
      this.acceptedIn([row.id], version.versionId);
    })();
  }

  /** Notes the version that accepting these suggestions made (undo and redo follow it). */
  private acceptedIn(ids: readonly number[], versionId: number): void {
    const update = this.db.prepare('UPDATE suggestions SET accepted_version_id = ? WHERE id = ?');
    for (const id of ids) update.run(versionId, id);
  }

  /**
   * Undoes the head version of a document, and gives back the suggestions that version
   * accepted: they wait again, where they were, since the text is again what they were made
   * for (checked word for word: a version that also holds typing may not be). Before, an
   * undone accept left its suggestion accepted, and the clerk had to make suggestions again
   * to get it back. An undone restore accepts again the suggestions it gave back (the text
   * applies them again). One transaction with the undo.
   */
  undo(reviews: ReviewStore, documentId: string): ReviewDocument {
    return this.db.transaction(() => {
      const undone = reviews.get(documentId).versionId;
      // Before the head moves, so that moving the pending suggestions leaves their places alone (redo needs them).
      this.db
        .prepare("UPDATE suggestions SET status = 'accepted', resolved_at = ? WHERE document_id = ? AND reopened_in_version_id = ? AND status <> 'accepted'")
        .run(new Date().toISOString(), documentId, undone);
      const document = reviews.undo(documentId);
      const rows = this.db
        .prepare("SELECT * FROM suggestions WHERE document_id = ? AND accepted_version_id = ? AND status = 'accepted'")
        .all(documentId, undone) as SuggestionRow[];
      const wait = this.db.prepare("UPDATE suggestions SET status = 'pending', resolved_at = NULL WHERE id = ?");
      for (const row of rows) if (document.text.slice(row.start, row.end) === row.before) wait.run(row.id);
      return document;
    })();
  }

  /**
   * Redoes the version undo left, and accepts again the suggestions it accepted (whatever
   * the clerk did with them meanwhile: the text applies them again). A redone restore gives
   * back again the suggestions it gave back, where the text still holds their words. One
   * transaction.
   */
  redo(reviews: ReviewStore, documentId: string): ReviewDocument {
    return this.db.transaction(() => {
      const document = reviews.redo(documentId);
      this.db
        .prepare("UPDATE suggestions SET status = 'accepted', resolved_at = ? WHERE document_id = ? AND accepted_version_id = ? AND status <> 'accepted'")
        .run(new Date().toISOString(), documentId, document.versionId);
      const given = this.db
        .prepare("SELECT * FROM suggestions WHERE document_id = ? AND reopened_in_version_id = ? AND status = 'accepted' ORDER BY start")
        .all(documentId, document.versionId) as SuggestionRow[];
      this.wait(
        documentId,
        document,
        given.map((row) => ({ row, span: row })),
      );
      return document;
    })();
  }

  /**
   * Makes a new head version with the text of an earlier one, and gives back the suggestions
   * accepted since: those accepted by a version the restored one does not come from. Each
   * waits again where the restored text holds its words, moved there from the text it was
   * accepted on. Before, they stayed "accepted" though the text no longer held their change,
   * and the clerk had to make suggestions again. One transaction with the restore.
   */
  restore(reviews: ReviewStore, documentId: string, versionId: number): ReviewDocument {
    return this.db.transaction(() => {
      const document = reviews.restore(documentId, versionId);
      const lineage = this.db
        .prepare(
          'WITH RECURSIVE up(id, parent_id) AS (SELECT id, parent_id FROM versions WHERE id = ? UNION ALL SELECT v.id, v.parent_id FROM versions v JOIN up ON v.id = up.parent_id) SELECT id FROM up',
        )
        .pluck()
        .all(versionId) as number[];
      const restoredFrom = new Set(lineage);
      const rows = this.db
        .prepare(
          "SELECT s.*, base.text AS base_text FROM suggestions s JOIN versions accepted ON accepted.id = s.accepted_version_id JOIN versions base ON base.id = accepted.parent_id WHERE s.document_id = ? AND s.status = 'accepted' ORDER BY s.accepted_version_id, s.start",
        )
        .all(documentId) as (SuggestionRow & { base_text: string })[];
      const given: { row: SuggestionRow; span: { start: number; end: number } }[] = [];
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
      this.wait(documentId, document, given, document.versionId);
      return document;
    })();
  }

  /**
   * Makes suggestions wait again at the given places of the head text, where it holds their
   * words and no pending suggestion (nor one given back before it) lies: pending suggestions
   * never overlap. Returns how many wait again.
   */
  private wait(
    documentId: string,
    document: ReviewDocument,
    given: readonly { row: SuggestionRow; span: { start: number; end: number } }[],
    reopenedIn?: number,
  ): number {
    const taken = (
      this.db.prepare("SELECT start, end FROM suggestions WHERE document_id = ? AND status = 'pending'").all(documentId) as {
        start: number;
        end: number;
      }[]
    ).sort((a, b) => a.start - b.start);
    const update = this.db.prepare(
      "UPDATE suggestions SET status = 'pending', resolved_at = NULL, start = ?, end = ?, reopened_in_version_id = coalesce(?, reopened_in_version_id) WHERE id = ?",
    );
    let waiting = 0;
    for (const { row, span } of given) {
      if (document.text.slice(span.start, span.end) !== row.before) continue;
      // The first taken span ending after this one starts: it overlaps when it starts before this one ends.
      let lo = 0;
      let hi = taken.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (taken[mid]!.end <= span.start) lo = mid + 1;
        else hi = mid;
      }
      if (lo < taken.length && taken[lo]!.start < span.end) continue;
      taken.splice(lo, 0, span);
      update.run(span.start, span.end, reopenedIn ?? null, row.id);
      waiting++;
    }
    return waiting;
  }

  /**
   * Makes the rejected suggestions wait again, the latest rejected first, where the text
   * still holds their words and no pending one lies. Returns how many came back.
   */
  reopenRejected(reviews: ReviewStore, documentId: string): number {
    return this.db.transaction(() => {
      const rows = this.db
        .prepare("SELECT * FROM suggestions WHERE document_id = ? AND status = 'rejected' ORDER BY resolved_at DESC, id DESC")
        .all(documentId) as SuggestionRow[];
      return this.wait(
        documentId,
        reviews.get(documentId),
        rows.map((row) => ({ row, span: row })),
      );
    })();
  }

  reject(documentId: string, suggestionId: number): void {
    this.pending(documentId, suggestionId);
    this.resolve([suggestionId], 'rejected');
  }

  /** Applies every pending suggestion that overlaps no earlier one, as one version. */
  acceptAll(reviews: ReviewStore, documentId: string): number {
    let applied = 0;
    this.db.transaction(() => {
      const document = reviews.get(documentId);
      const rows = this.db
        .prepare("SELECT * FROM suggestions WHERE document_id = ? AND status = 'pending' ORDER BY start, end")
        .all(documentId) as SuggestionRow[];
      const chosen: SuggestionRow[] = [];
      let reach = -1;
      for (const r of rows) {
        if (r.start < reach || document.text.slice(r.start, r.end) !== r.before) continue;
        chosen.push(r);
        reach = r.end;
      }
      if (chosen.length === 0) return;
      const text = applyReplacements(document.text, chosen);
      this.resolve(
        chosen.map((c) => c.id),
        'accepted',
      );
      const source = chosen.every((c) => c.source === 'placeholder') ? 'placeholder' : 'model';
      const models = chosen.filter((c) => c.model_json !== null).map((c) => JSON.parse(c.model_json!));
      const version = reviews.edit(
        documentId,
        document.versionId,
        text,
        source,
        `Accepted ${chosen.length} suggestion${chosen.length === 1 ? '' : 's'}`,
        models.length > 0 ? models[0] : null,
      );
      this.acceptedIn(
        chosen.map((c) => c.id),
        version.versionId,
      );
      applied = chosen.length;
    })();
    return applied;
  }
}
