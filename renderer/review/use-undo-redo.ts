/**
 * Undo and Redo of the review screen (the buttons, Ctrl+Z and Ctrl+Shift+Z): the latest
 * rejection made in this window while it was made on the head version (rejection-undo.ts
 * says why), else the workspace's version history.
 */
import { useEffect, useRef } from 'react';
import type { ReviewDocument } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { branched, madeAgain, redoable, takenBack, undoable, updateRejections, useRejectionHistory, type Rejection } from './rejection-undo.js';

export interface UndoRedo {
  readonly undo: () => void;
  readonly redo: () => void;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** What the buttons say they do, with their keys. */
  readonly undoTitle: string;
  readonly redoTitle: string;
}

/** `run` performs an action that answers with the document (the workspace's mutation, which shows it). */
export function useUndoRedo(document: ReviewDocument, run: (action: () => Promise<ReviewDocument>) => void): UndoRedo {
  const history = useRejectionHistory(document.id);
  const rejectionBack = undoable(history, document.versionId);
  const rejectionAgain = redoable(history, document.versionId);
  // The head that the last undo or redo of a version led to: any other new head is a new
  // version (typing, an accept, placeholders, a restore), after which nothing taken back is redone.
  const movedTo = useRef(document.versionId);
  useEffect(() => {
    if (document.versionId !== movedTo.current) updateRejections(document.id, branched);
    movedTo.current = document.versionId;
  }, [document.id, document.versionId]);

  const documentId = document.id;
  const moveHead = (channel: 'documents:undo' | 'documents:redo') =>
    run(async () => {
      const moved = await call(channel, { documentId });
      movedTo.current = moved.versionId;
      return moved;
    });
  const undo = () => {
    if (rejectionBack === undefined) moveHead('documents:undo');
    else
      run(async () => {
        await call('suggestions:reopen-rejected', { documentId, suggestionIds: [...rejectionBack.ids] });
        updateRejections(documentId, (h) => takenBack(h, rejectionBack));
        return call('documents:get', { documentId });
      });
  };
  const redo = () => {
    if (rejectionAgain === undefined) moveHead('documents:redo');
    else
      run(async () => {
        await call('suggestions:reject-all', { documentId, suggestionIds: [...rejectionAgain.ids] });
        updateRejections(documentId, (h) => madeAgain(h, rejectionAgain));
        return call('documents:get', { documentId });
      });
  };
  return {
    undo,
    redo,
    canUndo: rejectionBack !== undefined || document.canUndo,
    canRedo: rejectionAgain !== undefined || document.canRedo,
    undoTitle: rejectionBack === undefined ? 'Ctrl+Z' : `Undo ${rejecting(rejectionBack)} (Ctrl+Z)`,
    redoTitle: rejectionAgain === undefined ? 'Ctrl+Shift+Z' : `Redo ${rejecting(rejectionAgain)} (Ctrl+Shift+Z)`,
  };
}

function rejecting(rejection: Rejection): string {
  const count = rejection.ids.length;
  return `rejecting ${count === 1 ? 'a suggestion' : `${count.toLocaleString()} suggestions`}`;
}
