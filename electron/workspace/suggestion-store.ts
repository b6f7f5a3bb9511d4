/**
 * Proposed replacements awaiting the clerk. Offsets always refer to the current head
 * text: when the head changes, pending and rejected suggestions move with the change (a
 * rejected one can be brought back), and those the change overlapped become stale (never
 * applied to text they no longer describe). A stale one overtaken that way comes back as it
 * was when undo or redo returns the head to the version whose text it was on.
 */
import type Database from 'better-sqlite3';
import { AppError } from '../../shared/errors.js';
import { firstPassing } from '../../shared/sorted-search.js';
import { RESOLVED_SUGGESTIONS_LISTED, type ReviewDocument, type Suggestion } from '../../shared/ipc/types.js';
import { applyReplacements, diffTexts, mapSpan, unmapSpan, type TextChange } from '../../shared/review/text-change.js';
import type { HeadMove, ReviewStore } from './review-store.js';

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
  overtaken_on_version_id: number | null;
  overtaken_status: 'pending' | 'rejected' | 'stale' | null;
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

/**
 * Set with status = 'accepted' when undo or redo makes the text apply a suggestion again:
 * what it was meanwhile (rejected by the clerk, or 'stale': superseded by a new pass), for
 * when the head goes back and it comes back as that (takeOver). SQLite reads `status` here
 * before the update.
 */
const REMEMBER_STATUS =
  "overtaken_on_version_id = NULL, overtaken_status = CASE status WHEN 'rejected' THEN 'rejected' WHEN 'stale' THEN coalesce(overtaken_status, 'stale') ELSE NULL END";

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
      return this.wait(
        documentId,
        reviews.get(documentId),
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

  /**
   * Moves pending and rejected suggestions with a change of the head text; those it overlaps
   * go stale, noted as overtaken on the version they were on. When the head returns to a
   * version (undo, redo), the suggestions overtaken there come back as they were, where the
   * text holds their words: before, typing over a suggestion and pressing Ctrl+Z lost it, and
   * an undo then redo lost the suggestions made on the undone text.
   */
  remap(documentId: string, change: TextChange, move: HeadMove): void {
    // mapSpan's rule, as two statements: those the change overlaps go stale, those after it
    // shift. (A statement per suggestion took most of an accept's time with 6,000 waiting.)
    if (change.start !== change.end || change.before !== change.after) {
      this.db
        .prepare(
          "UPDATE suggestions SET status = 'stale', resolved_at = ?, overtaken_on_version_id = ?, overtaken_status = status WHERE document_id = ? AND status IN ('pending', 'rejected') AND end > ? AND start < ?",
        )
        .run(new Date().toISOString(), move.from, documentId, change.start, change.end);
      const delta = change.after.length - change.before.length;
      if (delta !== 0)
        this.db
          .prepare("UPDATE suggestions SET start = start + ?, end = end + ? WHERE document_id = ? AND status IN ('pending', 'rejected') AND start >= ?")
          .run(delta, delta, documentId, change.end);
    }
    if (move.to === move.from) return;
    const overtaken = this.db
      .prepare("SELECT * FROM suggestions WHERE document_id = ? AND status = 'stale' AND overtaken_on_version_id = ? ORDER BY start")
      .all(documentId, move.to) as SuggestionRow[];
    this.takeOver(documentId, move.text, overtaken, { versionId: move.from, change });
  }

  /**
   * Makes suggestions that were on the text now at the head take their places again: each
   * back as it was (pending, rejected, or superseded by a new pass), where the text holds its
   * words. A pending suggestion of the version left that overlaps one coming back goes stale,
   * overtaken on that version where it lay in its text (`left.change` leads from that text to
   * the head's), so that going forward again brings it back in turn. Pending suggestions
   * never overlap.
   */
  private takeOver(documentId: string, text: string, rows: readonly SuggestionRow[], left: { versionId: number; change: TextChange }): void {
    const taken = (
      this.db.prepare("SELECT id, start, end FROM suggestions WHERE document_id = ? AND status = 'pending'").all(documentId) as {
        id: number;
        start: number;
        end: number;
      }[]
    ).sort((a, b) => a.start - b.start);
    const back = this.db.prepare('UPDATE suggestions SET status = ?, resolved_at = ?, overtaken_on_version_id = NULL, overtaken_status = NULL WHERE id = ?');
    const displace = this.db.prepare(
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

  /**
   * Undoes the head version of a document, and gives back the suggestions that version
   * accepted: they wait again, where they were, since the text is again what they were made
   * for (checked word for word: a version that also holds typing may not be). A suggestion
   * made on the undone text that overlaps one given back goes stale until redo. Before, an
   * undone accept left its suggestion accepted, and the clerk had to make suggestions again
   * to get it back. An undone restore accepts again the suggestions it gave back (the text
   * applies them again). One transaction with the undo.
   */
  undo(reviews: ReviewStore, documentId: string): ReviewDocument {
    return this.db.transaction(() => {
      const { versionId: undone, text: undoneText } = reviews.get(documentId);
      // Before the head moves, so that moving the pending suggestions leaves their places alone (redo needs them).
      this.db
        .prepare(
          `UPDATE suggestions SET status = 'accepted', resolved_at = ?, ${REMEMBER_STATUS} WHERE document_id = ? AND reopened_in_version_id = ? AND status <> 'accepted'`,
        )
        .run(new Date().toISOString(), documentId, undone);
      const document = reviews.undo(documentId);
      const rows = this.db
        .prepare("SELECT * FROM suggestions WHERE document_id = ? AND accepted_version_id = ? AND status = 'accepted' ORDER BY start")
        .all(documentId, undone) as SuggestionRow[];
      this.takeOver(documentId, document.text, rows, { versionId: undone, change: diffTexts(undoneText, document.text) });
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
      const { versionId: left, text: leftText } = reviews.get(documentId);
      // Before the head moves, so that they keep their places in the text they were accepted
      // on (moved with the redo, an undo could no longer find their words there).
      this.db
        .prepare(
          `UPDATE suggestions SET status = 'accepted', resolved_at = ?, ${REMEMBER_STATUS} WHERE document_id = ? AND accepted_version_id = ? AND status <> 'accepted'`,
        )
        .run(new Date().toISOString(), documentId, reviews.redoTarget(documentId) ?? -1);
      const document = reviews.redo(documentId);
      const given = this.db
        .prepare("SELECT * FROM suggestions WHERE document_id = ? AND reopened_in_version_id = ? AND status = 'accepted' ORDER BY start")
        .all(documentId, document.versionId) as SuggestionRow[];
      this.takeOver(documentId, document.text, given, { versionId: left, change: diffTexts(leftText, document.text) });
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
   * never overlap. Returns the ids of those that wait again.
   */
  private wait(
    documentId: string,
    document: ReviewDocument,
    given: readonly { row: SuggestionRow; span: { start: number; end: number } }[],
    reopenedIn?: number,
  ): number[] {
    const taken = (
      this.db.prepare("SELECT start, end FROM suggestions WHERE document_id = ? AND status = 'pending'").all(documentId) as {
        start: number;
        end: number;
      }[]
    ).sort((a, b) => a.start - b.start);
    const update = this.db.prepare(
      "UPDATE suggestions SET status = 'pending', resolved_at = NULL, start = ?, end = ?, reopened_in_version_id = coalesce(?, reopened_in_version_id), overtaken_on_version_id = NULL, overtaken_status = NULL WHERE id = ?",
    );
    const waiting: number[] = [];
    for (const { row, span } of given) {
      if (document.text.slice(span.start, span.end) !== row.before) continue;
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
      return this.wait(
        documentId,
        reviews.get(documentId),
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
