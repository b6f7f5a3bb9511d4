/**
 * The clerk's decisions on findings: keep a flagged phrase (with a reason that goes into
 * the review log), withdraw that, and the record of every accepted change.
 */
import { AppError } from '../../../shared/errors.js';
import type { ReviewAction } from '../../workspace/action-store.js';
import type { AppServices, Handlers } from '../app-services.js';
import { makeAction } from '../review-history.js';

type DecisionHandlers = Pick<Handlers, 'decisions:list' | 'decisions:keep' | 'decisions:unkeep' | 'decisions:keep-again' | 'decisions:changes'>;

export function decisionHandlers(services: AppServices): DecisionHandlers {
  // A keep or a withdrawal is an action Undo takes back (review-history.ts).
  const decide = <T>(documentId: string, make: () => readonly [T, ReviewAction]): T => {
    const result = makeAction(services, documentId, make);
    services.emit({ type: 'changed', domains: ['documents', 'decisions'], documentId });
    return result;
  };
  return {
    'decisions:list': async ({ documentId }) => {
      services.reviews.get(documentId);
      return services.decisions.decisions(documentId);
    },
    'decisions:keep': async ({ documentId, start, end, kind, reason }) => {
      const { text } = services.reviews.get(documentId);
      if (end <= start || end > text.length) throw new AppError('invalid-input', 'The phrase to keep lies outside the text.');
      return decide(documentId, () => {
        const decision = services.decisions.keep(documentId, { start, end, phrase: text.slice(start, end), kind, reason });
        return [decision, { kind: 'keep', decisionId: decision.id, phrase: decision.phrase }];
      });
    },
    'decisions:unkeep': async ({ documentId, decisionId }) => {
      return decide(documentId, () => {
        const withdrawn = services.decisions.decisions(documentId).find((d) => d.id === decisionId);
        services.decisions.unkeep(documentId, decisionId);
        return [null, { kind: 'withdrawal', decisionId, phrase: withdrawn?.phrase ?? '' }];
      });
    },
    'decisions:keep-again': async ({ documentId, decisionId }) => {
      return decide(documentId, () => {
        const decision = services.decisions.keepAgain(documentId, decisionId, services.reviews.get(documentId).text);
        return [decision, { kind: 'keep', decisionId, phrase: decision.phrase }];
      });
    },
    'decisions:changes': async ({ documentId }) =>
      services.decisions.changes(
        documentId,
        services.reviews.history(documentId).map((h) => h.versionId),
      ),
  };
}
