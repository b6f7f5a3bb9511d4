/**
 * Documents under review and their versions. Every accepted change is a version; the
 * head moves back on undo and forward on redo; restoring an old version makes a new one.
 * Typing extends the open manual version instead of making one per keystroke.
 */
import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../shared/errors.js';
import type { ChangeSource, ReviewDocument, ReviewDocumentSummary, ReviewSettings, VersionSummary } from '../../shared/ipc/types.js';
import { settingsSchema } from '../../shared/ipc/schemas.js';
import { diffTexts, type TextChange } from '../../shared/review/text-change.js';
import { z } from 'zod';
import { ActionStore, changesNothing, undoStep, type ReviewAction } from './action-store.js';

/** Typing within this long after the last manual edit extends the same version. */
const TYPING_WINDOW_MS = 60_000;

interface DocumentRow {
  id: string;
  title: string;
  origin: string;
  original_id: string | null;
  settings_json: string;
  head_version_id: number;
  redo_json: string;
  created_at: string;
  updated_at: string;
}

interface VersionRow {
  id: number;
  document_id: string;
  parent_id: number | null;
  text: string;
  source: ChangeSource;
  description: string;
  change_json: string | null;
  model_json: string | null;
  open: number;
  created_at: string;
}

/** A version in the history of a document, for the export report. */
export interface HistoryEntry {
  readonly versionId: number;
  readonly createdAt: string;
  readonly source: ChangeSource;
  readonly description: string;
  readonly change: TextChange | null;
  readonly model: unknown;
}

const redoSchema = z.array(z.number().int());
const changeSchema = z.object({ start: z.number().int().min(0), end: z.number().int().min(0), before: z.string(), after: z.string() });

/** A stored JSON column parsed with its schema; a damaged row is a clear error, never a wrong value. */
function parseStored<T>(schema: z.ZodType<T>, json: string, what: string): T {
  try {
    return schema.parse(JSON.parse(json));
  } catch {
    throw new AppError('index-corrupt', `The workspace's ${what} of this document is damaged; the rest of the document is unaffected.`);
  }
}

/**
 * How the head moved: from which version to which (the same one when typing extends the
 * head version), and the head text now. What the clerk had on the text of `from` and an
 * edit took away is noted as overtaken on `from`, and comes back when the head returns to
 * it (undo, redo): SuggestionStore.remap, DecisionStore.remap.
 */
export interface HeadMove {
  readonly from: number;
  readonly to: number;
  readonly text: string;
}

/** Called after the head text changed, with the change (to move pending suggestions) and the move. */
export type HeadChanged = (documentId: string, change: TextChange, move: HeadMove) => void;

/** Stored settings, parsed with the contract's schema (older rows get today's defaults); a damaged row is a clear error. */
function parseSettings(json: string): ReviewSettings {
  try {
    return settingsSchema.parse(JSON.parse(json));
  } catch {
    throw new AppError('index-corrupt', "This document's settings in the workspace are damaged. Set them again in the Settings tab.");
  }
}

function now(): string {
  return new Date().toISOString();
}

export class ReviewStore {
  /** The clerk's actions that change no text, which Undo and Redo take back in turn with the versions. */
  readonly actions: ActionStore;

  /**
   * @param goesOver whether a change of the head text goes over a suggestion or a kept phrase,
   *   which it would overtake (SuggestionStore.remap, DecisionStore.remap)
   */
  constructor(
    private readonly db: Database.Database,
    private readonly onHeadChanged: HeadChanged = () => {},
    private readonly goesOver: (documentId: string, change: TextChange) => boolean = () => false,
  ) {
    this.actions = new ActionStore(db);
  }

  create(input: { title: string; text: string; origin: string; originalId: string | null; settings: ReviewSettings }): ReviewDocument {
    const id = randomUUID();
    const at = now();
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO documents (id, title, origin, original_id, settings_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(id, input.title, input.origin, input.originalId, JSON.stringify(input.settings), at, at);
      const version = this.insertVersion(id, null, input.text, 'import', `Opened ${input.origin}`, null, null, false);
      this.db.prepare('UPDATE documents SET head_version_id = ? WHERE id = ?').run(version, id);
    })();
    return this.get(id);
  }

  private insertVersion(
    documentId: string,
    parentId: number | null,
    text: string,
    source: ChangeSource,
    description: string,
    change: TextChange | null,
    model: unknown,
    open: boolean,
  ): number {
    const info = this.db
      .prepare(
        'INSERT INTO versions (document_id, parent_id, text, source, description, change_json, model_json, open, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        documentId,
        parentId,
        text,
        source,
        description,
        change === null ? null : JSON.stringify(change),
        model === null ? null : JSON.stringify(model),
        open ? 1 : 0,
        now(),
      );
    return Number(info.lastInsertRowid);
  }

  private row(documentId: string): DocumentRow {
    const row = this.db.prepare('SELECT * FROM documents WHERE id = ?').get(documentId) as DocumentRow | undefined;
    if (row === undefined) throw new AppError('not-found', 'That document is no longer in the workspace.');
    return row;
  }

  private version(versionId: number): VersionRow {
    return this.db.prepare('SELECT * FROM versions WHERE id = ?').get(versionId) as VersionRow;
  }

  /** The head version's id, without reading its text (Undo asks it first, to find the action made on it). */
  headVersionId(documentId: string): number {
    return this.row(documentId).head_version_id;
  }

  get(documentId: string): ReviewDocument {
    const row = this.row(documentId);
    const head = this.version(row.head_version_id);
    const redoTarget = parseStored(redoSchema, row.redo_json, 'redo history').at(-1);
    const undoes = undoStep(this.actions.toUndo(documentId, head.id), head.parent_id === null ? null : head.description);
    const redoes = undoStep(this.actions.toRedo(documentId, head.id), redoTarget === undefined ? null : this.version(redoTarget).description);
    const { count, number } = this.db
      .prepare('SELECT COUNT(*) AS count, SUM(id <= ?) AS number FROM versions WHERE document_id = ?')
      .get(head.id, documentId) as { count: number; number: number };
    return {
      id: row.id,
      title: row.title,
      text: head.text,
      versionId: head.id,
      versionNumber: number,
      versionCount: count,
      canUndo: undoes !== null,
      canRedo: redoes !== null,
      undoes,
      redoes,
      settings: parseSettings(row.settings_json),
      originalId: row.original_id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  list(): ReviewDocumentSummary[] {
    const rows = this.db
      .prepare(
        // In the order they were opened: the list must not jump about as documents change.
        'SELECT d.id, d.title, d.updated_at, length(v.text) AS characters FROM documents d JOIN versions v ON v.id = d.head_version_id ORDER BY d.created_at, d.rowid',
      )
      .all() as { id: string; title: string; updated_at: string; characters: number }[];
    return rows.map((r) => ({ id: r.id, title: r.title, updatedAt: r.updated_at, characters: r.characters }));
  }

  /**
   * Saves `text` as the new head. `baseVersionId` must be the head the edit started
   * from, so that two windows never overwrite each other's work silently.
   */
  edit(documentId: string, baseVersionId: number, text: string, source: ChangeSource, description: string, model: unknown = null): ReviewDocument {
    this.db.transaction(() => {
      const row = this.row(documentId);
      if (row.head_version_id !== baseVersionId) {
        throw new AppError('conflict', 'The document changed since this edit began (in another window, or by undo). Reload it and make the edit again.');
      }
      const head = this.version(row.head_version_id);
      if (head.text === text) return;
      const change = diffTexts(head.text, text);
      // Typing that goes over a suggestion or a kept phrase starts a version of its own: what it
      // overtakes is noted on the version it leaves, whose text stays as it was, so Undo brings
      // it back. Extended, that version's text would change, and nothing would.
      const typing =
        source === 'manual' &&
        head.source === 'manual' &&
        head.open === 1 &&
        Date.now() - Date.parse(head.created_at) < TYPING_WINDOW_MS &&
        row.redo_json === '[]' &&
        !this.goesOver(documentId, change);
      let to = head.id;
      if (typing) {
        const parent = this.version(head.parent_id!);
        this.db
          .prepare('UPDATE versions SET text = ?, change_json = ?, description = ? WHERE id = ?')
          .run(text, JSON.stringify(diffTexts(parent.text, text)), description, head.id);
      } else {
        this.db.prepare('UPDATE versions SET open = 0 WHERE id = ?').run(head.id);
        to = this.insertVersion(documentId, head.id, text, source, description, change, model, source === 'manual');
        this.db.prepare('UPDATE documents SET head_version_id = ? WHERE id = ?').run(to, documentId);
      }
      this.db.prepare("UPDATE documents SET redo_json = '[]', updated_at = ? WHERE id = ?").run(now(), documentId);
      this.actions.endRedo(documentId);
      this.onHeadChanged(documentId, change, { from: head.id, to, text });
    })();
    return this.get(documentId);
  }

  /**
   * Ends the typing version at the head, so that typing after this goes into a version of its
   * own: called on the clerk's actions that change no text (a rejection, a keep, a
   * withdrawal), and on their Undo and Redo. Undo then takes back the typing after the action
   * before the action itself (action-store.ts), and never the typing before it with the typing after.
   */
  endTyping(documentId: string): void {
    this.db.prepare('UPDATE versions SET open = 0 WHERE id = (SELECT head_version_id FROM documents WHERE id = ?)').run(documentId);
  }

  /**
   * A new action of the clerk's that changes no text (a rejection, a keep, a pass of
   * suggestions...), made on the head: Undo can take it back, and it ends what Redo would
   * make again, as a new version does. It also ends the typing version (endTyping).
   */
  recordAction(documentId: string, action: ReviewAction): void {
    if (changesNothing(action)) return;
    this.db.transaction(() => {
      this.endTyping(documentId);
      this.db.prepare("UPDATE documents SET redo_json = '[]' WHERE id = ?").run(documentId);
      this.actions.record(documentId, this.row(documentId).head_version_id, action);
    })();
  }

  /** Moves the head back to its parent. */
  undo(documentId: string): ReviewDocument {
    this.db.transaction(() => {
      const row = this.row(documentId);
      const head = this.version(row.head_version_id);
      if (head.parent_id === null) throw new AppError('conflict', 'There is nothing to undo.');
      const parent = this.version(head.parent_id);
      const redo = [...parseStored(redoSchema, row.redo_json, 'redo history'), head.id];
      this.db.prepare('UPDATE versions SET open = 0 WHERE id = ?').run(head.id);
      this.db
        .prepare('UPDATE documents SET head_version_id = ?, redo_json = ?, updated_at = ? WHERE id = ?')
        .run(parent.id, JSON.stringify(redo), now(), documentId);
      this.onHeadChanged(documentId, diffTexts(head.text, parent.text), { from: head.id, to: parent.id, text: parent.text });
    })();
    return this.get(documentId);
  }

  /** The version redo would move the head to, if any. */
  redoTarget(documentId: string): number | undefined {
    return parseStored(redoSchema, this.row(documentId).redo_json, 'redo history').at(-1);
  }

  /** Moves the head forward to the version undo left. */
  redo(documentId: string): ReviewDocument {
    this.db.transaction(() => {
      const row = this.row(documentId);
      const redo = parseStored(redoSchema, row.redo_json, 'redo history');
      const next = redo.pop();
      if (next === undefined) throw new AppError('conflict', 'There is nothing to redo.');
      const head = this.version(row.head_version_id);
      const target = this.version(next);
      this.db
        .prepare('UPDATE documents SET head_version_id = ?, redo_json = ?, updated_at = ? WHERE id = ?')
        .run(next, JSON.stringify(redo), now(), documentId);
      this.onHeadChanged(documentId, diffTexts(head.text, target.text), { from: head.id, to: target.id, text: target.text });
    })();
    return this.get(documentId);
  }

  versions(documentId: string): VersionSummary[] {
    const head = this.row(documentId).head_version_id;
    const rows = this.db
      .prepare('SELECT id, created_at, source, description, length(text) AS characters FROM versions WHERE document_id = ? ORDER BY id DESC')
      .all(documentId) as { id: number; created_at: string; source: ChangeSource; description: string; characters: number }[];
    // Ids grow with time, so a version's number is its place in id order (newest first here).
    return rows.map((r, index) => ({
      id: r.id,
      number: rows.length - index,
      createdAt: r.created_at,
      source: r.source,
      description: r.description,
      characters: r.characters,
      isHead: r.id === head,
    }));
  }

  /** Makes a new head version with the text of an earlier one. */
  restore(documentId: string, versionId: number): ReviewDocument {
    const version = this.db.prepare('SELECT * FROM versions WHERE id = ? AND document_id = ?').get(versionId, documentId) as VersionRow | undefined;
    if (version === undefined) throw new AppError('not-found', 'That version does not exist.');
    const current = this.get(documentId);
    // By its number, as the Versions panel and the review log call it (the time it was made was
    // written here as an ISO string, in a panel that shows local times).
    const { number } = this.db.prepare('SELECT COUNT(*) AS number FROM versions WHERE document_id = ? AND id <= ?').get(documentId, versionId) as {
      number: number;
    };
    return this.edit(documentId, current.versionId, version.text, 'restore', `Restored version ${number}`);
  }

  setSettings(documentId: string, settings: ReviewSettings): ReviewDocument {
    this.row(documentId);
    this.db.prepare('UPDATE documents SET settings_json = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(settings), now(), documentId);
    return this.get(documentId);
  }

  /**
   * Removes a document with its versions, suggestions, decisions and change records (the
   * foreign keys cascade), and erases its text from the workspace's files: secure_delete
   * overwrites the freed pages, VACUUM drops any free page left from before, and the
   * checkpoint moves the write-ahead log into the database and empties it, so no earlier
   * page image of the text stays behind there. (This process holds the workspace's only
   * connection; a second app on the same workspace reading at that moment would delay the
   * emptying to the next checkpoint.) The record of its exports stays (folders, files,
   * reviewer; never text).
   */
  delete(documentId: string): void {
    this.row(documentId);
    this.db.prepare('DELETE FROM documents WHERE id = ?').run(documentId);
    // VACUUM rewrites the file without its free pages, which in a workspace made before
    // secure_delete was on may still hold text of earlier versions (typing rewrites its open one).
    this.db.exec('VACUUM');
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  /** The text as it was opened (the first version). */
  originalText(documentId: string): string {
    this.row(documentId);
    const row = this.db.prepare('SELECT text FROM versions WHERE document_id = ? ORDER BY id LIMIT 1').get(documentId) as { text: string };
    return row.text;
  }

  /** The text of one stored version (for its preview against the current text). */
  versionText(documentId: string, versionId: number): string {
    this.row(documentId);
    const row = this.db.prepare('SELECT text FROM versions WHERE document_id = ? AND id = ?').get(documentId, versionId) as { text: string } | undefined;
    if (row === undefined) throw new AppError('not-found', 'That version of the document was not found.');
    return row.text;
  }

  /** The chain of versions from the opened text to the head, oldest first. */
  history(documentId: string): HistoryEntry[] {
    const out: HistoryEntry[] = [];
    let id: number | null = this.row(documentId).head_version_id;
    while (id !== null) {
      const v = this.version(id);
      out.push({
        versionId: v.id,
        createdAt: v.created_at,
        source: v.source,
        description: v.description,
        change: v.change_json === null ? null : (parseStored(changeSchema, v.change_json, 'version history') as TextChange),
        model: v.model_json === null ? null : JSON.parse(v.model_json),
      });
      id = v.parent_id;
    }
    return out.reverse();
  }
}
