/**
 * Undo and Redo of the review screen (the buttons, Ctrl+Z and Ctrl+Shift+Z): the latest
 * action made in this window that changes no text (a rejection, a keep, a withdrawal...), while
 * it was made on the head version (action-undo.ts says why), else the workspace's version
 * history.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReviewDocument } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import {
  branched,
  describeAction,
  forgotten,
  madeAgain,
  redoable,
  replayAction,
  takenBack,
  undoable,
  updateActions,
  useActionHistory,
  type ReviewAction,
} from './action-undo.js';

export interface UndoRedo {
  readonly undo: () => void;
  readonly redo: () => void;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** What the buttons say they would do (the version's description, or the action), with their keys. */
  readonly undoTitle: string;
  readonly redoTitle: string;
  /**
   * What the last Undo or Redo did ("Undone: rejecting a suggestion"), for a few seconds: the
   * status line says it, and a screen reader reads it, since what changed may lie off screen.
   */
  readonly done: string | null;
}

/** How long the status line says what Undo or Redo did. */
const DONE_SHOWN_MS = 6000;

/** `run` performs an action that answers with the document (the workspace's mutation, which shows it). */
export function useUndoRedo(document: ReviewDocument, run: (action: () => Promise<ReviewDocument>) => void): UndoRedo {
  const history = useActionHistory(document.id);
  const back = undoable(history, document.versionId);
  const again = redoable(history, document.versionId);
  // The head that the last undo or redo of a version led to: any other new head is a new
  // version (typing, an accept, placeholders, a restore), after which nothing taken back is made again.
  const movedTo = useRef(document.versionId);
  useEffect(() => {
    if (document.versionId !== movedTo.current) updateActions(document.id, branched);
    movedTo.current = document.versionId;
  }, [document.id, document.versionId]);

  const [done, setDone] = useState<{ text: string } | null>(null);
  useEffect(() => {
    if (done === null) return;
    const timer = setTimeout(() => setDone(null), DONE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const documentId = document.id;
  // One undo or redo at a time: a key held down, or pressed again before the answer is on
  // screen, would act on what the screen showed before the first (the same action twice, and
  // an error). Free again once the answer is drawn (a new document, or a new history), or
  // at once when the workspace refused it.
  const busy = useRef(false);
  useEffect(() => {
    busy.current = false;
  }, [document, history]);
  const once = (action: () => Promise<ReviewDocument>) => {
    if (busy.current) return;
    busy.current = true;
    run(() =>
      action().catch((refused: unknown) => {
        busy.current = false;
        throw refused;
      }),
    );
  };
  const moveHead = (channel: 'documents:undo' | 'documents:redo') => {
    const undo = channel === 'documents:undo';
    const what = undo ? document.undoes : document.redoes;
    once(async () => {
      const moved = await call(channel, { documentId });
      movedTo.current = moved.versionId;
      if (what !== null) setDone({ text: `${undo ? 'Undone' : 'Redone'}: “${what}”` });
      return moved;
    });
  };
  /** Takes `action` back (`undo`) or makes it again, then records that it did. */
  const perform = (action: ReviewAction, undo: boolean) =>
    once(async () => {
      try {
        await replayAction(call, documentId, action, undo);
      } catch (refused) {
        // The error is shown; the next Undo or Redo goes on past this action.
        updateActions(documentId, (h) => forgotten(h, action));
        throw refused;
      }
      updateActions(documentId, (h) => (undo ? takenBack(h, action) : madeAgain(h, action)));
      setDone({ text: `${undo ? 'Undone' : 'Redone'}: ${describeAction(action)}` });
      return call('documents:get', { documentId });
    });
  return {
    // With nothing to take back, Ctrl+Z does nothing (it showed "There is nothing to undo." as an error).
    undo: () => (back !== undefined ? perform(back, true) : document.canUndo ? moveHead('documents:undo') : undefined),
    redo: () => (again !== undefined ? perform(again, false) : document.canRedo ? moveHead('documents:redo') : undefined),
    canUndo: back !== undefined || document.canUndo,
    canRedo: again !== undefined || document.canRedo,
    undoTitle: `${back !== undefined ? `Undo ${describeAction(back)}` : document.undoes !== null ? `Undo “${document.undoes}”` : 'Nothing to undo'} (Ctrl+Z)`,
    redoTitle: `${again !== undefined ? `Redo ${describeAction(again)}` : document.redoes !== null ? `Redo “${document.redoes}”` : 'Nothing to redo'} (Ctrl+Shift+Z)`,
    done: done?.text ?? null,
  };
}
