/**
 * Undo and Redo walk one history, in the order things were done (services/review-history.ts):
 * against a reference that is a plain list of what was done, with a cursor. Each entry
 * remembers the review as it was before and after it: Undo must give back the state before
 * the entry under the cursor, Redo the state after the next one, and doing something new
 * drops what lay ahead. Entries are versions (an accept, Accept all, typing) and actions that
 * change no text (a rejection, Reject all, bringing back, a keep, a withdrawal), mixed at
 * random. Real workspace database, the handlers themselves.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../../electron/services/handlers/index.js';
import { useAppWithCollection } from '../../helpers/app-services.js';

const appWithCollection = useAppWithCollection('unlinkable-undo-order-');

const WORDS = ['the', 'applicant', 'lives', 'in', 'Oslo', 'and', 'works', 'for', 'Statoil', 'since', 'May'];
const TEXT = Array.from({ length: 40 }, (_, i) => WORDS[(i * 7) % WORDS.length]).join(' ') + '.';

type Step = { kind: 'reject' | 'accept' | 'keep' | 'unkeep' | 'type'; pick: number } | { kind: 'reject-all' | 'reopen' | 'accept-all' | 'undo' | 'redo' };
const pick = fc.nat(1_000);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constantFrom('reject' as const, 'accept' as const, 'keep' as const, 'unkeep' as const, 'type' as const), pick }),
    weight: 5,
  },
  { arbitrary: fc.record({ kind: fc.constantFrom('reject-all' as const, 'reopen' as const, 'accept-all' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constantFrom('undo' as const, 'redo' as const) }), weight: 6 },
);

describe('the order of undo and redo', () => {
  it('is the order things were done, versions and actions alike, against a list with a cursor', async () => {
    const { app } = await appWithCollection([{ id: 'other', text: 'An unrelated judgment.' }]);
    const handlers = createHandlers(app);

    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 50 }), async (steps) => {
        const opened = await handlers['documents:open']({ source: { kind: 'text', title: 'Judgment', text: TEXT }, collectionPath: null });
        const documentId = opened.id;
        // A placeholder waiting on every word: no action, so the history starts empty.
        const words = [...TEXT.matchAll(/\p{L}+/gu)].map((m) => ({ start: m.index, end: m.index + m[0].length, before: m[0], after: '[X]' }));
        app.suggestions.replacePending(documentId, 'placeholder', 1, words);
        expect(opened.canUndo).toBe(false);

        const suggestions = () => handlers['suggestions:list']({ documentId });
        const state = async () => {
          const listed = await suggestions();
          const document = await handlers['documents:get']({ documentId });
          return {
            text: document.text,
            pending: listed.filter((s) => s.status === 'pending').map((s) => `${s.id}@${s.start}`),
            rejected: listed
              .filter((s) => s.status === 'rejected')
              .map((s) => s.id)
              .sort((a, b) => a - b),
            kept: (await handlers['decisions:list']({ documentId })).map((d) => `${d.id}@${d.start}`),
          };
        };
        const history: { before: Awaited<ReturnType<typeof state>>; after: Awaited<ReturnType<typeof state>> }[] = [];
        let cursor = 0;

        for (const step of steps) {
          const before = await state();
          const document = await handlers['documents:get']({ documentId });
          if (step.kind === 'undo' || step.kind === 'redo') {
            const undo = step.kind === 'undo';
            const expected = undo ? history[cursor - 1] : history[cursor];
            expect(undo ? document.canUndo : document.canRedo, `can ${step.kind} at ${cursor} of ${history.length}`).toBe(expected !== undefined);
            if (expected === undefined) continue;
            await handlers[undo ? 'documents:undo' : 'documents:redo']({ documentId });
            cursor += undo ? -1 : 1;
            expect(await state(), `${step.kind} to ${cursor} of ${history.length}`).toEqual(undo ? expected.before : expected.after);
            continue;
          }
          const pending = (await suggestions()).filter((s) => s.status === 'pending');
          const chosen = 'pick' in step && pending.length > 0 ? pending[step.pick % pending.length]! : undefined;
          const kept = await handlers['decisions:list']({ documentId });
          switch (step.kind) {
            case 'reject':
              if (chosen !== undefined) await handlers['suggestions:reject']({ documentId, suggestionId: chosen.id });
              break;
            case 'accept':
              if (chosen !== undefined) await handlers['suggestions:accept']({ documentId, suggestionId: chosen.id });
              break;
            case 'keep': {
              if (chosen === undefined || kept.some((d) => d.start < chosen.end && chosen.start < d.end)) break;
              await handlers['decisions:keep']({ documentId, start: chosen.start, end: chosen.end, kind: 'single', reason: 'Kept by the clerk on purpose.' });
              break;
            }
            case 'unkeep':
              if (kept.length > 0) await handlers['decisions:unkeep']({ documentId, decisionId: kept[step.pick % kept.length]!.id });
              break;
            case 'type': {
              // Typing over nothing waiting: a new version (the typing window is open, but a new
              // version follows anything but typing, and a keep or a rejection ends it).
              const at = document.text.lastIndexOf('.');
              await handlers['documents:edit']({
                documentId,
                baseVersionId: document.versionId,
                text: `${document.text.slice(0, at)} more${document.text.slice(at)}`,
                source: 'manual',
                description: 'typing',
              });
              break;
            }
            case 'reject-all':
              await handlers['suggestions:reject-all']({ documentId });
              break;
            case 'reopen':
              await handlers['suggestions:reopen-rejected']({ documentId });
              break;
            case 'accept-all':
              await handlers['suggestions:accept-all']({ documentId });
              break;
          }
          const after = await state();
          const now = await handlers['documents:get']({ documentId });
          // Typing that went on in the open typing version is the same entry, grown.
          const extended = step.kind === 'type' && now.versionId === document.versionId && history[cursor - 1] !== undefined && cursor === history.length;
          if (extended) history[cursor - 1] = { ...history[cursor - 1]!, after };
          else if (JSON.stringify(after) !== JSON.stringify(before)) {
            history.splice(cursor, history.length - cursor, { before, after });
            cursor = history.length;
          }
          expect(now.canRedo, `${step.kind} left something to redo`).toBe(cursor < history.length);
        }
      }),
      { numRuns: 200 },
    );
  }, 300_000);
});
