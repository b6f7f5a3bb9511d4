/**
 * The engine worker's state on a real collection file: the fuzzy-search rank (and its term
 * statistics, rebuilt when the collection changes), and the combinations check restricted
 * to the clerk's arity, against detection run directly at that arity; and checks after
 * the collection changed under the worker's caches.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EngineState } from '../../../electron/engine/engine-state.js';
import { addInputs, createFromInputs, openCollection, removeIds } from '../../../electron/index-store/collection-files.js';
import { createCollection } from '../../../electron/index-store/collection-writer.js';
import { runToEnd } from '../../../shared/steps.js';
import { recordsOf } from '../../helpers/records.js';
import { detectionOfPlanPhase } from '../../../shared/ipc/plan-progress.js';
import { settingsSchema } from '../../../shared/ipc/schemas.js';
import { detectLinkage } from '../../../shared/linkage/detect.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('unlinkable-engine-');

const documents = [
  { id: 'kandira', text: 'The applicant was held in an F-type prison in Kandira. He complained about the conditions of detention.' },
  { id: 'sincan', text: 'The applicant was held in Sincan prison. He complained about the length of the proceedings.' },
  { id: 'ankara', text: 'The court in Ankara dismissed the appeal. The applicant complained about the length of the proceedings.' },
  { id: 'izmir', text: 'The court in Izmir dismissed the appeal. The conditions of detention were examined.' },
];

async function collection(): Promise<{ dir: string; path: string }> {
  const dir = tempDir();
  const input = join(dir, 'collection.jsonl');
  writeFileSync(input, documents.map((d) => JSON.stringify(d)).join('\n'));
  const path = join(dir, 'collection.unl');
  await createFromInputs(path, [input], { name: 'engine test' });
  return { dir, path };
}

const settings = (arity: 1 | 2 | 3) => settingsSchema.parse({ k: 2, arity, maxN: 8, sourceId: null, collectionPath: null });

describe('EngineState', () => {
  it('loads the index shard by shard with progress, stops when cancelled, and answers exactly when a check comes mid-load', async () => {
    const path = join(tempDir(), 'sharded.unl');
    // About 20 stream tokens a document: a shard each.
    await createCollection(path, recordsOf(documents), { name: 'sharded', shardTokens: 10 });
    const text = 'The applicant was held in an F-type prison in Kandira. The court in Izmir dismissed the appeal.';
    const expected = detectLinkage(openCollection(path).phraseIndex(), text, { k: 2, arity: 3, maxN: 8 });
    const spans = (result: typeof expected) => [result.minimal.map((s) => [s.start, s.end, s.df]), result.combinations.map((s) => [s.start, s.end])];

    const progress: [string, number, number][] = [];
    const loader = new EngineState();
    const slowly = (...event: [string, number, number]): void => {
      // A shard that takes longer than a time slice: the load pauses after each, as on a large collection.
      const until = performance.now() + 15;
      while (performance.now() < until);
      progress.push(event);
    };
    const loaded = loader.load(path, new AbortController().signal, slowly);
    // Requests wait for the load (the worker's operations go through whenLoaded), so its progress keeps moving.
    const waiter = loader.whenLoaded(path).then(() => progress.length);
    const info = await loaded;
    expect(info.shardCount).toBe(4);
    expect(progress).toEqual([0, 1, 2, 3, 4].map((done) => ['loading', done, 4]));
    expect(await waiter).toBe(5);

    // Cancelled after two shards: the load stops there, and the next check loads the rest.
    const state = new EngineState();
    const cancel = new AbortController();
    const stopped = state.load(path, cancel.signal, (_phase, done) => done === 2 && cancel.abort());
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
    await expect(state.whenLoaded(path)).resolves.toBeUndefined();
    const combinations = await state.combinations(path, text, settings(3), 'doc', new AbortController().signal);
    expect(spans(combinations)).toEqual(spans(expected));

    // A check in the middle of a load loads the rest itself; the load then finishes with the same shards.
    const collection = openCollection(path);
    const steps = collection.phraseIndexSteps();
    steps.next();
    steps.next();
    const midway = collection.phraseIndex();
    expect(spans(detectLinkage(midway, text, { k: 2, arity: 3, maxN: 8 }))).toEqual(spans(expected));
    const finished = runToEnd(steps);
    expect(finished.shards).toEqual(midway.shards);
    finished.shards.forEach((shard, i) => expect(shard).toBe(midway.shards[i]));
    expect(spans(detectLinkage(collection.phraseIndex(), text, { k: 2, arity: 3, maxN: 8 }))).toEqual(spans(expected));
    collection.close();
  });

  it('ranks the source first by BM25, and rebuilds the term statistics when the collection changes', async () => {
    const { dir, path } = await collection();
    const state = new EngineState();
    const query = 'The applicant was held in an F-type prison in [REDACTED]. He complained about the conditions.';
    const rank = state.fuzzyRank(path, query, 'kandira');
    expect(rank).toMatchObject({ total: 4, topId: 'kandira', sourceId: 'kandira', rank: 1 });
    expect(rank.margin!).toBeGreaterThan(0);
    expect(state.fuzzyRank(path, query, 'unknown-id')).toMatchObject({ sourceId: null, rank: null });

    // Another process adds a closer document: the next rank sees it (the cache is keyed by generation).
    state.close(path);
    const more = join(dir, 'more.jsonl');
    writeFileSync(more, JSON.stringify({ id: 'copy', text: `${query} F-type prison F-type prison.` }));
    await addInputs(path, [more]);
    const after = state.fuzzyRank(path, query, 'kandira');
    expect(after.total).toBe(5);
    expect(after.topId).toBe('copy');
    expect(after.rank).toBe(2);
  });

  it("says which words the collection has, by token key, for the rewriter's made-up-word check", async () => {
    const { path } = await collection();
    const state = new EngineState();
    expect(state.knownWords(path, ['kandira', 'f-type', 'dismissed', 'lovant', 'Kandira', ''])).toEqual([true, true, true, false, false, false]);
  });

  it('restricts the full combinations check to the arity asked for, exactly as detection at that arity', async () => {
    const { path } = await collection();
    const state = new EngineState();
    const text = 'The court in Ankara examined the conditions of detention. He complained about the length of the proceedings in Sincan.';
    const index = openCollection(path).phraseIndex();
    const spans = (result: { minimal: readonly { start: number; end: number }[]; combinations: readonly { start: number; end: number }[] }) => ({
      minimal: result.minimal.map((s) => [s.start, s.end]),
      combinations: result.combinations.map((s) => [s.start, s.end]),
    });
    let sawCombinations = false;
    for (const arity of [1, 2, 3] as const) {
      const fromEngine = await state.combinations(path, text, settings(arity), `doc-${arity}`, new AbortController().signal);
      const direct = detectLinkage(index, text, { k: 2, arity, maxN: 8 });
      expect(spans(fromEngine), `arity ${arity}`).toEqual(spans(direct));
      expect(fromEngine.settings.arity).toBe(arity);
      if (arity === 1) expect(fromEngine.combinations).toEqual([]);
      sawCombinations ||= fromEngine.combinations.length > 0;
    }
    expect(sawCombinations).toBe(true);
  });

  it('reports how far the combination search has got, for the combinations check and for each detection of a plan', async () => {
    const { path } = await collection();
    const state = new EngineState();
    const text = 'The court in Ankara examined the conditions of detention. He complained about the length of the proceedings in Sincan.';
    const checked: [string, number, number][] = [];
    await state.combinations(path, text, settings(3), 'doc', new AbortController().signal, (...event) => checked.push(event));
    expect(checked.length).toBeGreaterThan(1);
    expect(checked.every(([phase]) => phase === 'combinations')).toBe(true);
    // Rising, and ending with every candidate searched.
    expect(checked.map(([, done]) => done)).toEqual(checked.map(([, done]) => done).sort((a, b) => a - b));
    expect(checked.at(-1)![1]).toBe(checked.at(-1)![2]);

    const planned: [string, number, number][] = [];
    const plan = await state.plan(path, text, settings(3), 'doc', [], new AbortController().signal, (...event) => planned.push(event));
    const detections = planned.map(([phase]) => detectionOfPlanPhase(phase));
    expect(detections.every((d) => d !== undefined)).toBe(true);
    // Detections counted from 1, each reported until its search ends, never going back.
    expect(detections[0]).toBe(1);
    expect(detections).toEqual([...detections].sort((a, b) => a! - b!));
    expect(new Set(detections).size).toBeGreaterThan(1);
    expect(Math.max(...detections.map(Number))).toBeLessThanOrEqual(plan.rounds);
    for (const detection of new Set(detections)) {
      const own = planned.filter(([phase]) => detectionOfPlanPhase(phase) === detection);
      expect(own.at(-1)![1]).toBe(own.at(-1)![2]);
    }
  });

  it('answers a check that runs past its time in parts, each asked again going on from the last, never complete before the end', async () => {
    const { path } = await collection();
    const state = new EngineState();
    const text =
      'The applicant was held in an F-type prison in Kandira.\n\nThe court in Izmir dismissed the appeal.\n\nHe complained about the conditions of detention in Sincan.';
    const whole = state.check(path, text, settings(1), 'whole');
    expect(whole.complete).toBe(true);
    expect(whole.partial).toBeUndefined();
    const answers = [];
    // 0 ms: every answer pauses after one position of the text, the way a slow first check on a large collection does.
    for (let answer = state.check(path, text, settings(1), 'paused', 0); ; answer = state.check(path, text, settings(1), 'paused', 0)) {
      answers.push(answer);
      if (answer.partial === undefined) break;
      expect(answer.complete).toBe(false);
      expect(answers.length).toBeLessThanOrEqual(whole.summary.tokens + 1);
    }
    // About one answer a position: each went on from where the last paused.
    expect(answers.length).toBeGreaterThan(whole.summary.segments);
    const final = answers.at(-1)!;
    expect(final.complete).toBe(true);
    const { milliseconds: _m, ...finalAnswer } = final;
    const { milliseconds: _w, ...wholeAnswer } = whole;
    expect(finalAnswer).toEqual(wholeAnswer);
    // The highlights grow answer by answer, each a finding of the whole check.
    const shown = answers.map((a) => a.minimal.length);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(shown[0]).toBeLessThan(whole.minimal.length);
  });

  it('goes on with a paused check against the collection as it is now when another process changed it between parts', async () => {
    const { dir, path } = await collection();
    const state = new EngineState();
    const text = 'The applicant was held in an F-type prison in Kandira.\n\nThe court in Izmir dismissed the appeal.';
    const first = state.check(path, text, settings(1), 'doc', 0);
    expect(first.partial).toBeDefined();
    // A copy of the text comes in: nothing of it is rare any more, what was analyzed before included.
    const more = join(dir, 'more.jsonl');
    writeFileSync(more, JSON.stringify({ id: 'copy', text }));
    await addInputs(path, [more]);
    let answer = state.check(path, text, settings(1), 'doc', 0);
    while (answer.partial !== undefined) answer = state.check(path, text, settings(1), 'doc', 0);
    expect(answer.minimal).toEqual([]);
    expect(answer.minimal).toEqual(detectLinkage(openCollection(path).phraseIndex(), text, { k: 2, arity: 1, maxN: 8 }).minimal);
  });

  it('checks again against the collection as it is now after documents were added, never from analyses of before', async () => {
    const { dir, path } = await collection();
    const state = new EngineState();
    const text = 'The applicant was held in an F-type prison in Kandira. The court in Izmir examined the conditions of detention.';
    const spans = (result: { minimal: readonly { start: number; end: number }[]; combinations: readonly { start: number; end: number }[] }) =>
      [...result.minimal, ...result.combinations].map((s) => text.slice(s.start, s.end));
    const before = state.check(path, text, settings(1), 'doc');
    expect(spans(before).length).toBeGreaterThan(0);
    await state.plan(path, text, settings(3), 'doc', [], new AbortController().signal);
    // Another process adds a copy of the text: nothing of it is rare any more.
    const more = join(dir, 'more.jsonl');
    writeFileSync(more, JSON.stringify({ id: 'copy', text }));
    await addInputs(path, [more]);
    const fresh = detectLinkage(openCollection(path).phraseIndex(), text, { k: 2, arity: 1, maxN: 8 });
    const after = state.check(path, text, settings(1), 'doc');
    expect(spans(after)).toEqual(spans(fresh));
    const combinations = await state.combinations(path, text, settings(3), 'doc', new AbortController().signal);
    const freshAll = detectLinkage(openCollection(path).phraseIndex(), text, { k: 2, arity: 3, maxN: 8 });
    expect(spans(combinations)).toEqual(spans(freshAll));
    // Removing the copy makes its phrases rare again: a cache of before would call them common, a false clean verdict.
    await removeIds(path, ['copy']);
    expect(spans(state.check(path, text, settings(1), 'doc'))).toEqual(spans(before));
  });

  it('checks combinations of each version of a document exactly as a fresh detection, with what the checks before learned', async () => {
    const { dir, path } = await collection();
    const state = new EngineState();
    const versions = [
      'The applicant was held in an F-type prison in Kandira. The court in Izmir examined the conditions of detention.',
      // A repeated sentence, a phrase taken out, and a new one put in.
      'The applicant was held in an F-type prison in Kandira. The court in Izmir examined the conditions of detention. The court in Izmir examined the conditions of detention.',
      'The applicant was held in [REDACTED]. The court in Izmir examined the conditions of detention. He complained about the length of the proceedings in Sincan.',
      'The court in Ankara dismissed the appeal. He complained about the conditions of detention in Kandira. The applicant was held in Sincan prison.',
    ];
    const spans = (result: { minimal: readonly { start: number; end: number }[]; combinations: readonly { start: number; end: number }[] }) => ({
      minimal: result.minimal.map((s) => [s.start, s.end]),
      combinations: result.combinations.map((s) => [s.start, s.end]),
    });
    const agrees = async (text: string): Promise<number> => {
      const fromEngine = await state.combinations(path, text, settings(3), 'doc', new AbortController().signal);
      const fresh = detectLinkage(openCollection(path).phraseIndex(), text, { k: 2, arity: 3, maxN: 8 });
      expect(spans(fromEngine), text).toEqual(spans(fresh));
      return fresh.combinations.length;
    };
    let combinations = 0;
    for (const text of [...versions, versions[0]!]) combinations += await agrees(text);
    expect(combinations).toBeGreaterThan(0);
    // Two documents holding every combination candidate of the last text, each in a paragraph
    // of its own, come in and go again. The candidates stay the same, so what the checks
    // learned before either change could be taken for the collection as it is now; after the
    // removal that would be a false clean verdict.
    const text = versions[3]!;
    const before = await agrees(text);
    expect(before).toBeGreaterThan(0);
    const candidates = (await state.combinations(path, text, settings(3), 'doc', new AbortController().signal)).candidates;
    const holder = candidates.map((c) => c.text).join('.\n\n');
    const more = join(dir, 'more.jsonl');
    writeFileSync(more, ['holder-1', 'holder-2'].map((id) => JSON.stringify({ id, text: holder })).join('\n'));
    await addInputs(path, [more]);
    expect(await agrees(text)).toBe(0);
    const now = (await state.combinations(path, text, settings(3), 'doc', new AbortController().signal)).candidates;
    expect(now.map((c) => c.text)).toEqual(candidates.map((c) => c.text));
    await removeIds(path, ['holder-1', 'holder-2']);
    expect(await agrees(text)).toBe(before);
  });

  it('gives a plan made before from the same inputs again, and makes it anew for other inputs or after the collection changed', async () => {
    const { dir, path } = await collection();
    const state = new EngineState();
    const text = 'The court in Ankara examined the conditions of detention. He complained about the length of the proceedings in Sincan.';
    const word = (w: string) => ({ start: text.indexOf(w), end: text.indexOf(w) + w.length });
    /** The plan, and whether it was made (a plan made at arity 2 or 3 reports the progress of its detections). */
    const plan = async (keep: { start: number; end: number }[], arity: 2 | 3 = 3, on = state) => {
      let made = false;
      const view = await on.plan(path, text, settings(arity), 'doc', keep, new AbortController().signal, () => (made = true));
      return { view, made };
    };
    const first = await plan([word('Ankara'), word('Sincan')]);
    expect(first.made).toBe(true);
    // The same inputs, the kept ranges in another order, and another document's key: given again.
    const again = await plan([word('Sincan'), word('Ankara')]);
    expect(again.made).toBe(false);
    expect(again.view).toBe(first.view);
    expect((await state.plan(path, text, settings(3), 'other', [word('Ankara'), word('Sincan')], new AbortController().signal)).runs).toEqual(first.view.runs);
    // It is the plan a fresh engine makes.
    expect((await plan([word('Ankara'), word('Sincan')], 3, new EngineState())).view.runs).toEqual(first.view.runs);
    // Other kept words, or other settings: made.
    expect((await plan([word('Ankara')])).made).toBe(true);
    expect((await plan([word('Ankara'), word('Sincan')], 2)).made).toBe(true);
    // The collection changed: made anew, against the collection as it is now.
    const more = join(dir, 'more.jsonl');
    writeFileSync(more, JSON.stringify({ id: 'copy', text }));
    await addInputs(path, [more]);
    const changed = await plan([word('Ankara'), word('Sincan')]);
    expect(changed.made).toBe(true);
    expect(changed.view.runs).toEqual((await plan([word('Ankara'), word('Sincan')], 3, new EngineState())).view.runs);
    // The copy singles itself out through the text's phrases: the plan of before would be wrong.
    expect(changed.view.planned).not.toBe(first.view.planned);
  });
});
