/**
 * A new action ends what Redo would make again, as a new version does: after undoing an
 * accept, rejecting a card (or keeping a phrase, or a new pass of suggestions) leaves nothing
 * to redo, as in every editor. The window's Undo and Redo replay such actions through the
 * same channels (renderer/review/action-undo.ts), and a replay keeps the redo: it walks the
 * same history. Real workspace database, the handlers themselves.
 */
import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../../electron/services/app-services.js';
import { useAppWithCollection } from '../../helpers/app-services.js';
import { judgmentWithSuggestions, SUGGESTED_TEXT as text } from '../../helpers/judgment-with-suggestions.js';

const appWithCollection = useAppWithCollection('unlinkable-new-action-ends-redo-');

/** Polls a job until it ends. */
async function finished(handlers: Handlers, jobId: string) {
  for (;;) {
    const job = await handlers['jobs:get']({ jobId });
    if (job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a new action and the redo', () => {
  it('a rejection, a keep, a withdrawal, bringing back or a new pass ends it; their replays by Undo and Redo keep it', async () => {
    const { handlers, document } = await judgmentWithSuggestions(appWithCollection);
    const documentId = document.id;
    const pending = async () => (await handlers['suggestions:list']({ documentId })).filter((s) => s.status === 'pending');
    const oslo = { start: text.indexOf('Oslo'), end: text.indexOf('Oslo') + 4 };
    /** Accepts a waiting suggestion and undoes it: Redo would accept it again. */
    const undoneAccept = async () => {
      const [first] = await pending();
      await handlers['suggestions:accept']({ documentId, suggestionId: first!.id });
      const undone = await handlers['documents:undo']({ documentId });
      expect(undone.canRedo).toBe(true);
      expect(undone.text).toBe(text);
    };
    const canRedo = async () => (await handlers['documents:get']({ documentId })).canRedo;

    // New actions.
    const kept = await handlers['decisions:keep']({ documentId, ...oslo, kind: 'single', reason: 'A city of millions.' });
    const newActions: [string, () => Promise<unknown>][] = [
      ['a rejection', async () => handlers['suggestions:reject']({ documentId, suggestionId: (await pending())[0]!.id })],
      ['Reject all', () => handlers['suggestions:reject-all']({ documentId })],
      ['bringing back the rejected', () => handlers['suggestions:reopen-rejected']({ documentId })],
      ['a withdrawal', () => handlers['decisions:unkeep']({ documentId, decisionId: kept.id })],
      ['keeping again', () => handlers['decisions:keep-again']({ documentId, decisionId: kept.id })],
      ['a keep', () => handlers['decisions:keep']({ documentId, start: 0, end: 3, kind: 'single', reason: 'The article names nobody at all.' })],
      [
        'a new pass',
        async () => {
          const job = await finished(handlers, (await handlers['suggestions:generate']({ documentId, source: 'placeholder', spans: [oslo] })).id);
          expect(job.state).toBe('done');
        },
      ],
    ];
    for (const [name, act] of newActions) {
      if ((await pending()).length === 0) await handlers['suggestions:reopen-rejected']({ documentId });
      await undoneAccept();
      await act();
      expect(await canRedo(), `${name} left something to redo`).toBe(false);
    }

    // The window's replays: each the undo or redo of one of the actions above.
    await undoneAccept();
    const ids = (await pending()).map((s) => s.id);
    const replays: [string, () => Promise<unknown>][] = [
      ['Redo of a rejection', () => handlers['suggestions:reject-all']({ documentId, suggestionIds: ids, replay: true })],
      ['Undo of a rejection', () => handlers['suggestions:reopen-rejected']({ documentId, suggestionIds: ids, replay: true })],
      ['Undo of a keep', () => handlers['decisions:unkeep']({ documentId, decisionId: kept.id, replay: true })],
      ['Redo of a keep', () => handlers['decisions:keep-again']({ documentId, decisionId: kept.id, replay: true })],
      ['Undo of a pass', () => handlers['suggestions:swap-pass']({ documentId, bringBack: [], retire: ids, undo: true })],
      ['Redo of a pass', () => handlers['suggestions:swap-pass']({ documentId, bringBack: ids, retire: [] })],
    ];
    for (const [name, replay] of replays) {
      await replay();
      expect(await canRedo(), `${name} ended the redo`).toBe(true);
    }
    // And Redo still makes the accept again.
    expect((await handlers['documents:redo']({ documentId })).text).not.toBe(text);
  });
});
