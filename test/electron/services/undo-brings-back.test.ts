/**
 * Undo and redo bring back what an edit took away: a suggestion or a kept phrase that typing
 * went over waits again, or is kept again, when the text it was on comes back. Accepting a
 * suggestion that keeps its words changes nothing, so the review log does not list it. Real
 * workspace database, the handlers themselves (review-history-properties.test.ts tries the
 * same at random).
 */
import { describe, expect, it } from 'vitest';
import { useAppWithCollection } from '../../helpers/app-services.js';
import { judgmentWithSuggestions, SUGGESTED_TEXT as text } from '../../helpers/judgment-with-suggestions.js';

const appWithCollection = useAppWithCollection('unlinkable-undo-brings-back-');
const opened = () => judgmentWithSuggestions(appWithCollection);

describe('undo and redo bring back what an edit took away', () => {
  it('gives back a suggestion that typing went over, and a phrase kept there with its reason', async () => {
    const { handlers, document, waiting } = await opened();
    const reason = 'The city is named in the public summary.';
    await handlers['decisions:keep']({ documentId: document.id, start: 23, end: 27, kind: 'single', reason });
    const typed = await handlers['documents:edit']({
      documentId: document.id,
      baseVersionId: document.versionId,
      text: text.replace('Oslo', 'a city'),
      source: 'manual',
      description: 'typing',
    });
    expect(await waiting()).toEqual([
      ['Bergen', 43],
      ['Statoil', 54],
    ]);
    expect(await handlers['decisions:list']({ documentId: document.id })).toEqual([]);

    expect((await handlers['documents:undo']({ documentId: document.id })).text).toBe(text);
    expect(await waiting()).toEqual([
      ['Oslo', 23],
      ['Bergen', 41],
      ['Statoil', 52],
    ]);
    expect((await handlers['decisions:list']({ documentId: document.id })).map((d) => [d.phrase, d.start, d.reason])).toEqual([['Oslo', 23, reason]]);

    // Redo takes them away again, and a second undo brings them back again.
    expect((await handlers['documents:redo']({ documentId: document.id })).text).toBe(typed.text);
    expect((await waiting()).map(([words]) => words)).toEqual(['Bergen', 'Statoil']);
    expect(await handlers['decisions:list']({ documentId: document.id })).toEqual([]);
    await handlers['documents:undo']({ documentId: document.id });
    expect((await waiting()).map(([words]) => words)).toEqual(['Oslo', 'Bergen', 'Statoil']);
  });

  it('typing on, over a suggestion or a kept phrase, is a version of its own, so that Undo gives them back', async () => {
    const { handlers, document, waiting } = await opened();
    const reason = 'The city is named in the public summary.';
    await handlers['decisions:keep']({ documentId: document.id, start: 23, end: 27, kind: 'single', reason });
    const edit = (baseVersionId: number, edited: string) =>
      handlers['documents:edit']({ documentId: document.id, baseVersionId, text: edited, source: 'manual', description: 'typing' });
    // Typing before them, then on over "Oslo". Before, the second went into the first's
    // version, what it went over was noted on a text that no longer existed, and Undo lost it.
    const first = await edit(document.versionId, text.replace('The applicant', 'The first applicant'));
    const typed = await edit(first.versionId, first.text.replace('Oslo', 'a city'));
    expect(typed.versionCount).toBe(3);
    expect((await waiting()).map(([words]) => words)).toEqual(['Bergen', 'Statoil']);
    expect(await handlers['decisions:list']({ documentId: document.id })).toEqual([]);

    expect((await handlers['documents:undo']({ documentId: document.id })).text).toBe(first.text);
    expect(await waiting()).toEqual([
      ['Oslo', 29],
      ['Bergen', 47],
      ['Statoil', 58],
    ]);
    expect((await handlers['decisions:list']({ documentId: document.id })).map((d) => [d.phrase, d.start, d.reason])).toEqual([['Oslo', 29, reason]]);
  });

  it('gives back on redo the suggestions made on the text that undo took away', async () => {
    const { handlers, app, document, waiting } = await opened();
    const bergen = (await handlers['suggestions:list']({ documentId: document.id })).find((s) => s.before === 'Bergen')!;
    const accepted = await handlers['suggestions:accept']({ documentId: document.id, suggestionId: bergen.id });
    // A new pass over the accepted text suggests a rewrite of "in [PLACE]", over the placeholder.
    const at = accepted.text.indexOf('in [PLACE]');
    app.suggestions.replacePending(document.id, 'model', 2, [{ start: at, end: at + 10, before: 'in [PLACE]', after: 'elsewhere' }], 'overlapping');
    expect((await waiting()).map(([words]) => words)).toEqual(['Oslo', 'in [PLACE]', 'Statoil']);

    await handlers['documents:undo']({ documentId: document.id });
    expect((await waiting()).map(([words]) => words)).toEqual(['Oslo', 'Bergen', 'Statoil']);
    await handlers['documents:redo']({ documentId: document.id });
    expect(await waiting()).toEqual([
      ['Oslo', 23],
      ['in [PLACE]', at],
      ['Statoil', 53],
    ]);
  });

  it('records no change for an accepted suggestion that keeps its words, and makes no version', async () => {
    const { handlers, document } = await opened();
    const oslo = (await handlers['suggestions:list']({ documentId: document.id })).find((s) => s.before === 'Oslo')!;
    const after = await handlers['suggestions:accept']({ documentId: document.id, suggestionId: oslo.id, replacement: 'Oslo' });
    expect(after.text).toBe(text);
    expect(after.versionId).toBe(document.versionId);
    expect(await handlers['decisions:changes']({ documentId: document.id })).toEqual([]);
    expect((await handlers['suggestions:list']({ documentId: document.id })).find((s) => s.id === oslo.id)!.status).toBe('accepted');
  });

  it('keeps again, reason and all, a phrase whose keeping was withdrawn, while the text there is unchanged', async () => {
    const { handlers, document } = await opened();
    const reason = 'The city is named in the public summary.';
    const kept = await handlers['decisions:keep']({ documentId: document.id, start: 23, end: 27, kind: 'single', reason });
    await handlers['decisions:unkeep']({ documentId: document.id, decisionId: kept.id });
    expect(await handlers['decisions:list']({ documentId: document.id })).toEqual([]);
    expect(await handlers['decisions:keep-again']({ documentId: document.id, decisionId: kept.id })).toMatchObject({ phrase: 'Oslo', start: 23, reason });
    expect((await handlers['decisions:list']({ documentId: document.id })).map((d) => d.id)).toEqual([kept.id]);
    // Only a withdrawn one, and only where the text still holds it.
    await expect(handlers['decisions:keep-again']({ documentId: document.id, decisionId: kept.id })).rejects.toMatchObject({ code: 'not-found' });
    await handlers['decisions:unkeep']({ documentId: document.id, decisionId: kept.id });
    await handlers['documents:edit']({
      documentId: document.id,
      baseVersionId: document.versionId,
      text: text.replace('Oslo', 'Bergen'),
      source: 'manual',
      description: 'typing',
    });
    await expect(handlers['decisions:keep-again']({ documentId: document.id, decisionId: kept.id })).rejects.toMatchObject({ code: 'conflict' });
  });
});
