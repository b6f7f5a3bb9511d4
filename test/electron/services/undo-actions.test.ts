/**
 * Undo and Redo take back the actions that change no text (a rejection, Reject all,
 * bringing back, a keep, a withdrawal, a new pass) and the versions, in the order the clerk
 * made them (workspace/action-store.ts, services/review-history.ts). A new action ends what
 * Redo could make again, as a new version does. The history is the workspace's, so a reload
 * or a restart undoes the same. Real workspace database, the handlers themselves.
 */
import { describe, expect, it } from 'vitest';
import { AppServices } from '../../../electron/services/app-services.js';
import { createHandlers } from '../../../electron/services/handlers/index.js';
import { ACTIONS_KEPT } from '../../../electron/workspace/action-store.js';
import { useAppWithCollection } from '../../helpers/app-services.js';
import { finished } from '../../helpers/finished-job.js';
import { judgmentWithSuggestions, SUGGESTED_TEXT as text } from '../../helpers/judgment-with-suggestions.js';

const appWithCollection = useAppWithCollection('unlinkable-undo-actions-');

/** The judgment with three waiting suggestions, and what Undo and Redo do, step by step. */
async function review() {
  const opened = await judgmentWithSuggestions(appWithCollection);
  const { handlers, document } = opened;
  const documentId = document.id;
  const steps: string[] = [];
  const step = async (undo: boolean) => {
    const before = await handlers['documents:get']({ documentId });
    const what = undo ? before.undoes : before.redoes;
    if (what === null) return steps.push('nothing');
    const after = await handlers[undo ? 'documents:undo' : 'documents:redo']({ documentId });
    return steps.push(`${what.what === 'action' ? '' : 'version '}${what.description}${after.text === before.text ? '' : ' (text)'}`);
  };
  const suggestion = async (word: string) => (await handlers['suggestions:list']({ documentId })).find((s) => s.before === word)!;
  const status = async () => Object.fromEntries((await handlers['suggestions:list']({ documentId })).map((s) => [s.before, s.status]));
  return { ...opened, documentId, steps, undo: () => step(true), redo: () => step(false), suggestion, status };
}

describe('undo and redo of actions among versions', () => {
  it('takes back the latest action first, action or version, and makes them again in turn', async () => {
    const { handlers, documentId, steps, undo, redo, suggestion, status } = await review();
    await handlers['suggestions:reject']({ documentId, suggestionId: (await suggestion('Oslo')).id });
    await handlers['suggestions:accept']({ documentId, suggestionId: (await suggestion('Bergen')).id });
    await handlers['suggestions:reject-all']({ documentId });
    for (let i = 0; i < 4; i++) await undo();
    expect(steps).toEqual([
      'rejecting a suggestion',
      'version Accepted a placeholder suggestion (6 characters replaced) (text)',
      'rejecting a suggestion',
      'nothing',
    ]);
    expect(await status()).toEqual({ Oslo: 'pending', Bergen: 'pending', Statoil: 'pending' });
    for (let i = 0; i < 4; i++) await redo();
    expect(steps.slice(4)).toEqual([
      'rejecting a suggestion',
      'version Accepted a placeholder suggestion (6 characters replaced) (text)',
      'rejecting a suggestion',
      'nothing',
    ]);
    expect(await status()).toEqual({ Oslo: 'rejected', Bergen: 'accepted', Statoil: 'rejected' });
  });

  it('a new action or a new version ends what can be made again, actions and versions alike', async () => {
    const { handlers, documentId, steps, undo, redo, suggestion } = await review();
    const canRedo = async () => (await handlers['documents:get']({ documentId })).canRedo;
    /** Accepts a waiting suggestion and undoes it: Redo would accept it again. */
    const undoneAccept = async () => {
      const [first] = (await handlers['suggestions:list']({ documentId })).filter((s) => s.status === 'pending');
      await handlers['suggestions:accept']({ documentId, suggestionId: first!.id });
      expect((await handlers['documents:undo']({ documentId })).canRedo).toBe(true);
    };
    const oslo = { start: text.indexOf('Oslo'), end: text.indexOf('Oslo') + 4 };
    const kept = await handlers['decisions:keep']({ documentId, ...oslo, kind: 'single', reason: 'A city of a million people.' });
    const newActions: [string, () => Promise<unknown>][] = [
      ['a rejection', async () => handlers['suggestions:reject']({ documentId, suggestionId: (await suggestion('Bergen')).id })],
      ['bringing back the rejected', () => handlers['suggestions:reopen-rejected']({ documentId })],
      ['a withdrawal', () => handlers['decisions:unkeep']({ documentId, decisionId: kept.id })],
      ['keeping again', () => handlers['decisions:keep-again']({ documentId, decisionId: kept.id })],
      ['Reject all', () => handlers['suggestions:reject-all']({ documentId })],
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
      if ((await handlers['suggestions:list']({ documentId })).every((s) => s.status !== 'pending'))
        await handlers['suggestions:reopen-rejected']({ documentId });
      await undoneAccept();
      await act();
      expect(await canRedo(), `${name} left something to redo`).toBe(false);
    }
    // The pass is taken back first, and then the keep before it.
    steps.length = 0;
    await undo();
    await undo();
    expect(steps).toEqual(['the new pass of a suggestion', 'keeping “The”']);

    // Typing after an action taken back: the action cannot be made again.
    await handlers['suggestions:reject']({ documentId, suggestionId: (await suggestion('Statoil')).id });
    await undo();
    const now = await handlers['documents:get']({ documentId });
    await handlers['documents:edit']({ documentId, baseVersionId: now.versionId, text: `${now.text} Typed.`, source: 'manual', description: 'typing' });
    steps.length = 0;
    await redo();
    expect(steps).toEqual(['nothing']);
  });

  it('takes back an action only on the version it was made on', async () => {
    const { handlers, documentId, steps, undo, redo, suggestion } = await review();
    await handlers['suggestions:accept']({ documentId, suggestionId: (await suggestion('Bergen')).id });
    await undo(); // back to the version as opened
    await handlers['suggestions:reject']({ documentId, suggestionId: (await suggestion('Oslo')).id }); // made there
    await redo(); // the rejection ended the redo of the version
    await undo(); // the rejection
    await undo(); // nothing before it
    expect(steps).toEqual(['version Accepted a placeholder suggestion (6 characters replaced) (text)', 'nothing', 'rejecting a suggestion', 'nothing']);
  });

  it('forgets an action the workspace refuses to take back, and keeps one a failed write did not', async () => {
    const { app, handlers, documentId, steps, undo, suggestion, status } = await review();
    await handlers['suggestions:reject']({ documentId, suggestionId: (await suggestion('Oslo')).id });
    const kept = await handlers['decisions:keep']({ documentId, start: 0, end: 3, kind: 'single', reason: 'The article names nobody at all.' });
    // Withdrawn meanwhile behind Undo's back: taking the keep back is refused, and forgotten.
    app.decisions.unkeep(documentId, kept.id);
    await expect(handlers['documents:undo']({ documentId })).rejects.toThrow(/already withdrawn/);
    await undo();
    expect(steps).toEqual(['rejecting a suggestion']);
    expect(await status()).toMatchObject({ Oslo: 'pending' });

    // A write that fails (a trigger stands in for the disk) leaves the action to be tried again.
    await handlers['suggestions:reject-all']({ documentId });
    app.db.exec("CREATE TRIGGER refuse BEFORE UPDATE ON suggestions BEGIN SELECT RAISE(ABORT, 'the disk refused'); END");
    await expect(handlers['documents:undo']({ documentId })).rejects.toThrow(/the disk refused/);
    app.db.exec('DROP TRIGGER refuse');
    await undo();
    expect(steps.at(-1)).toBe('rejecting 3 suggestions');
    expect(await status()).toEqual({ Oslo: 'pending', Bergen: 'pending', Statoil: 'pending' });
  });

  it('does not make an action it cannot record for Undo', async () => {
    const { app, handlers, documentId, status } = await review();
    // The record's table gone stands in for a write the disk refuses at that moment.
    app.db.exec('DROP TABLE actions');
    await expect(handlers['suggestions:reject-all']({ documentId })).rejects.toThrow(/actions/);
    expect(await status()).toEqual({ Oslo: 'pending', Bergen: 'pending', Statoil: 'pending' });
    await expect(handlers['decisions:keep']({ documentId, start: 0, end: 3, kind: 'single', reason: 'The article names nobody at all.' })).rejects.toThrow(
      /actions/,
    );
    expect(app.decisions.decisions(documentId)).toEqual([]);
  });

  it('keeps the latest actions; the history survives a restart; a damaged one is passed over', async () => {
    const { app, handlers, document, workspace } = await judgmentWithSuggestions(appWithCollection);
    const documentId = document.id;
    for (let id = 0; id < ACTIONS_KEPT + 10; id++) app.reviews.recordAction(documentId, { kind: 'rejection', ids: [id] });
    const count = (app.db.prepare('SELECT COUNT(*) AS n FROM actions WHERE document_id = ?').get(documentId) as { n: number }).n;
    expect(count).toBe(ACTIONS_KEPT);
    await handlers['suggestions:reject-all']({ documentId });
    await app.dispose();

    // A restart: the same history.
    const again = new AppServices({ workspaceFolder: workspace, shell: 'browser', version: 'test' });
    try {
      const reopened = createHandlers(again);
      expect((await reopened['documents:get']({ documentId })).undoes).toEqual({ what: 'action', description: 'rejecting 3 suggestions' });
      await reopened['documents:undo']({ documentId });
      expect((await reopened['suggestions:list']({ documentId })).filter((s) => s.status === 'pending')).toHaveLength(3);
      // A damaged record is passed over: Undo goes on to the one before it.
      again.db.prepare("UPDATE actions SET action_json = '{' WHERE id = (SELECT max(id) FROM actions WHERE undone = 0)").run();
      expect((await reopened['documents:get']({ documentId })).undoes).toEqual({ what: 'action', description: 'rejecting a suggestion' });
    } finally {
      await again.dispose();
    }
  });
});
