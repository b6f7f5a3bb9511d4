/**
 * Undoing an accepted suggestion gives it back, waiting where it was; redoing accepts it
 * again. Restoring a version from before the accept gives it back too, and undoing the
 * restore accepts it again. Real workspace database, the document and suggestion handlers
 * themselves.
 */
import { describe, expect, it } from 'vitest';
import { useAppWithCollection } from '../../helpers/app-services.js';
import { judgmentWithSuggestions, SUGGESTED_TEXT as text } from '../../helpers/judgment-with-suggestions.js';

const appWithCollection = useAppWithCollection('unlinkable-undo-accept-');
const opened = () => judgmentWithSuggestions(appWithCollection);

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

    // Undone again, and rejected: the rejection is a new action, so nothing is left to redo.
    // Undo takes the rejection back, and Redo makes it again; brought back, it can be accepted again.
    await handlers['documents:undo']({ documentId: document.id });
    await handlers['suggestions:reject']({ documentId: document.id, suggestionId: bergen.id });
    expect((await handlers['documents:get']({ documentId: document.id })).canRedo).toBe(false);
    await handlers['documents:undo']({ documentId: document.id });
    expect((await handlers['suggestions:list']({ documentId: document.id })).find((s) => s.id === bergen.id)!.status).toBe('pending');
    await handlers['documents:redo']({ documentId: document.id });
    expect((await handlers['suggestions:list']({ documentId: document.id })).find((s) => s.id === bergen.id)!.status).toBe('rejected');
    expect(await handlers['suggestions:reopen-rejected']({ documentId: document.id })).toEqual([bergen.id]);
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

  it('leaves accepted a suggestion accepted with its words kept, after an Accept all of it was undone, redone and undone again', async () => {
    const { handlers, document, waiting } = await opened();
    const oslo = (await handlers['suggestions:list']({ documentId: document.id })).find((s) => s.before === 'Oslo')!;
    await handlers['suggestions:accept-all']({ documentId: document.id });
    await handlers['documents:undo']({ documentId: document.id });
    // Given back by the undo, then accepted as it stands: no version, so Redo is still there.
    const kept = await handlers['suggestions:accept']({ documentId: document.id, suggestionId: oslo.id, replacement: 'Oslo' });
    expect(kept.canRedo).toBe(true);
    await handlers['documents:redo']({ documentId: document.id });
    await handlers['documents:undo']({ documentId: document.id });
    // The redone Accept all gives back, when undone, what it accepted, but not this one: it was
    // accepted since, with nothing for undo to take back (the property test found it waiting again).
    expect(await waiting()).toEqual([
      ['Bergen', 41],
      ['Statoil', 52],
    ]);
    expect((await handlers['suggestions:list']({ documentId: document.id })).find((s) => s.id === oslo.id)!.status).toBe('accepted');
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

describe('restoring an earlier version', () => {
  const accept = async (handlers: Awaited<ReturnType<typeof opened>>['handlers'], documentId: string, before: string) => {
    const suggestion = (await handlers['suggestions:list']({ documentId })).find((s) => s.before === before && s.status === 'pending')!;
    return handlers['suggestions:accept']({ documentId, suggestionId: suggestion.id });
  };
  const statusOf = async (handlers: Awaited<ReturnType<typeof opened>>['handlers'], documentId: string, before: string) =>
    (await handlers['suggestions:list']({ documentId })).find((s) => s.before === before)!.status;

  it('gives back every suggestion accepted since, where the restored text holds its words; undo accepts them again, redo gives them back', async () => {
    const { handlers, document, waiting } = await opened();
    await accept(handlers, document.id, 'Bergen');
    const both = await accept(handlers, document.id, 'Oslo');
    expect(both.text).toBe('The applicant lives in [PLACE] and works in [PLACE] for Statoil.');
    expect(await waiting()).toEqual([['Statoil', 56]]);

    const restored = await handlers['documents:restore']({ documentId: document.id, versionId: document.versionId });
    expect(restored.text).toBe(text);
    expect(await waiting()).toEqual([
      ['Oslo', 23],
      ['Bergen', 41],
      ['Statoil', 52],
    ]);
    // The suggestions given back can be accepted again, one by one or all at once.
    expect((await accept(handlers, document.id, 'Bergen')).text).toBe('The applicant lives in Oslo and works in [PLACE] for Statoil.');
    await handlers['documents:undo']({ documentId: document.id });

    // Undoing the restore brings back the text with both accepts, and both are accepted again.
    expect((await handlers['documents:undo']({ documentId: document.id })).text).toBe(both.text);
    expect(await statusOf(handlers, document.id, 'Oslo')).toBe('accepted');
    expect(await statusOf(handlers, document.id, 'Bergen')).toBe('accepted');
    expect(await waiting()).toEqual([['Statoil', 56]]);

    expect((await handlers['documents:redo']({ documentId: document.id })).text).toBe(text);
    expect(await waiting()).toEqual([
      ['Oslo', 23],
      ['Bergen', 41],
      ['Statoil', 52],
    ]);
  });

  it('leaves accepted what the restored version already holds', async () => {
    const { handlers, document, waiting } = await opened();
    const first = await accept(handlers, document.id, 'Bergen');
    await accept(handlers, document.id, 'Oslo');
    const restored = await handlers['documents:restore']({ documentId: document.id, versionId: first.versionId });
    expect(restored.text).toBe(first.text);
    expect(await statusOf(handlers, document.id, 'Bergen')).toBe('accepted');
    expect(await waiting()).toEqual([
      ['Oslo', 23],
      ['Statoil', 53],
    ]);
  });

  it('gives back no suggestion made for words the restored text does not hold', async () => {
    const { handlers, app, document } = await opened();
    // The clerk types a new name over "Statoil", and accepts a placeholder for that name.
    const typed = await handlers['documents:edit']({
      documentId: document.id,
      baseVersionId: document.versionId,
      text: text.replace('Statoil', 'Equinor'),
      source: 'manual',
      description: 'typing',
    });
    const at = typed.text.indexOf('Equinor');
    app.suggestions.replacePending(document.id, 'placeholder', 2, [{ start: at, end: at + 7, before: 'Equinor', after: '[COMPANY]' }], 'overlapping');
    await accept(handlers, document.id, 'Equinor');
    expect((await handlers['documents:restore']({ documentId: document.id, versionId: document.versionId })).text).toBe(text);
    expect(await statusOf(handlers, document.id, 'Equinor')).toBe('accepted');
    expect((await handlers['documents:restore']({ documentId: document.id, versionId: typed.versionId })).text).toBe(typed.text);
    expect(await statusOf(handlers, document.id, 'Equinor')).toBe('pending');
  });
});
