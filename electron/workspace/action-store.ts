/**
 * The clerk's actions that change no text, kept for Undo and Redo: rejecting suggestions
 * (one card, or Reject all) and bringing rejected ones back, a new pass of suggestions
 * (which supersedes the waiting ones: a model's pass costs minutes, and one click on
 * "Suggest placeholders" replaced it for good), keeping a flagged phrase or a planned word,
 * and withdrawing a kept one.
 *
 * Why: these make no version, and versions are what Undo walked. Ctrl+Z just after rejecting
 * a card undid the text change before it, and left the card rejected; every editor the clerk
 * knows takes back the last action. So each action is kept with the version that was the
 * head when it was made. Undo takes back the latest one while the head is that version, else
 * it undoes the version (services/review-history.ts); the order is the order of the actions,
 * since a version made after an action is undone before it. Redo works the same way round.
 * A new action, or a new version that is no undo or redo, ends what can be redone.
 *
 * Kept in the workspace, beside the versions, so that a reload or another window undoes
 * the same history (the window kept it in memory before, and a pass superseded before a
 * reload was lost).
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { UndoStep } from '../../shared/ipc/types.js';
import type { PassIds } from './suggestion-store.js';

/** One action; ids are suggestions' and decisions'. */
export type ReviewAction =
  | { readonly kind: 'rejection'; readonly ids: readonly number[] }
  | { readonly kind: 'reopening'; readonly ids: readonly number[] }
  /** A pass of suggestions (placeholders or the model's): what it added, superseded and forgot (PassIds). */
  | ({ readonly kind: 'pass' } & PassIds)
  | { readonly kind: 'keep' | 'withdrawal'; readonly decisionId: number; readonly phrase: string };

/** An action as kept: `versionId` was the head when it was made. */
export interface StoredAction {
  readonly id: number;
  readonly versionId: number;
  readonly action: ReviewAction;
}

/** Actions kept per document that can be taken back: more than any clerk takes back one by one. */
export const ACTIONS_KEPT = 100;

const ids = z.array(z.number().int());
const actionSchema: z.ZodType<ReviewAction> = z.union([
  z.object({ kind: z.literal('rejection'), ids }),
  z.object({ kind: z.literal('reopening'), ids }),
  z.object({
    kind: z.literal('pass'),
    proposed: ids,
    superseded: ids,
    overtaken: z.array(z.object({ suggestionId: z.number().int(), versionId: z.number().int() })),
  }),
  z.object({ kind: z.enum(['keep', 'withdrawal']), decisionId: z.number().int(), phrase: z.string() }),
]);

/** The document's next place in order, for the row updated (the latest of either side has the highest). */
const NEXT_SEQ = '(SELECT max(seq) + 1 FROM actions AS other WHERE other.document_id = actions.document_id)';

interface ActionRow {
  id: number;
  version_id: number;
  action_json: string;
}

export class ActionStore {
  constructor(private readonly db: Database.Database) {}

  /**
   * An action just made on the head version `versionId`: it can be taken back, and nothing
   * taken back before can be made again. One that changes nothing is no action.
   */
  record(documentId: string, versionId: number, action: ReviewAction): void {
    if (changesNothing(action)) return;
    this.db.transaction(() => {
      this.endRedo(documentId);
      this.db
        .prepare(
          'INSERT INTO actions (document_id, version_id, action_json, undone, seq, created_at) VALUES (?, ?, ?, 0, (SELECT coalesce(max(seq), 0) + 1 FROM actions WHERE document_id = ?), ?)',
        )
        .run(documentId, versionId, JSON.stringify(action), documentId, new Date().toISOString());
      this.db
        .prepare(
          'DELETE FROM actions WHERE document_id = ? AND undone = 0 AND id NOT IN (SELECT id FROM actions WHERE document_id = ? AND undone = 0 ORDER BY seq DESC LIMIT ?)',
        )
        .run(documentId, documentId, ACTIONS_KEPT);
    })();
  }

  /** The action Undo takes back now: the latest, if it was made on the head version. */
  toUndo(documentId: string, headVersionId: number): StoredAction | undefined {
    return this.latest(documentId, 0, headVersionId);
  }

  /** The action Redo makes again now: the latest taken back, if the head is its version. */
  toRedo(documentId: string, headVersionId: number): StoredAction | undefined {
    return this.latest(documentId, 1, headVersionId);
  }

  /** The action was taken back: it goes on top of what can be made again. */
  takenBack(actionId: number): void {
    this.db.prepare(`UPDATE actions SET undone = 1, seq = ${NEXT_SEQ} WHERE id = ?`).run(actionId);
  }

  /** The action was made again: it goes on top of what can be taken back. */
  madeAgain(actionId: number): void {
    this.db.prepare(`UPDATE actions SET undone = 0, seq = ${NEXT_SEQ} WHERE id = ?`).run(actionId);
  }

  /**
   * The action could not be taken back or made again: it is forgotten, so that the next Undo
   * or Redo goes on past it rather than fail again.
   */
  forget(actionId: number): void {
    this.db.prepare('DELETE FROM actions WHERE id = ?').run(actionId);
  }

  /** Nothing taken back can be made again (a new action, or a new version). Whether there was anything. */
  endRedo(documentId: string): boolean {
    return this.db.prepare('DELETE FROM actions WHERE document_id = ? AND undone = 1').run(documentId).changes > 0;
  }

  private latest(documentId: string, undone: 0 | 1, headVersionId: number): StoredAction | undefined {
    const row = this.db
      .prepare('SELECT id, version_id, action_json FROM actions WHERE document_id = ? AND undone = ? ORDER BY seq DESC LIMIT 1')
      .get(documentId, undone) as ActionRow | undefined;
    if (row === undefined || row.version_id !== headVersionId) return undefined;
    const parsed = actionSchema.safeParse(safeJson(row.action_json));
    if (parsed.success) return { id: row.id, versionId: row.version_id, action: parsed.data };
    // A damaged record of an action that changed no text: Undo goes on past it, rather than
    // refuse every Undo of the document. Where it cannot even be dropped (a full disk), Undo
    // goes to the versions, and the document still opens.
    try {
      this.forget(row.id);
    } catch {
      return undefined;
    }
    return this.latest(documentId, undone, headVersionId);
  }
}

/** A rejection of no suggestion, or a pass that added and superseded none: no action to take back. */
export function changesNothing(action: ReviewAction): boolean {
  if (action.kind === 'rejection' || action.kind === 'reopening') return action.ids.length === 0;
  return action.kind === 'pass' && action.proposed.length === 0 && action.superseded.length === 0;
}

function safeJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** What Undo or Redo says it does with an action: "rejecting 3 suggestions", "keeping “Oslo”". */
export function describeAction(action: ReviewAction): string {
  if (action.kind === 'rejection') return `rejecting ${suggestions(action.ids.length)}`;
  if (action.kind === 'pass') return `the new pass of ${suggestions(action.proposed.length)}`;
  if (action.kind === 'reopening') return `bringing back ${suggestions(action.ids.length, 'rejected ')}`;
  const phrase = action.phrase.length > 40 ? `${action.phrase.slice(0, 39)}…` : action.phrase;
  return `${action.kind === 'keep' ? 'keeping' : 'withdrawing'} “${phrase}”`;
}

/** "a suggestion", "3 suggestions", "a rejected suggestion". */
function suggestions(count: number, kind = ''): string {
  return count === 1 ? `a ${kind}suggestion` : `${count.toLocaleString('en')} ${kind}suggestions`;
}

/** What Undo or Redo would take back or make again: an action, or a version by its description. */
export function undoStep(action: StoredAction | undefined, versionDescription: string | null): UndoStep | null {
  if (action !== undefined) return { what: 'action', description: describeAction(action.action) };
  return versionDescription === null ? null : { what: 'version', description: versionDescription };
}
