/**
 * The clerk's decisions on findings: keep a flagged phrase (with a reason that goes into
 * the review log), withdraw that, and the record of every accepted change.
 */
import { AppError } from '../../../shared/errors.js';
import type { AppServices, Handlers } from '../app-services.js';

type DecisionHandlers = Pick<Handlers, 'decisions:list' | 'decisions:keep' | 'decisions:unkeep' | 'decisions:keep-again' | 'decisions:changes'>;

export function decisionHandlers(services: AppServices): DecisionHandlers {
  // A keep or a withdrawal ends the typing version, as any change of another kind does
  // (ReviewStore.endTyping). Unless the window's Undo or Redo replays it, it is a new action,
  // and ends the workspace's redo too (ReviewStore.endRedo).
  const changed = (documentId: string, replay: boolean): void => {
    services.reviews.endTyping(documentId);
    const redoEnded = !replay && services.reviews.endRedo(documentId);
    services.emit({ type: 'changed', domains: redoEnded ? ['documents', 'decisions'] : ['decisions'], documentId });
  };
  return {
    'decisions:list': async ({ documentId }) => {
      services.reviews.get(documentId);
      return services.decisions.decisions(documentId);
    },
    'decisions:keep': async ({ documentId, start, end, kind, reason }) => {
      const { text } = services.reviews.get(documentId);
      if (end <= start || end > text.length) throw new AppError('invalid-input', 'The phrase to keep lies outside the text.');
      const decision = services.decisions.keep(documentId, { start, end, phrase: text.slice(start, end), kind, reason });
      changed(documentId, false);
      return decision;
    },
    'decisions:unkeep': async ({ documentId, decisionId, replay }) => {
      services.decisions.unkeep(documentId, decisionId);
      changed(documentId, replay === true);
      return null;
    },
    'decisions:keep-again': async ({ documentId, decisionId, replay }) => {
      const decision = services.decisions.keepAgain(documentId, decisionId, services.reviews.get(documentId).text);
      changed(documentId, replay === true);
      return decision;
    },
    'decisions:changes': async ({ documentId }) =>
      services.decisions.changes(
        documentId,
        services.reviews.history(documentId).map((h) => h.versionId),
      ),
  };
}
