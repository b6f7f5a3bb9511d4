/**
 * A new pass of suggestions supersedes the waiting ones, and the window's Undo swaps it back
 * (renderer/review/action-undo.ts): the pass tells which it added and which it superseded,
 * and suggestions:swap-pass brings back the ones named and supersedes the others. Real
 * workspace database, the handler itself.
 */
import { describe, expect, it } from 'vitest';
import { useAppWithCollection } from '../../helpers/app-services.js';
import { judgmentWithSuggestions, SUGGESTED_TEXT as text } from '../../helpers/judgment-with-suggestions.js';

const appWithCollection = useAppWithCollection('unlinkable-undo-pass-');

describe('undoing a pass of suggestions', () => {
  it('brings back what the pass superseded, and supersedes what it added; redo swaps them again', async () => {
    const { app, handlers, document } = await judgmentWithSuggestions(appWithCollection);
    const waiting = async () =>
      (await handlers['suggestions:list']({ documentId: document.id })).filter((s) => s.status === 'pending').map((s) => [s.before, s.after] as const);
    const first = (await handlers['suggestions:list']({ documentId: document.id })).map((s) => s.id).sort((a, b) => a - b);

    // A second pass over the whole text: "Oslo" and "Statoil" only, rewritten otherwise.
    const at = (word: string, after: string) => ({ start: text.indexOf(word), end: text.indexOf(word) + word.length, before: word, after });
    const pass = app.suggestions.replacePending(document.id, 'model', 2, [at('Oslo', 'a city'), at('Statoil', 'a company')]);
    expect(pass.superseded).toEqual(first);
    expect(pass.proposed).toHaveLength(2);
    expect(await waiting()).toEqual([
      ['Oslo', 'a city'],
      ['Statoil', 'a company'],
    ]);

    // Undo: the first pass waits again, the second is superseded.
    expect(await handlers['suggestions:swap-pass']({ documentId: document.id, bringBack: pass.superseded, retire: pass.proposed })).toEqual(first);
    expect(await waiting()).toEqual([
      ['Oslo', '[PLACE]'],
      ['Bergen', '[PLACE]'],
      ['Statoil', '[PLACE]'],
    ]);
    // Redo: the other way round.
    expect(await handlers['suggestions:swap-pass']({ documentId: document.id, bringBack: pass.proposed, retire: pass.superseded })).toEqual(pass.proposed);
    expect(await waiting()).toEqual([
      ['Oslo', 'a city'],
      ['Statoil', 'a company'],
    ]);

    // A pass over one span supersedes only what it overlaps.
    const one = app.suggestions.replacePending(document.id, 'placeholder', 3, [at('Oslo', '[CITY]')], 'overlapping');
    expect(one.superseded).toEqual([pass.proposed[0]]);
    expect(await handlers['suggestions:swap-pass']({ documentId: document.id, bringBack: one.superseded, retire: one.proposed })).toEqual([pass.proposed[0]]);
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
    /** A new pass over the whole text, then the window's Undo of it, and (`redone`) its Redo. */
    const passUndone = async (redone: boolean) => {
      const pass = app.suggestions.replacePending(documentId, 'placeholder', 2, [at('Bergen')]);
      expect(pass.overtaken).toEqual([{ suggestionId: oslo.id, versionId: document.versionId }]);
      const swap = async (undo: boolean) =>
        handlers['suggestions:swap-pass']({
          documentId,
          bringBack: undo ? pass.superseded : pass.proposed,
          retire: undo ? pass.proposed : pass.superseded,
          overtaken: pass.overtaken,
          undo,
        });
      await swap(true);
      if (redone) await swap(false);
    };

    // Undone, the pass leaves the overtaken suggestion as it was: Undo of the typing brings it back.
    await passUndone(false);
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
    await handlers['documents:redo']({ documentId });
    await passUndone(true);
    await handlers['documents:undo']({ documentId });
    expect((await waiting()).map(([words]) => words)).toEqual(['Bergen']);
  });
});
