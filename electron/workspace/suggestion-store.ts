/**
 * Proposed replacements awaiting the clerk. Offsets always refer to the current head
 * text: when the head changes, pending and rejected suggestions move with the change (a
 * rejected one can be brought back), and those the change overlapped become stale (never
 * applied to text they no longer describe). A stale one overtaken that way comes back as it
 * was when undo or redo returns the head to the version whose text it was on
 * (suggestion-versions.ts; how suggestions are put back into the text: suggestion-return.ts).
 */
import type Database from 'better-sqlite3';
import { AppError } from '../../shared/errors.js';
import { RESOLVED_SUGGESTIONS_LISTED, type ReviewDocument, type Suggestion } from '../../shared/ipc/types.js';
import { applyReplacements, type TextChange } from '../../shared/review/text-change.js';
import type { HeadMove, ReviewStore } from './review-store.js';
import { waitAgain } from './suggestion-return.js';
import { toSuggestion, type SuggestionRow } from './suggestion-rows.js';
import { redoWithSuggestions, remapSuggestions, restoreWithSuggestions, undoWithSuggestions } from './suggestion-versions.js';

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

/** A suggestion an edit overtook on version `versionId`: Undo of that edit brings it back. */
export interface OvertakenSuggestion {
  readonly suggestionId: number;
  readonly versionId: number;
}

/**
 * What a new pass of suggestions changed, so that Undo can swap it back (swapPasses):
 * the ids it added, the waiting ones it superseded, and (a pass over the whole text) the
 * overtaken ones it forgot.
 */
export interface PassIds {
  readonly proposed: number[];
  readonly superseded: number[];
  readonly overtaken: OvertakenSuggestion[];
}

export class SuggestionStore {
  constructor(private readonly db: Database.Database) {}

  /**
   * Adds new proposals. They replace every pending suggestion (a new pass over the whole
   * text) or, for a pass over selected spans, only the pending ones they overlap. Returns
   * the ids of those it superseded and of those it added: Undo of the pass swaps them back
   * (swapPasses).
   */
  replacePending(
    documentId: string,
    source: Suggestion['source'],
    pass: number,
    proposals: readonly Proposal[],
    replace: 'all' | 'overlapping' = 'all',
  ): PassIds {
    const at = new Date().toISOString();
    return this.db.transaction(() => {
      const superseded: number[] = [];
      let overtaken: OvertakenSuggestion[] = [];
      if (replace === 'all') {
        const rows = this.db
          .prepare("UPDATE suggestions SET status = 'stale', resolved_at = ? WHERE document_id = ? AND status = 'pending' RETURNING id")
          .all(at, documentId) as { id: number }[];
        superseded.push(...rows.map((row) => row.id));
        // A new pass over the whole text supersedes those an edit overtook, too: undo of the
        // edit brings none of them back (until Undo of this pass remembers them: swapPasses).
        overtaken = this.db
          .prepare(
            'SELECT id AS suggestionId, overtaken_on_version_id AS versionId FROM suggestions WHERE document_id = ? AND overtaken_on_version_id IS NOT NULL ORDER BY id',
          )
          .all(documentId) as OvertakenSuggestion[];
        this.db.prepare('UPDATE suggestions SET overtaken_on_version_id = NULL WHERE document_id = ? AND overtaken_on_version_id IS NOT NULL').run(documentId);
      } else {
        const stale = this.db.prepare(
          "UPDATE suggestions SET status = 'stale', resolved_at = ? WHERE document_id = ? AND status = 'pending' AND start < ? AND end > ? RETURNING id",
        );
        for (const p of proposals) superseded.push(...(stale.all(at, documentId, p.end, p.start) as { id: number }[]).map((row) => row.id));
      }
      const insert = this.db.prepare(
        "INSERT INTO suggestions (document_id, start, end, before, after, source, status, reasoning, fallback, pass, model_json, created_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?)",
      );
      const proposed = proposals.map((p) =>
        Number(
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
          ).lastInsertRowid,
        ),
      );
      return { superseded: superseded.sort((a, b) => a - b), proposed, overtaken };
    })();
  }

  /**
   * Undo (or Redo) of a pass: the waiting suggestions of `retire` are superseded again, and
   * the superseded ones of `bringBack` wait again where the text holds their words and no
   * pending one lies. Undo of a pass over the whole text (`undo`) also remembers again what
   * edits had overtaken before it (`overtaken`, which the pass forgot), so that Undo of those
   * edits brings them back as it would have; its Redo forgets them again. Returns the ids
   * that came back.
   */
  swapPasses(
    reviews: ReviewStore,
    documentId: string,
    pass: { bringBack: readonly number[]; retire: readonly number[]; overtaken?: readonly OvertakenSuggestion[]; undo?: boolean },
  ): number[] {
    const { bringBack, retire, overtaken = [], undo = false } = pass;
    return this.db.transaction(() => {
      this.db
        .prepare(
          "UPDATE suggestions SET status = 'stale', resolved_at = ? WHERE document_id = ? AND status = 'pending' AND id IN (SELECT value FROM json_each(?))",
        )
        .run(new Date().toISOString(), documentId, JSON.stringify(retire));
      const remember = this.db.prepare(
        "UPDATE suggestions SET overtaken_on_version_id = ? WHERE document_id = ? AND id = ? AND status = 'stale' AND overtaken_on_version_id IS NULL",
      );
      const forget = this.db.prepare('UPDATE suggestions SET overtaken_on_version_id = NULL WHERE document_id = ? AND id = ? AND overtaken_on_version_id = ?');
      for (const { suggestionId, versionId } of overtaken) {
        if (undo) remember.run(versionId, documentId, suggestionId);
        else forget.run(documentId, suggestionId, versionId);
      }
      const rows = this.db
        .prepare("SELECT * FROM suggestions WHERE document_id = ? AND status = 'stale' AND id IN (SELECT value FROM json_each(?)) ORDER BY start, id")
        .all(documentId, JSON.stringify(bringBack)) as SuggestionRow[];
      return waitAgain(
        this.db,
        documentId,
        reviews.get(documentId).text,
        rows.map((row) => ({ row, span: row })),
      ).sort((a, b) => a - b);
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

  /** Whether `change` of the head text goes over a pending or rejected suggestion, which remap would overtake. */
  goneOver(documentId: string, change: TextChange): boolean {
    return (
      this.db
        .prepare("SELECT 1 FROM suggestions WHERE document_id = ? AND status IN ('pending', 'rejected') AND end > ? AND start < ? LIMIT 1")
        .get(documentId, change.start, change.end) !== undefined
    );
  }

  /** Moves the suggestions with a change of the head text (remapSuggestions). */
  remap(documentId: string, change: TextChange, move: HeadMove): void {
    remapSuggestions(this.db, documentId, change, move);
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
      this.resolve([row.id], 'accepted');
      // Words kept as they are change nothing: no version, and nothing for undo to give back.
      // Not even as the earlier version that accepted it, an Accept all undone and then redone
      // (the review-history property test found it waiting again after that redo's undo).
      if (after === row.before) {
        this.db.prepare('UPDATE suggestions SET accepted_version_id = NULL WHERE id = ?').run(row.id);
        return;
      }
      const text = applyReplacements(document.text, [{ start: row.start, end: row.end, after }]);
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

  /** Undoes the head version and gives back what it accepted (undoWithSuggestions), in one transaction. */
  undo(reviews: ReviewStore, documentId: string): ReviewDocument {
    return this.db.transaction(() => undoWithSuggestions(this.db, reviews, documentId))();
  }

  /** Redoes the version undo left and accepts again what it accepted (redoWithSuggestions), in one transaction. */
  redo(reviews: ReviewStore, documentId: string): ReviewDocument {
    return this.db.transaction(() => redoWithSuggestions(this.db, reviews, documentId))();
  }

  /** Restores an earlier version's text and gives back what was accepted since (restoreWithSuggestions), in one transaction. */
  restore(reviews: ReviewStore, documentId: string, versionId: number): ReviewDocument {
    return this.db.transaction(() => restoreWithSuggestions(this.db, reviews, documentId, versionId))();
  }

  /**
   * Makes the rejected suggestions wait again, the latest rejected first, where the text
   * still holds their words and no pending one lies: all of them, or only those of `ids`
   * (Undo of a rejection). Returns the ids of those that came back.
   */
  reopenRejected(reviews: ReviewStore, documentId: string, ids?: readonly number[]): number[] {
    return this.db.transaction(() => {
      const rows = this.db
        .prepare(
          `SELECT * FROM suggestions WHERE document_id = ? AND status = 'rejected'${ids === undefined ? '' : ' AND id IN (SELECT value FROM json_each(?))'}
           ORDER BY resolved_at DESC, id DESC`,
        )
        .all(...(ids === undefined ? [documentId] : [documentId, JSON.stringify(ids)])) as SuggestionRow[];
      return waitAgain(
        this.db,
        documentId,
        reviews.get(documentId).text,
        rows.map((row) => ({ row, span: row })),
      ).sort((a, b) => a - b);
    })();
  }

  reject(documentId: string, suggestionId: number): void {
    this.pending(documentId, suggestionId);
    this.resolve([suggestionId], 'rejected');
  }

  /**
   * Rejects every pending suggestion, or only the pending ones of `ids` (Redo of a
   * rejection), in one statement, and returns the ids rejected. (One at a time, each its
   * own transaction, 5,017 took 1.6 s.)
   */
  rejectAll(documentId: string, ids?: readonly number[]): number[] {
    const rows = this.db
      .prepare(
        `UPDATE suggestions SET status = 'rejected', resolved_at = ? WHERE document_id = ? AND status = 'pending'${ids === undefined ? '' : ' AND id IN (SELECT value FROM json_each(?))'}
         RETURNING id`,
      )
      .all(new Date().toISOString(), documentId, ...(ids === undefined ? [] : [JSON.stringify(ids)])) as { id: number }[];
    return rows.map((row) => row.id).sort((a, b) => a - b);
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
      this.resolve(
        chosen.map((c) => c.id),
        'accepted',
      );
      applied = chosen.length;
      // Those that keep their words as they are change nothing (accept above).
      const changing = chosen.filter((c) => c.after !== c.before);
      if (changing.length === 0) return;
      const text = applyReplacements(document.text, changing);
      const source = changing.every((c) => c.source === 'placeholder') ? 'placeholder' : 'model';
      const models = changing.filter((c) => c.model_json !== null).map((c) => JSON.parse(c.model_json!));
      const version = reviews.edit(
        documentId,
        document.versionId,
        text,
        source,
        `Accepted ${changing.length} suggestion${changing.length === 1 ? '' : 's'}`,
        models.length > 0 ? models[0] : null,
      );
      // All of them, so that undoing the version gives back all that Accept all took.
      this.acceptedIn(
        chosen.map((c) => c.id),
        version.versionId,
      );
    })();
    return applied;
  }
}
