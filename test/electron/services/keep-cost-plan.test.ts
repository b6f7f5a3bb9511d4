/**
 * The plan as it would be if a phrase were kept ('detection:plan' with `alsoKeep`), which
 * the keep form shows while the clerk writes the reason: it is the plan the keep then
 * gets, it leaves the document's plan running, and a newer preview supersedes it. Real
 * collection file, real engine, the handlers themselves.
 */
import { describe, expect, it } from 'vitest';
import type { PlanView } from '../../../shared/ipc/types.js';
import { contract } from '../../../shared/ipc/contract.js';
import { createHandlers } from '../../../electron/services/handlers/index.js';
import { useAppWithCollection } from '../../helpers/app-services.js';
import { finished } from '../../helpers/finished-job.js';

const appWithCollection = useAppWithCollection('unlinkable-keep-cost-');

const text = 'The applicant lives in Oslo and works in Bergen for Statoil since the spring of that year.';
// The source, and documents that share pieces of it: some words are rare, and some common
// phrases are found together in the source alone (combinations, at arity 3).
const documents = [
  { id: 'source', text },
  { id: 'a', text: 'The applicant lives in Oslo and works in Stavanger.' },
  { id: 'b', text: 'A witness works in Bergen for Statoil since the autumn.' },
  { id: 'c', text: 'The applicant lives in Bergen since the spring of that year.' },
  { id: 'd', text: 'He works in Oslo for Statoil.' },
];

/** The planned runs' words, as the clerk reads them. */
const words = (plan: PlanView) => plan.runs.map((run) => run.text);

describe('detection:plan with alsoKeep', () => {
  it.each([1, 3] as const)('is the plan the keep then gets, and leaves the plan of the document running (arity %i)', async (arity) => {
    const { app, path } = await appWithCollection(documents);
    const handlers = createHandlers(app);
    const document = await handlers['documents:open']({ source: { kind: 'text', title: 'Judgment', text }, collectionPath: path });
    const documentId = document.id;
    const settings = { ...document.settings, arity };
    const plan = async (alsoKeep?: { start: number; end: number }) => {
      const job = await handlers['detection:plan']({ documentId, text, settings, ...(alsoKeep !== undefined && { alsoKeep }) });
      const ended = await finished(handlers, job.id);
      expect(ended.state).toBe('done');
      return ended.value as PlanView;
    };
    const before = await plan();
    expect(before.planned).toBeGreaterThan(0);

    // For every planned run: the preview of keeping it, then the plan once it is kept.
    let moved = 0;
    for (const run of before.runs) {
      const preview = await plan({ start: run.start, end: run.end });
      // The kept words are never planned.
      expect(preview.runs.every((r) => r.end <= run.start || r.start >= run.end)).toBe(true);
      const decision = await handlers['decisions:keep']({ documentId, start: run.start, end: run.end, kind: 'plan', reason: 'The Court’s own words.' });
      const kept = await plan();
      expect(words(preview)).toEqual(words(kept));
      expect(preview.planned).toBe(kept.planned);
      expect(preview.clean).toBe(kept.clean);
      // Planned around the kept run, the plan chose words it had not chosen before.
      if (preview.runs.some((r) => !before.runs.some((b) => b.start <= r.start && r.end <= b.end))) moved++;
      await handlers['decisions:unkeep']({ documentId, decisionId: decision.id });
    }
    // So the comparison above compared plans that moved, not only the plan less a run.
    expect(moved).toBeGreaterThan(0);

    // A preview is a job of its own kind, so that it supersedes only the last preview of the
    // document, never its plan (jobs.test.ts: one running job per kind and document). Which
    // job ends first is not asserted: on a text this short the engine may finish a job
    // before the cancel reaches it, and a job that ended ignores the cancel.
    const main = await handlers['detection:plan']({ documentId, text, settings });
    const first = before.runs[0]!;
    const preview = await handlers['detection:plan']({ documentId, text, settings, alsoKeep: { start: first.start, end: first.end } });
    expect(main.kind).toBe('plan');
    expect(preview.kind).toBe('plan-preview');
    expect((await finished(handlers, main.id)).state).toBe('done');
    expect((await finished(handlers, preview.id)).state).toBe('done');
  });

  it('refuses a range that is empty or lies beyond the text', () => {
    const request = (alsoKeep: { start: number; end: number }) => ({
      documentId: '7f1c2a7e-4b7d-4a35-9d55-2f6f4f8f4b11',
      text: 'Short text.',
      settings: { k: 2, arity: 1, maxN: 8, sourceId: null, collectionPath: null },
      alsoKeep,
    });
    const schema = contract['detection:plan'].request;
    expect(schema.safeParse(request({ start: 0, end: 5 })).success).toBe(true);
    expect(schema.safeParse(request({ start: 3, end: 3 })).success).toBe(false);
    expect(schema.safeParse(request({ start: 5, end: 12 })).success).toBe(false);
    expect(schema.safeParse({ ...request({ start: 0, end: 5 }), alsoKeep: undefined }).success).toBe(true);
  });
});
