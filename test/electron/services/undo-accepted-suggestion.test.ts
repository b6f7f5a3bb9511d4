/**
 * Undoing an accepted suggestion gives it back, waiting where it was; redoing accepts it
 * again. Real workspace database, the document and suggestion handlers themselves.
 */
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../../electron/services/handlers/index.js';
import { useAppWithCollection } from '../../helpers/app-services.js';

const appWithCollection = useAppWithCollection('unlinkable-undo-accept-');
const text = 'The applicant lives in Oslo and works in Bergen for Statoil.';

async function opened() {
  const { app, path } = await appWithCollection([{ id: 'other', text: 'An unrelated judgment.' }]);
  const handlers = createHandlers(app);
  const document = await handlers['documents:open']({ source: { kind: 'text', title: 'Judgment', text }, collectionPath: path });
  const at = (word: string) => ({ start: text.indexOf(word), end: text.indexOf(word) + word.length, before: word, after: '[PLACE]' });
  app.suggestions.replacePending(document.id, 'placeholder', 1, [at('Oslo'), at('Bergen'), at('Statoil')]);
  const waiting = async () =>
    (await handlers['suggestions:list']({ documentId: document.id })).filter((s) => s.status === 'pending').map((s) => [s.before, s.start] as const);
  return { handlers, document, waiting };
}

describe('undo and redo of an accepted suggestion', () => {
  it('gives the suggestion back where it was on undo, and accepts it again on redo', async () => {
    const { handlers, document, waiting } = await opened();
    const bergen = (await handlers['suggestions:list']({ documentId: document.id })).find((s) => s.before === 'Bergen')!;
    const accepted = await handlers['suggestions:accept']({ documentId: document.id, suggestionId: bergen.id });
    expect(accepted.text).toBe('The applicant lives in Oslo and works in [PLACE] for Statoil.');
    expect(await waiting()).toEqual([
      ['Oslo', 23],
      ['Statoil', 53],
    ]);

    const undone = await handlers['documents:undo']({ documentId: document.id });
    expect(undone.text).toBe(text);
    expect(await waiting()).toEqual([
      ['Oslo', 23],
      ['Bergen', 41],
      ['Statoil', 52],
    ]);

    const redone = await handlers['documents:redo']({ documentId: document.id });
    expect(redone.text).toBe(accepted.text);
    expect(await waiting()).toEqual([
      ['Oslo', 23],
      ['Statoil', 53],
    ]);
    const bergenNow = (await handlers['suggestions:list']({ documentId: document.id })).find((s) => s.id === bergen.id)!;
    expect(bergenNow.status).toBe('accepted');

    // Undone again, rejected, and redone: the text applies it again, so it is accepted again.
    await handlers['documents:undo']({ documentId: document.id });
    await handlers['suggestions:reject']({ documentId: document.id, suggestionId: bergen.id });
    await handlers['documents:redo']({ documentId: document.id });
    expect((await handlers['suggestions:list']({ documentId: document.id })).find((s) => s.id === bergen.id)!.status).toBe('accepted');

    // Undone again, it can be accepted again.
    await handlers['documents:undo']({ documentId: document.id });
    expect((await handlers['suggestions:accept']({ documentId: document.id, suggestionId: bergen.id })).text).toBe(accepted.text);
  });

  it('gives back every suggestion of an undone "Accept all"', async () => {
    const { handlers, document, waiting } = await opened();
    await handlers['suggestions:accept-all']({ documentId: document.id });
    expect(await waiting()).toEqual([]);
    await handlers['documents:undo']({ documentId: document.id });
    expect(await waiting()).toEqual([
      ['Oslo', 23],
      ['Bergen', 41],
      ['Statoil', 52],
    ]);
  });

  it('leaves a suggestion accepted when the undo takes back later typing, not the accept', async () => {
    const { handlers, document, waiting } = await opened();
    const oslo = (await handlers['suggestions:list']({ documentId: document.id })).find((s) => s.before === 'Oslo')!;
    await handlers['suggestions:accept']({ documentId: document.id, suggestionId: oslo.id });
    const current = await handlers['documents:get']({ documentId: document.id });
    await handlers['documents:edit']({
      documentId: document.id,
      baseVersionId: current.versionId,
      text: `${current.text} More.`,
      source: 'manual',
      description: 'typing',
    });
    await handlers['documents:undo']({ documentId: document.id });
    expect((await handlers['suggestions:list']({ documentId: document.id })).find((s) => s.id === oslo.id)!.status).toBe('accepted');
    expect((await waiting()).map(([before]) => before)).toEqual(['Bergen', 'Statoil']);
  });
});
