/**
 * Undo and Redo of the review screen (the buttons, Ctrl+Z and Ctrl+Shift+Z): the workspace
 * takes back the latest action that changed no text (a rejection, a keep, a pass of
 * suggestions...) made on the head version, else the version (electron/services/review-history.ts).
 * This says what each would do, runs one at a time, and says what was done.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReviewDocument, UndoStep } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';

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

/** "rejecting 3 suggestions" for an action, "“Accepted a placeholder suggestion”" for a version. */
function named(step: UndoStep): string {
  return step.what === 'action' ? step.description : `“${step.description}”`;
}

/** `run` performs an action that answers with the document (the workspace's mutation, which shows it). */
export function useUndoRedo(document: ReviewDocument, run: (action: () => Promise<ReviewDocument>) => void): UndoRedo {
  const [done, setDone] = useState<{ text: string } | null>(null);
  useEffect(() => {
    if (done === null) return;
    const timer = setTimeout(() => setDone(null), DONE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const documentId = document.id;
  // One undo or redo at a time: a key held down, or pressed again before the answer is on
  // screen, would act on what the screen showed before the first (the same action twice, and
  // an error). Free again once the answer is drawn (a new document), or at once when the
  // workspace refused it.
  const busy = useRef(false);
  useEffect(() => {
    busy.current = false;
  }, [document]);
  const step = (undo: boolean) => {
    const what = undo ? document.undoes : document.redoes;
    // With nothing to take back, Ctrl+Z does nothing (it showed "There is nothing to undo." as an error).
    if (what === null || busy.current) return;
    busy.current = true;
    run(async () => {
      try {
        const moved = await call(undo ? 'documents:undo' : 'documents:redo', { documentId });
        setDone({ text: `${undo ? 'Undone' : 'Redone'}: ${named(what)}` });
        return moved;
      } catch (refused) {
        busy.current = false;
        throw refused;
      }
    });
  };
  return {
    undo: () => step(true),
    redo: () => step(false),
    canUndo: document.canUndo,
    canRedo: document.canRedo,
    undoTitle: `${document.undoes !== null ? `Undo ${named(document.undoes)}` : 'Nothing to undo'} (Ctrl+Z)`,
    redoTitle: `${document.redoes !== null ? `Redo ${named(document.redoes)}` : 'Nothing to redo'} (Ctrl+Shift+Z)`,
    done: done?.text ?? null,
  };
}
