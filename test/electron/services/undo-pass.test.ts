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
});
