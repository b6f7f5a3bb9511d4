/**
 * The review's history under random work: suggestions proposed, accepted (some edited),
 * rejected, all accepted or rejected, brought back; typing anywhere; phrases kept and
 * withdrawn; undo, redo and restores. Real workspace database, the handlers themselves.
 *
 * After every step:
 * - pending suggestions never overlap, and each lies on its own words in the current text;
 * - each kept phrase lies on its own words;
 * - the record of accepted changes never names a suggestion the text did not apply.
 * Undo followed at once by redo, redo followed at once by undo, and a restore followed at
 * once by undo leave the text, the pending and rejected suggestions and the kept phrases as
 * they were: nothing the clerk had is lost by going back and forth.
 *
 * Undo and Redo take back the actions that change no text as well (a new pass of
 * suggestions, a rejection, a Reject all, bringing the rejected back, a keep or a
 * withdrawal: services/review-history.ts): each, undone at once, leaves everything as it was,
 * what Undo of an edit would bring back included; and each ends what Redo could make again.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../../electron/services/handlers/index.js';
import type { Proposal } from '../../../electron/workspace/suggestion-store.js';
import type { Decision, Suggestion } from '../../../shared/ipc/types.js';
import { useAppWithCollection } from '../../helpers/app-services.js';

const appWithCollection = useAppWithCollection('unlinkable-review-history-');

/** Few words, so that rewrites share their first or last words with what they replace. */
const WORDS = ['the', 'applicant', 'person', 'lives', 'in', 'Oslo', 'and', 'works', 'Bergen', '[PLACE]'];
const wordArb = fc.constantFrom(...WORDS);
const phraseArb = fc.array(wordArb, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
const textArb = fc
  .array(fc.tuple(wordArb, fc.constantFrom(' ', ' ', ' ', ', ', '.\n')), { minLength: 4, maxLength: 24 })
  .map((parts) => parts.map(([word, separator]) => word + separator).join(''));

/** A choice among whatever exists when the step runs (taken modulo their number). */
const pickArb = fc.nat(1_000);

type Step =
  | { kind: 'propose'; replace: 'all' | 'overlapping'; spans: { at: number; words: number; after: string }[]; thenUndo: boolean }
  | { kind: 'accept'; pick: number; edited: string | null; thenUndo: boolean }
  | { kind: 'reject'; pick: number; thenUndo: boolean }
  | { kind: 'accept-all'; thenUndo: boolean }
  | { kind: 'reject-all'; thenUndo: boolean }
  | { kind: 'reopen-rejected'; thenUndo: boolean }
  | { kind: 'type'; at: number; remove: number; insert: string; thenUndo: boolean }
  | { kind: 'keep'; at: number; words: number; thenUndo: boolean }
  | { kind: 'unkeep'; pick: number; thenUndo: boolean }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'undo-redo' }
  | { kind: 'redo-undo' }
  | { kind: 'restore'; pick: number }
  | { kind: 'restore-undo'; pick: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('propose' as const),
      replace: fc.constantFrom('all' as const, 'overlapping' as const),
      spans: fc.array(fc.record({ at: pickArb, words: fc.integer({ min: 1, max: 3 }), after: fc.oneof(fc.constant('[PLACE]'), phraseArb) }), {
        minLength: 1,
        maxLength: 4,
      }),
      thenUndo: fc.boolean(),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('accept' as const), pick: pickArb, edited: fc.option(phraseArb, { freq: 4 }), thenUndo: fc.boolean() }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('reject' as const), pick: pickArb, thenUndo: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('accept-all' as const), thenUndo: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('reject-all' as const), thenUndo: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('reopen-rejected' as const), thenUndo: fc.boolean() }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('type' as const),
      at: pickArb,
      remove: fc.nat(6),
      insert: fc.oneof(
        fc.constant(''),
        phraseArb.map((p) => `${p} `),
      ),
      thenUndo: fc.boolean(),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('keep' as const), at: pickArb, words: fc.integer({ min: 1, max: 2 }), thenUndo: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('unkeep' as const), pick: pickArb, thenUndo: fc.boolean() }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'undo' as const }), weight: 4 },
  { arbitrary: fc.constant({ kind: 'redo' as const }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'undo-redo' as const }), weight: 4 },
  { arbitrary: fc.constant({ kind: 'redo-undo' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('restore' as const), pick: pickArb }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('restore-undo' as const), pick: pickArb }), weight: 1 },
);

/** Where each word of the text is. */
function wordSpans(text: string): { start: number; end: number }[] {
  return [...text.matchAll(/[^\s,.]+/gu)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

/** `count` words from the `at`-th (modulo), as one span, or undefined for a text without words. */
function phraseAt(text: string, at: number, count: number): { start: number; end: number } | undefined {
  const words = wordSpans(text);
  if (words.length === 0) return undefined;
  const first = at % words.length;
  return { start: words[first]!.start, end: words[Math.min(first + count, words.length) - 1]!.end };
}

const REASON = 'The clerk keeps this phrase on purpose.';

describe('the review history under random work', () => {
  it('keeps suggestions and kept phrases on their words, and loses nothing to undo and redo', async () => {
    const { app, path } = await appWithCollection([{ id: 'other', text: 'An unrelated judgment.' }]);
    const handlers = createHandlers(app);

    await fc.assert(
      fc.asyncProperty(textArb, fc.array(stepArb, { minLength: 1, maxLength: 40 }), async (text, steps) => {
        let document = await handlers['documents:open']({ source: { kind: 'text', title: 'Judgment', text }, collectionPath: path });
        const documentId = document.id;
        const suggestions = () => handlers['suggestions:list']({ documentId });
        const pending = async () => (await suggestions()).filter((s) => s.status === 'pending');
        const decisions = () => handlers['decisions:list']({ documentId });

        /** What going back and forth must not lose. */
        const state = async () => ({
          text: document.text,
          pending: (await pending()).map(({ id, start, end }) => ({ id, start, end })),
          rejected: (await suggestions())
            .filter((s) => s.status === 'rejected')
            .map((s) => s.id)
            .sort((a, b) => a - b),
          kept: (await decisions()).map(({ id, start, end }) => ({ id, start, end })),
          // What Undo of an edit would bring back (a pass over the whole text forgets it; Undo of the pass remembers it).
          overtaken: app.db
            .prepare(
              'SELECT id, overtaken_on_version_id AS versionId FROM suggestions WHERE document_id = ? AND overtaken_on_version_id IS NOT NULL ORDER BY id',
            )
            .all(documentId),
        });

        /** Actions kept that Undo can take back (workspace/action-store.ts). */
        const actionCount = () => (app.db.prepare('SELECT COUNT(*) AS n FROM actions WHERE document_id = ? AND undone = 0').get(documentId) as { n: number }).n;

        const checkInvariants = async (after: Step) => {
          const waiting = await pending();
          waiting.forEach((s: Suggestion, i) => {
            expect(document.text.slice(s.start, s.end), `a pending suggestion off its words after ${after.kind}`).toBe(s.before);
            if (i > 0) expect(s.start, `overlapping pending suggestions after ${after.kind}`).toBeGreaterThanOrEqual(waiting[i - 1]!.end);
          });
          (await decisions()).forEach((d: Decision) =>
            expect(document.text.slice(d.start, d.end), `a kept phrase off its words after ${after.kind}`).toBe(d.phrase),
          );
        };

        for (const step of steps) {
          // An accept, an accept of all, typing, a rejection, a keep or the like, undone at once, leaves everything as it was.
          const undoAfter = 'thenUndo' in step && step.thenUndo ? { was: await state(), versions: document.versionCount } : undefined;
          const actionsBefore = actionCount();
          switch (step.kind) {
            case 'propose': {
              const taken: { start: number; end: number }[] = [];
              const proposals: Proposal[] = [];
              for (const { at, words, after } of step.spans) {
                const span = phraseAt(document.text, at, words);
                if (span === undefined || taken.some((t) => t.start < span.end && span.start < t.end)) continue;
                taken.push(span);
                proposals.push({ ...span, before: document.text.slice(span.start, span.end), after });
              }
              // As the suggestions:generate job ends a pass (with proposals of this test's choosing).
              app.db.transaction(() => {
                const pass = app.suggestions.replacePending(documentId, 'placeholder', 1, proposals, step.replace);
                app.reviews.recordAction(documentId, { kind: 'pass', ...pass });
              })();
              break;
            }
            case 'accept': {
              const waiting = await pending();
              if (waiting.length === 0) break;
              const chosen = waiting[step.pick % waiting.length]!;
              document = await handlers['suggestions:accept']({
                documentId,
                suggestionId: chosen.id,
                ...(step.edited === null ? {} : { replacement: step.edited }),
              });
              break;
            }
            case 'reject': {
              const waiting = await pending();
              if (waiting.length === 0) break;
              const chosen = waiting[step.pick % waiting.length]!;
              await handlers['suggestions:reject']({ documentId, suggestionId: chosen.id });
              break;
            }
            case 'accept-all': {
              const before = document;
              const changing = (await pending()).filter((s) => s.after !== s.before);
              document = await handlers['suggestions:accept-all']({ documentId });
              // Every waiting suggestion applied, as one version when one changes the text, and
              // the record of that version names exactly those that did.
              let expected = before.text;
              for (const s of changing.slice().reverse()) expected = expected.slice(0, s.start) + s.after + expected.slice(s.end);
              expect(document.text).toBe(expected);
              expect(await pending()).toEqual([]);
              if (changing.length === 0) expect(document.versionId).toBe(before.versionId);
              else {
                const recorded = (await handlers['decisions:changes']({ documentId })).filter((c) => c.versionId === document.versionId);
                expect(recorded.map((c) => c.start)).toEqual(changing.map((s) => s.start));
              }
              break;
            }
            case 'reject-all':
              await handlers['suggestions:reject-all']({ documentId });
              break;
            case 'reopen-rejected':
              await handlers['suggestions:reopen-rejected']({ documentId });
              break;
            case 'type': {
              const at = step.at % (document.text.length + 1);
              const edited = document.text.slice(0, at) + step.insert + document.text.slice(Math.min(at + step.remove, document.text.length));
              if (edited.length === 0) break;
              document = await handlers['documents:edit']({
                documentId,
                baseVersionId: document.versionId,
                text: edited,
                source: 'manual',
                description: 'typing',
              });
              break;
            }
            case 'keep': {
              const span = phraseAt(document.text, step.at, step.words);
              if (span === undefined) break;
              await handlers['decisions:keep']({ documentId, ...span, kind: 'single', reason: REASON });
              break;
            }
            case 'unkeep': {
              const kept = await decisions();
              if (kept.length === 0) break;
              const chosen = kept[step.pick % kept.length]!;
              await handlers['decisions:unkeep']({ documentId, decisionId: chosen.id });
              break;
            }
            case 'undo':
              if (document.canUndo) document = await handlers['documents:undo']({ documentId });
              break;
            case 'redo':
              if (document.canRedo) document = await handlers['documents:redo']({ documentId });
              break;
            case 'undo-redo':
            case 'redo-undo': {
              const [first, second] = step.kind === 'undo-redo' ? (['undo', 'redo'] as const) : (['redo', 'undo'] as const);
              if (!(first === 'undo' ? document.canUndo : document.canRedo)) break;
              const was = await state();
              document = await handlers[`documents:${first}`]({ documentId });
              await checkInvariants(step);
              document = await handlers[`documents:${second}`]({ documentId });
              expect(await state(), `${first} then ${second} lost something`).toEqual(was);
              break;
            }
            case 'restore':
            case 'restore-undo': {
              const versions = await handlers['documents:versions']({ documentId });
              const chosen = versions[step.pick % versions.length]!;
              if (chosen.isHead) break;
              const was = await state();
              const textBefore = document.text;
              document = await handlers['documents:restore']({ documentId, versionId: chosen.id });
              if (step.kind === 'restore' || document.text === textBefore) break;
              await checkInvariants(step);
              document = await handlers['documents:undo']({ documentId });
              expect(await state(), 'a restore then undo lost something').toEqual(was);
              break;
            }
          }
          document = await handlers['documents:get']({ documentId });
          await checkInvariants(step);
          const acted = actionCount() > actionsBefore && !['undo', 'redo', 'undo-redo', 'redo-undo'].includes(step.kind);
          // A new action ends what can be redone, as a new version does.
          if (acted) expect(document.canRedo, `${step.kind} left something to redo`).toBe(false);
          if (undoAfter !== undefined && (acted || document.versionCount > undoAfter.versions)) {
            document = await handlers['documents:undo']({ documentId });
            await checkInvariants(step);
            expect(await state(), `${step.kind} then undo lost something`).toEqual(undoAfter.was);
          }
        }
      }),
      { numRuns: 500 },
    );
  }, 120_000);
});
