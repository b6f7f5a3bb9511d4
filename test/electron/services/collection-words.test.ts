/**
 * The app hands a suggestion source the collection's words (suggestions:generate), which the
 * model's rewrites are checked against for made-up words (rewriter/invented-words.ts). A
 * source stands in for the model here and asks as the rewriter does; the answers come from
 * the engine's worker on the real collection file.
 */
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../../electron/services/handlers/index.js';
import type { SuggestionRequest } from '../../../electron/rewriter/suggestion-source.js';
import { useAppWithCollection } from '../../helpers/app-services.js';
import { finished } from '../../helpers/finished-job.js';

const appWithCollection = useAppWithCollection('unlinkable-collection-words-');

describe("the collection's words for the model", () => {
  it('are answered by the engine for the collection the document is checked against', async () => {
    const { app, path } = await appWithCollection([
      { id: 'kandira', text: 'The applicant was held in an F-type prison in Kandira.' },
      { id: 'oslo', text: 'The court in Oslo dismissed the appeal.' },
    ]);
    const handlers = createHandlers(app);
    const document = await handlers['documents:open']({
      source: { kind: 'text', title: 'Judgment', text: 'The applicant lives in Bergen.' },
      collectionPath: path,
    });
    let answered: readonly boolean[] | undefined;
    app.suggestionSources.set('model', {
      id: 'model',
      propose: async (request: SuggestionRequest) => {
        answered = await request.collectionWords!(['dismissed', 'kandira', 'f-type', 'lovant', 'bergen']);
        return { proposals: [] };
      },
    });
    const job = await handlers['suggestions:generate']({ documentId: document.id, source: 'model', spans: null });
    expect((await finished(handlers, job.id)).state).toBe('done');
    // "bergen" is the document's, not the collection's: the rewriter knows the document's words itself.
    expect(answered).toEqual([true, true, true, false, false]);
  });
});
