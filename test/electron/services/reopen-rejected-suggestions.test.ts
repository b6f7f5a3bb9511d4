/**
 * Rejected suggestions can be brought back, every one at once ("Bring back the rejected"),
 * however long ago they were rejected. They follow the text's edits meanwhile, and one whose words an
 * edit changed stays gone. Undo and Redo of a rejection (workspace/action-store.ts) bring
 * back, and reject again, only the ones it rejected. Real workspace database, the
 * suggestion and document handlers themselves.
 */
import { describe, expect, it } from 'vitest';
import { useAppWithCollection } from '../../helpers/app-services.js';
import { judgmentWithSuggestions, SUGGESTED_TEXT as text } from '../../helpers/judgment-with-suggestions.js';

const appWithCollection = useAppWithCollection('unlinkable-reopen-rejected-');

describe('bringing back rejected suggestions', () => {
  it('makes them wait again where the text still holds their words, after the edits made meanwhile', async () => {
    const { handlers, document, waiting } = await judgmentWithSuggestions(appWithCollection);

    await handlers['suggestions:reject-all']({ documentId: document.id });
    expect(await waiting()).toEqual([]);
    // Typing before them moves them; typing over the third takes its words away.
    const edit = async (baseVersionId: number, edited: string) =>
      handlers['documents:edit']({ documentId: document.id, baseVersionId, text: edited, source: 'manual', description: 'typing' });
    const first = await edit(document.versionId, text.replace('The applicant', 'The first applicant'));
    const typed = await edit(first.versionId, first.text.replace('Statoil', 'a company'));
    expect(await handlers['suggestions:reopen-rejected']({ documentId: document.id })).toHaveLength(2);
    expect(await waiting()).toEqual([
      ['Oslo', 29],
      ['Bergen', 47],
    ]);
    expect(typed.text.slice(29, 33)).toBe('Oslo');
    // Brought back, they can be accepted.
    const bergen = (await handlers['suggestions:list']({ documentId: document.id })).find((s) => s.before === 'Bergen')!;
    expect((await handlers['suggestions:accept']({ documentId: document.id, suggestionId: bergen.id })).text).toBe(
      'The first applicant lives in Oslo and works in [PLACE] for a company.',
    );
    // Nothing left to bring back.
    expect(await handlers['suggestions:reopen-rejected']({ documentId: document.id })).toEqual([]);
  });

  it('leaves rejected where a suggestion now waiting overlaps it: what the clerk has before them wins (suggestion-return.ts)', async () => {
    const { handlers, app, document, waiting } = await judgmentWithSuggestions(appWithCollection);
    const documentId = document.id;
    const bergen = (await handlers['suggestions:list']({ documentId })).find((s) => s.before === 'Bergen')!;
    await handlers['suggestions:reject']({ documentId, suggestionId: bergen.id });
    // A pass over one span: a rewrite of "in Bergen" waits over the rejected one's words.
    const at = text.indexOf('in Bergen');
    app.suggestions.replacePending(documentId, 'model', 2, [{ start: at, end: at + 9, before: 'in Bergen', after: 'elsewhere' }], 'overlapping');
    expect(await handlers['suggestions:reopen-rejected']({ documentId })).toEqual([]);
    expect(await waiting()).toEqual([
      ['Oslo', 23],
      ['in Bergen', at],
      ['Statoil', 52],
    ]);
    expect((await handlers['suggestions:list']({ documentId })).find((s) => s.id === bergen.id)!.status).toBe('rejected');
  });

  it('Undo and Redo of a rejection bring back, and reject again, only the suggestions it rejected', async () => {
    const { handlers, document, waiting } = await judgmentWithSuggestions(appWithCollection);
    const documentId = document.id;
    const ids = Object.fromEntries((await handlers['suggestions:list']({ documentId })).map((s) => [s.before, s.id]));

    await handlers['suggestions:reject']({ documentId, suggestionId: ids.Oslo! });
    // Reject all answers with what it rejected: the two still waiting, not Oslo again.
    expect(await handlers['suggestions:reject-all']({ documentId })).toEqual([ids.Bergen, ids.Statoil]);
    expect(await waiting()).toEqual([]);

    // Undo of the Reject all: those two come back, Oslo stays rejected.
    await handlers['documents:undo']({ documentId });
    expect(await waiting()).toEqual([
      ['Bergen', 41],
      ['Statoil', 52],
    ]);
    // Undo of the first rejection, then Redo of it: Oslo alone.
    await handlers['documents:undo']({ documentId });
    expect(await waiting()).toHaveLength(3);
    await handlers['documents:redo']({ documentId });
    expect(await waiting()).toEqual([
      ['Bergen', 41],
      ['Statoil', 52],
    ]);
    // Redo of the Reject all rejects those two again.
    await handlers['documents:redo']({ documentId });
    expect(await waiting()).toEqual([]);
    // Bringing back every rejected one is one action too.
    expect(await handlers['suggestions:reopen-rejected']({ documentId })).toEqual([ids.Oslo, ids.Bergen, ids.Statoil]);
    await handlers['documents:undo']({ documentId });
    expect(await waiting()).toEqual([]);
  });

  it('a rejection or a keep ends the typing version, so that Undo takes back the typing after it first', async () => {
    const { handlers, document } = await judgmentWithSuggestions(appWithCollection);
    const type = async (edited: string) => {
      const head = await handlers['documents:get']({ documentId: document.id });
      return handlers['documents:edit']({
        documentId: document.id,
        baseVersionId: head.versionId,
        text: edited,
        source: 'manual',
        description: 'Edited the text',
      });
    };
    const typed = await type(`${text} One.`);
    // Typing goes on in the same version...
    expect((await type(`${text} One. Two.`)).versionId).toBe(typed.versionId);
    // ...until the clerk rejects a suggestion: the typing after it is a version of its own.
    const oslo = (await handlers['suggestions:list']({ documentId: document.id })).find((s) => s.before === 'Oslo')!;
    await handlers['suggestions:reject']({ documentId: document.id, suggestionId: oslo.id });
    const after = await type(`${text} One. Two. Three.`);
    expect(after.versionId).not.toBe(typed.versionId);
    expect((await handlers['documents:undo']({ documentId: document.id })).text).toBe(`${text} One. Two.`);
    // The same for a keep.
    await handlers['documents:redo']({ documentId: document.id });
    await type(`${text} One. Two. Three. Four.`);
    await handlers['decisions:keep']({ documentId: document.id, start: 4, end: 13, kind: 'single', reason: 'The wording of every judgment.' });
    await type(`${text} One. Two. Three. Four. Five.`);
    expect((await handlers['documents:undo']({ documentId: document.id })).text).toBe(`${text} One. Two. Three. Four.`);
  });
});
