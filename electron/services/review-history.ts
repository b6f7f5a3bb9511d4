/**
 * Undo and Redo of the review (the buttons, Ctrl+Z and Ctrl+Shift+Z, in every window on the
 * document): the latest action that changed no text (a rejection, a keep, a pass of
 * suggestions...) while it was made on the head version, else the head version itself
 * (workspace/action-store.ts says why).
 */
import { AppError } from '../../shared/errors.js';
import type { ReviewDocument } from '../../shared/ipc/types.js';
import type { ReviewAction } from '../workspace/action-store.js';
import type { AppServices } from './app-services.js';

/**
 * Makes an action that changes no text (`make` does it, and answers with its result and the
 * action) and records it for Undo, in one transaction: a rejection the disk would not let be
 * recorded is not made either. It ends the typing version and what Redo would make again
 * (ReviewStore.recordAction).
 */
export function makeAction<T>(services: AppServices, documentId: string, make: () => readonly [T, ReviewAction]): T {
  return services.db.transaction(() => {
    const [result, action] = make();
    services.reviews.recordAction(documentId, action);
    return result;
  })();
}

/** Undo (`undo`) or Redo: what the document is then. */
export function stepHistory(services: AppServices, documentId: string, undo: boolean): ReviewDocument {
  const { reviews, suggestions } = services;
  const head = reviews.headVersionId(documentId);
  const stored = undo ? reviews.actions.toUndo(documentId, head) : reviews.actions.toRedo(documentId, head);
  // An undone accept gives its suggestions back, waiting where they were; redo accepts them again.
  if (stored === undefined) return undo ? suggestions.undo(reviews, documentId) : suggestions.redo(reviews, documentId);
  try {
    services.db.transaction(() => {
      replay(services, documentId, stored.action, undo);
      if (undo) reviews.actions.takenBack(stored.id);
      else reviews.actions.madeAgain(stored.id);
      reviews.endTyping(documentId);
    })();
  } catch (refused) {
    // Refused by the workspace (the kept phrase withdrawn meanwhile, say): the error is shown,
    // and the next Undo or Redo goes on past this action. A disk that refused the write (an
    // SQLite error, named at the IPC gate) leaves it to be tried again.
    if (refused instanceof AppError) reviews.actions.forget(stored.id);
    throw refused;
  }
  return reviews.get(documentId);
}

/**
 * Takes an action back (`undo`) or makes it again: rejecting and bringing back are each
 * other's undoing, and so are keeping and withdrawing; a pass is undone by swapping it for
 * the suggestions it superseded.
 */
function replay(services: AppServices, documentId: string, action: ReviewAction, undo: boolean): void {
  const { reviews, suggestions, decisions } = services;
  if (action.kind === 'pass') {
    const [bringBack, retire] = undo ? [action.superseded, action.proposed] : [action.proposed, action.superseded];
    suggestions.swapPasses(reviews, documentId, { bringBack, retire, overtaken: action.overtaken, undo });
  } else if (action.kind === 'rejection' || action.kind === 'reopening') {
    if ((action.kind === 'rejection') === undo) suggestions.reopenRejected(reviews, documentId, action.ids);
    else suggestions.rejectAll(documentId, action.ids);
  } else if ((action.kind === 'keep') !== undo) decisions.keepAgain(documentId, action.decisionId, reviews.get(documentId).text);
  else decisions.unkeep(documentId, action.decisionId);
}
