/** The pass loop against a real (in-memory) index, with a deterministic synonym rewriter. */
import { describe, expect, it } from 'vitest';
import { buildMemoryIndex } from '../../../electron/index-store/memory-index.js';
import { describeProgress, PassProgress } from '../../../electron/rewriter/progress.js';
import { rewriteBaseline, rewriteDocument } from '../../../electron/rewriter/rewrite-document.js';
import type { RewriteProgress, TextSpan } from '../../../electron/rewriter/types.js';
import { detectLinkage } from '../../../shared/linkage/detect.js';
import { applyReplacements } from '../../../shared/review/text-change.js';
import { FAKE_IDENTITY, fakeModel, synonymRewriter } from './fake-model.js';

const common =
  'The applicant lived in a small town near the port. The court examined the complaint of the applicant. The applicant was represented by a lawyer.';
const index = buildMemoryIndex([
  { id: 'source', text: 'The applicant lived in Kandira near the old harbour. The court examined the complaint of the applicant.' },
  { id: 'd2', text: common },
  { id: 'd3', text: `${common} The boats stayed at the wharf.` },
  { id: 'd4', text: `${common} The town has a port.` },
]);
const settings = { k: 2, arity: 1 as const, maxN: 8 };
const check = async (text: string): Promise<TextSpan[]> => {
  const result = detectLinkage(index, text, settings);
  return [...result.minimal, ...result.combinations].map((s) => ({ start: s.start, end: s.end }));
};
const text =
  'The applicant lived in Kandira near the old harbour. The court examined the complaint of the applicant.\n\nThe applicant was represented by a lawyer.';
// "harbour" becomes "wharf", itself rare: a second pass is needed.
const synonyms = { kandira: 'a small town', old: 'ancient', harbour: 'wharf', wharf: 'port', 'represented by a lawyer': 'assisted by counsel' };

describe('rewriteDocument: detect → rewrite → detect', () => {
  it('repeats passes until nothing is linkable, and proposes one change per chunk in original offsets', async () => {
    expect(await check(text)).toHaveLength(3);
    const model = fakeModel(synonymRewriter(synonyms));
    const result = await rewriteDocument({ text, check, model, identity: FAKE_IDENTITY, options: { seed: 7, detection: settings, unit: 'chunk' } });
    expect(result.text).toBe(
      'The applicant lived in a small town near the ancient port. The court examined the complaint of the applicant.\n\nThe applicant was represented by a lawyer.',
    );
    expect(await check(result.text)).toEqual([]);
    expect(result.remaining).toEqual([]);
    expect(result.record).toMatchObject({ kind: 'llm-rewrite', mode: 'spans', outcome: 'nothing-linkable', remaining: 0, model: FAKE_IDENTITY });
    expect(result.record.passes.map((p) => [p.pass, p.spans, p.chunks, p.remaining])).toEqual([
      [1, 3, 1, 1],
      [2, 1, 1, 0],
    ]);
    expect(result.record.settings).toMatchObject({ k: 2, arity: 1, maxN: 8, temperature: 1.2, seed: 7, maxPasses: 4, maxRetries: 2 });
    expect(result.record.totals).toMatchObject({ passes: 2, calls: 2, requests: 2 });
    expect(result.record.totals.promptTokens).toBeGreaterThan(0);
    expect(result.record.totals.generatedTokens).toBeGreaterThan(0);

    // One proposal for the one changed chunk, widened to whole words, with the reasoning of both passes.
    expect(result.proposals).toHaveLength(1);
    expect(result.proposals[0]).toMatchObject({
      before: 'Kandira near the old harbour',
      after: 'a small town near the ancient port',
      fallback: false,
      model: FAKE_IDENTITY,
    });
    expect(result.proposals[0]!.reasoning).toMatch(/^Pass 1: .*\nPass 2: /u);
    expect(text.slice(result.proposals[0]!.start, result.proposals[0]!.end)).toBe(result.proposals[0]!.before);
    expect(applyReplacements(text, result.proposals)).toBe(result.text);
  });

  it('stops at the pass limit when the model cannot finish', async () => {
    const model = fakeModel(synonymRewriter({ ...synonyms, wharf: 'wharf' }));
    const result = await rewriteDocument({ text, check, model, identity: FAKE_IDENTITY, options: { maxPasses: 1, maxRetries: 0 } });
    expect(result.record).toMatchObject({ outcome: 'max-passes', remaining: 1 });
    expect(result.record.passes).toHaveLength(1);
    expect(result.remaining).toHaveLength(1);
  });

  it('does nothing when nothing is linkable', async () => {
    const model = fakeModel(() => 'never');
    const result = await rewriteDocument({ text: 'The applicant was represented by a lawyer.', check, model, identity: FAKE_IDENTITY });
    expect(result).toMatchObject({ text: 'The applicant was represented by a lawyer.', proposals: [], remaining: [] });
    expect(result.record.outcome).toBe('nothing-to-do');
    expect(model.calls).toHaveLength(0);
  });

  it('forces another pass on spans the clerk selects, then checks again', async () => {
    const done = 'The applicant lived in a small town near the port.\n\nThe applicant was represented by a lawyer.';
    expect(await check(done)).toEqual([]);
    const selected = { start: done.indexOf('represented'), end: done.indexOf('lawyer') + 'lawyer'.length };
    const model = fakeModel(synonymRewriter(synonyms));
    const result = await rewriteDocument({ text: done, spans: [selected], check, model, identity: FAKE_IDENTITY });
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]).toHaveLength(1);
    expect(model.calls[0]![0]!.user).toContain('⟦represented by a lawyer⟧');
    expect(result.proposals).toEqual([expect.objectContaining({ before: 'represented by a lawyer', after: 'assisted by counsel' })]);
    expect(applyReplacements(done, result.proposals)).toBe(result.text);
    expect(result.record.outcome).toBe('nothing-linkable');
  });

  it('refuses spans outside the text', async () => {
    const model = fakeModel(() => 'x');
    await expect(rewriteDocument({ text: 'Short.', spans: [{ start: 2, end: 99 }], check, model, identity: FAKE_IDENTITY })).rejects.toMatchObject({
      code: 'invalid-input',
    });
  });

  it('reports progress by chunk, or by phrase where each phrase is a request of its own, with tokens per second', async () => {
    for (const unit of ['chunk', 'phrase'] as const) {
      const updates: RewriteProgress[] = [];
      await rewriteDocument({
        text,
        check,
        model: fakeModel(synonymRewriter(synonyms)),
        identity: FAKE_IDENTITY,
        options: { unit, onProgress: (p) => updates.push(p) },
      });
      // A pass by phrase says nothing until its phrases are counted: never "chunk 1 of 1" first.
      expect(updates[0]).toMatchObject({ pass: 1, maxPasses: 4, unit, done: 0, total: unit === 'chunk' ? 1 : 2 });
      expect(updates.every((u) => u.unit === unit)).toBe(true);
      expect(updates.some((u) => u.tokensPerSecond > 0)).toBe(true);
      for (const u of updates) expect(u.done).toBeLessThanOrEqual(u.total);
      expect(updates.at(-1)).toMatchObject({ pass: 2, unit, done: updates.at(-1)!.total, secondsLeft: 0 });
      // The one chunk's phrases are counted, not the chunk: "chunk 1 of 1" was full after its first phrase.
      const firstPass = updates.filter((u) => u.pass === 1 && u.unit === unit);
      expect(Math.max(...firstPass.map((u) => u.total))).toBe(unit === 'chunk' ? 1 : 2);
    }
  });

  it('cancels: the run rejects with an AbortError and returns nothing', async () => {
    const controller = new AbortController();
    const model = fakeModel(synonymRewriter(synonyms), { delayMs: 5_000 });
    const running = rewriteDocument({ text, check, model, identity: FAKE_IDENTITY, options: { signal: controller.signal } });
    setTimeout(() => controller.abort(), 20);
    // The fake model only answers after 5 s unless aborted: an AbortError here means the cancel stopped it.
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(model.calls).toHaveLength(1);

    const aborted = new AbortController();
    aborted.abort();
    await expect(
      rewriteDocument({ text, check, model: fakeModel(synonymRewriter(synonyms)), identity: FAKE_IDENTITY, options: { signal: aborted.signal } }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('rewriteBaseline: the paper baseline, without spans', () => {
  it('rewrites every chunk in every pass, with the same prompt minus the spans', async () => {
    const model = fakeModel(({ passage }) => passage.replace(/\bThe\b/gu, 'This'));
    const result = await rewriteBaseline({ text, check, model, identity: FAKE_IDENTITY, options: { maxPasses: 2 } });
    expect(model.calls.map((call) => call.length)).toEqual([2, 2]);
    for (const request of model.calls.flat()) expect(request.user).not.toMatch(/[⟦⟧]|Phrases to rephrase/u);
    expect(result.text).toBe(text.replace(/\bThe\b/gu, 'This'));
    expect(result.record).toMatchObject({ mode: 'baseline', outcome: 'max-passes', remaining: 3 });
    expect(result.record.passes.map((p) => p.remaining)).toEqual([3, 3]);
    expect(applyReplacements(text, result.proposals)).toBe(result.text);
  });

  it('runs three passes by default and keeps a chunk the model keeps failing on', async () => {
    const model = fakeModel(() => undefined);
    const result = await rewriteBaseline({ text, model, identity: FAKE_IDENTITY, options: { maxRetries: 0 } });
    expect(model.calls).toHaveLength(3);
    expect(result.text).toBe(text);
    expect(result.proposals).toEqual([]);
    expect(result.remaining).toBeNull();
    expect(result.record.passes.map((p) => p.fallbacks)).toEqual([2, 2, 2]);
  });
});

describe('describeProgress', () => {
  it('names the pass (of at most so many: the passes stop once nothing links), the chunk, the speed and the time left', () => {
    // The time left is the call's: a later try may follow, so it says "in this try".
    expect(
      describeProgress({ pass: 1, maxPasses: 4, unit: 'chunk', done: 2, total: 8, attempt: 1, maxAttempts: 3, tokensPerSecond: 12.4, secondsLeft: 41 }),
    ).toBe('Rewriting, pass 1 of at most 4, chunk 3 of 8 · 12 tokens/s · about 40 s left in this try');
    // On the last try (or when none is asked for again) nothing of the pass follows the call.
    expect(
      describeProgress({ pass: 1, maxPasses: 4, unit: 'phrase', done: 5, total: 8, attempt: 3, maxAttempts: 3, tokensPerSecond: 12.4, secondsLeft: 41 }),
    ).toBe('Rewriting, pass 1 of at most 4, phrase 6 of 8, try 3 of 3 · 12 tokens/s · about 40 s left in this pass');
    expect(describeProgress({ pass: 1, maxPasses: 1, unit: 'chunk', done: 0, total: 2, attempt: 1, maxAttempts: 1, tokensPerSecond: 9, secondsLeft: 90 })).toBe(
      'Rewriting, pass 1, the last, chunk 1 of 2 · 9 tokens/s · about 2 min left in this pass',
    );
    expect(
      describeProgress({ pass: 2, maxPasses: 4, unit: 'chunk', done: 0, total: 3, attempt: 1, maxAttempts: 3, tokensPerSecond: 0, secondsLeft: undefined }),
    ).toBe('Rewriting, pass 2 of at most 4, chunk 1 of 3');
    expect(
      describeProgress({ pass: 2, maxPasses: 4, unit: 'chunk', done: 3, total: 3, attempt: 1, maxAttempts: 3, tokensPerSecond: 30, secondsLeft: 200 }),
    ).toMatch(/chunk 3 of 3 · 30 tokens\/s · about 3 min left in this try$/u);
    expect(
      describeProgress({ pass: 4, maxPasses: 4, unit: 'chunk', done: 0, total: 1, attempt: 1, maxAttempts: 3, tokensPerSecond: 0, secondsLeft: undefined }),
    ).toBe('Rewriting, pass 4, the last, chunk 1 of 1');
  });
});

describe('PassProgress', () => {
  it('says no time is left of a call once all its answers are in, however short they came out', () => {
    const phases: string[] = [];
    const progress = new PassProgress(1, 4, 2, (p) => phases.push(describeProgress(p)));
    progress.startCall([700, 700]);
    progress.update({ generatedTokens: 20, tokensPerSecond: 10, completedRequests: 1, totalRequests: 2 });
    expect(phases.at(-1)).toMatch(/chunk 2 of 2 · 10 tokens\/s · about \d+ s left in this pass$/u);
    // Both answers in, far fewer tokens than the ~428 expected: the estimate goes.
    progress.update({ generatedTokens: 40, tokensPerSecond: 10, completedRequests: 2, totalRequests: 2 });
    expect(phases.at(-1)).toBe('Rewriting, pass 1 of at most 4, chunk 2 of 2 · 10 tokens/s');
  });

  it('says which try a call is when refused answers are asked for again, the share going back to what is settled', () => {
    const shares: string[] = [];
    const progress = new PassProgress(1, 4, 4, (p) => shares.push(`${describeProgress(p)} | ${p.done}/${p.total}`), 3);
    progress.countPhrases(4);
    progress.startCall([100, 100, 100, 100], 0);
    progress.update({ generatedTokens: 80, tokensPerSecond: 10, completedRequests: 4, totalRequests: 4 });
    expect(shares.at(-1)).toBe('Rewriting, pass 1 of at most 4, phrase 4 of 4 · 10 tokens/s | 4/4');
    // One answer passed the checks; the other three are asked for again.
    progress.settle(1);
    progress.startCall([100, 100, 100], 1);
    progress.update({ generatedTokens: 10, tokensPerSecond: 10, completedRequests: 1, totalRequests: 3 });
    expect(shares.at(-1)).toMatch(/^Rewriting, pass 1 of at most 4, phrase 3 of 4, try 2 of 3 · 10 tokens\/s · about \d+ s left in this try \| 2\/4$/u);
  });
});
