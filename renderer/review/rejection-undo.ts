/**
 * Undo and Redo of rejections, in this window.
 *
 * Why: a rejection changes no text, so it makes no version, and the workspace's Undo walks
 * versions. Before, Ctrl+Z just after rejecting a card undid the text change before it,
 * and the card stayed rejected; every editor the clerk knows takes back the last action.
 * So the window remembers, per document, the rejections made here, each with the version
 * that was the head then. Undo takes back the latest one while the head is that version,
 * else it undoes the version (DocumentWorkspace.tsx); the order is the order of the
 * actions, since a version made after a rejection is undone before it. Redo works the
 * same way round. A new version that is no undo or redo (typing, an accept, placeholders,
 * a restore) ends what can be redone, as it ends the workspace's redo.
 *
 * Kept in memory only: after a reload, "Bring back the rejected" still brings every
 * rejected suggestion back.
 */
import { useSyncExternalStore } from 'react';

/** Suggestions rejected by one action (a card's Reject, or Reject all), on the head version then. */
export interface Rejection {
  readonly ids: readonly number[];
  readonly versionId: number;
}

/** The rejections of one document that can be taken back, and those taken back that can be redone; the latest last. */
export interface RejectionHistory {
  readonly undo: readonly Rejection[];
  readonly redo: readonly Rejection[];
}

/** Rejections remembered per document: more than any clerk takes back one by one. */
export const REJECTIONS_KEPT = 100;

const EMPTY: RejectionHistory = { undo: [], redo: [] };

/** A rejection just made: it can be taken back, and nothing taken back before can be redone. */
export function recordRejection(history: RejectionHistory, rejection: Rejection): RejectionHistory {
  if (rejection.ids.length === 0) return history;
  return { undo: [...history.undo, rejection].slice(-REJECTIONS_KEPT), redo: [] };
}

/** The rejection Undo takes back now: the latest, if it was made on the head version. */
export function undoable(history: RejectionHistory, headVersionId: number): Rejection | undefined {
  const last = history.undo.at(-1);
  return last?.versionId === headVersionId ? last : undefined;
}

/** The rejection Redo makes again now: the latest taken back, if the head is its version. */
export function redoable(history: RejectionHistory, headVersionId: number): Rejection | undefined {
  const last = history.redo.at(-1);
  return last?.versionId === headVersionId ? last : undefined;
}

/** `rejection` (the latest that can be taken back) was taken back. */
export function takenBack(history: RejectionHistory, rejection: Rejection): RejectionHistory {
  if (history.undo.at(-1) !== rejection) return history;
  return { undo: history.undo.slice(0, -1), redo: [...history.redo, rejection] };
}

/** `rejection` (the latest taken back) was made again. */
export function madeAgain(history: RejectionHistory, rejection: Rejection): RejectionHistory {
  if (history.redo.at(-1) !== rejection) return history;
  return { undo: [...history.undo, rejection], redo: history.redo.slice(0, -1) };
}

/** A version was made that is no undo or redo: what was taken back can no longer be redone. */
export function branched(history: RejectionHistory): RejectionHistory {
  return history.redo.length === 0 ? history : { ...history, redo: [] };
}

// The window's histories, by document id.
const histories = new Map<string, RejectionHistory>();
const listeners = new Set<() => void>();

export function rejectionHistory(documentId: string): RejectionHistory {
  return histories.get(documentId) ?? EMPTY;
}

/** Changes one document's history by `change` (one of the functions above). */
export function updateRejections(documentId: string, change: (history: RejectionHistory) => RejectionHistory): void {
  const before = rejectionHistory(documentId);
  const after = change(before);
  if (after === before) return;
  histories.set(documentId, after);
  listeners.forEach((listener) => listener());
}

/** One document's history, drawn again when it changes. */
export function useRejectionHistory(documentId: string): RejectionHistory {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => rejectionHistory(documentId),
  );
}
