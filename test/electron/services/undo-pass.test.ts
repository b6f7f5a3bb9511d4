/**
 * A new pass of suggestions supersedes the waiting ones, and Undo swaps it back
 * (services/review-history.ts): the pass is kept as an action with the ids it added and
 * superseded, and those a pass over the whole text forgot of what edits had overtaken. Real
 * workspace database, the handlers themselves; the pass made as suggestions:generate makes it
 * (new-pass, below), with proposals chosen here.
 */
import { describe, expect, it } from 'vitest';
import type { AppServices } from '../../../electron/services/app-services.js';
import type { Proposal } from '../../../electron/workspace/suggestion-store.js';
import { useAppWithCollection } from '../../helpers/app-services.js';
import { judgmentWithSuggestions, SUGGESTED_TEXT as text } from '../../helpers/judgment-with-suggestions.js';

const appWithCollection = useAppWithCollection('unlinkable-undo-pass-');

/** A new pass, kept for Undo, as the suggestions:generate job ends it. */
function newPass(app: AppServices, documentId: string, pass: number, proposals: Proposal[], replace: 'all' | 'overlapping' = 'all') {
  return app.db.transaction(() => {
    const ids = app.suggestions.replacePending(documentId, 'model', pass, proposals, replace);
    app.reviews.recordAction(documentId, { kind: 'pass', ...ids });
    return ids;
  })();
}

describe('undoing a pass of suggestions', () => {
  it('brings back what the pass superseded, and supersedes what it added; redo swaps them again', async () => {
    const { app, handlers, document } = await judgmentWithSuggestions(appWithCollection);
    const documentId = document.id;
    const waiting = async () =>
      (await handlers['suggestions:list']({ documentId })).filter((s) => s.status === 'pending').map((s) => [s.before, s.after] as const);
    const first = (await handlers['suggestions:list']({ documentId })).map((s) => s.id).sort((a, b) => a - b);

    // A second pass over the whole text: "Oslo" and "Statoil" only, rewritten otherwise.
    const at = (word: string, after: string) => ({ start: text.indexOf(word), end: text.indexOf(word) + word.length, before: word, after });
    const pass = newPass(app, documentId, 2, [at('Oslo', 'a city'), at('Statoil', 'a company')]);
    expect(pass.superseded).toEqual(first);
    expect(pass.proposed).toHaveLength(2);
    expect(await waiting()).toEqual([
      ['Oslo', 'a city'],
      ['Statoil', 'a company'],
    ]);
    expect((await handlers['documents:get']({ documentId })).undoes).toEqual({ what: 'action', description: 'the new pass of 2 suggestions' });

    // Undo: the first pass waits again, the second is superseded.
    await handlers['documents:undo']({ documentId });
    expect(await waiting()).toEqual([
      ['Oslo', '[PLACE]'],
      ['Bergen', '[PLACE]'],
      ['Statoil', '[PLACE]'],
    ]);
    // Redo: the other way round.
    await handlers['documents:redo']({ documentId });
    expect(await waiting()).toEqual([
      ['Oslo', 'a city'],
      ['Statoil', 'a company'],
    ]);

    // A pass over one span supersedes only what it overlaps.
    const one = newPass(app, documentId, 3, [at('Oslo', '[CITY]')], 'overlapping');
    expect(one.superseded).toEqual([pass.proposed[0]]);
    await handlers['documents:undo']({ documentId });
    expect(await waiting()).toEqual([
      ['Oslo', 'a city'],
      ['Statoil', 'a company'],
    ]);
  });

  it('undoing a pass over the whole text remembers what an edit had overtaken, so that Undo of the edit brings it back', async () => {
    const { app, handlers, document, waiting } = await judgmentWithSuggestions(appWithCollection);
    const documentId = document.id;
    // Typing over "Oslo" overtakes its suggestion; Undo of the typing would bring it back.
    const oslo = (await handlers['suggestions:list']({ documentId })).find((s) => s.before === 'Oslo')!;
    const typed = await handlers['documents:edit']({
      documentId,
      baseVersionId: document.versionId,
      text: text.replace('Oslo', 'a town'),
      source: 'manual',
      description: 'typing',
    });
    expect((await waiting()).map(([words]) => words)).toEqual(['Bergen', 'Statoil']);
    const at = (word: string) => ({ start: typed.text.indexOf(word), end: typed.text.indexOf(word) + word.length, before: word, after: '[X]' });

    // A new pass over the whole text forgets it; undone, the pass remembers it, and Undo of the typing brings it back.
    const pass = newPass(app, documentId, 2, [at('Bergen')]);
    expect(pass.overtaken).toEqual([{ suggestionId: oslo.id, versionId: document.versionId }]);
    await handlers['documents:undo']({ documentId });
    expect(await waiting()).toEqual([
      ['Bergen', 43],
      ['Statoil', 54],
    ]);
    expect((await handlers['documents:undo']({ documentId })).text).toBe(text);
    expect(await waiting()).toEqual([
      ['Oslo', 23],
      ['Bergen', 41],
      ['Statoil', 52],
    ]);

    // Redone, the pass forgets it again, as it did when first made.
    const remembered = () => app.db.prepare('SELECT overtaken_on_version_id AS versionId FROM suggestions WHERE id = ?').get(oslo.id);
    await handlers['documents:redo']({ documentId });
    expect(remembered()).toEqual({ versionId: document.versionId });
    await handlers['documents:redo']({ documentId });
    expect((await waiting()).map(([words]) => words)).toEqual(['Bergen']);
    expect(remembered()).toEqual({ versionId: null });
  });
});
