/** The evaluation's rewriter: arity 1 / 3 rewrite their spans in passes against the evaluation's index; null runs the baseline. */
import { describe, expect, it } from 'vitest';
import type { RewriteRequest } from '../../../electron/evaluation/methods/llm-methods.js';
import type { CollectionIndex } from '../../../electron/index-store/collection-index.js';
import { buildMemoryIndex } from '../../../electron/index-store/memory-index.js';
import type { LlmClient } from '../../../electron/llm/llm-client.js';
import { REWRITER_VERSION, llmRewriter } from '../../../electron/evaluation/methods/llm-rewriter.js';
import { detectLinkage } from '../../../shared/linkage/detect.js';
import { resolveSettings } from '../../../shared/linkage/settings.js';
import { fakeModel, synonymRewriter } from '../rewriter/fake-model.js';

// "a quiet town", not "a small town": "small" is a word of the prompt's examples, which an answer may not bring
// into a document that lacks it (example-copied).
const common = 'The applicant lived in a quiet town near the port. The court examined the complaint of the applicant.';
const index = buildMemoryIndex([
  { id: 'source', text: 'The applicant lived in Kandira near the old harbour. The court examined the complaint of the applicant.' },
  { id: 'd2', text: common },
  { id: 'd3', text: `${common} The boats stayed at the wharf.` },
]);
const text = 'The applicant lived in Kandira near the old harbour. The court examined the complaint of the applicant.';
const settings = resolveSettings({ k: 2, arity: 3, maxN: 8 });

function request(arity: 1 | 3 | null): RewriteRequest {
  return {
    document: { id: 'doc', text, sourceId: 'source' },
    arity,
    target: 'spans',
    collection: undefined as unknown as CollectionIndex,
    index,
    settings,
    detection: detectLinkage(index, text, settings),
    seed: 5,
  };
}

describe('llmRewriter', () => {
  const fake = fakeModel(synonymRewriter({ kandira: 'a quiet town', old: 'ancient', harbour: 'wharf', wharf: 'port' }));
  const rewrite = llmRewriter().create(fake as unknown as LlmClient);

  it('rewrites the spans of the requested arity until nothing links, and reports the cost', async () => {
    const outcome = await rewrite(request(1));
    expect(outcome.text).toBe('The applicant lived in a quiet town near the ancient port. The court examined the complaint of the applicant.');
    expect(detectLinkage(index, outcome.text, { ...settings, arity: 1 }).minimal).toEqual([]);
    expect(outcome.passes).toBe(2);
    expect(outcome.promptTokens).toBeGreaterThan(0);
    expect(outcome.generatedTokens).toBeGreaterThan(0);
    // d′'s arity-1 spans, each rewritten by the (fake) model.
    expect(outcome.credit).toMatchObject({ model: outcome.credit.spans, fallback: 0, unresolved: 0 });
    expect(outcome.credit.spans).toBeGreaterThan(0);
    expect(fake.calls.at(-1)![0]!.seed).not.toBe(fake.calls.at(-2)![0]!.seed);
  });

  it("counts the answers its checks refused, by reason: the collection's words reach the made-up-word check", async () => {
    // "Zorvane" is in no document and no dictionary: every try is refused, and the phrase falls back.
    const inventing = llmRewriter().create(
      fakeModel(synonymRewriter({ kandira: 'Zorvane', old: 'ancient', harbour: 'wharf', wharf: 'port' })) as unknown as LlmClient,
    );
    const outcome = await inventing(request(1));
    expect(outcome.rejections['word-invented']).toBeGreaterThanOrEqual(1);
    expect(outcome.credit.fallback).toBeGreaterThanOrEqual(1);
    expect(outcome.text).not.toContain('Zorvane');
    // The run that invents nothing refuses nothing for it.
    expect((await rewrite(request(1))).rejections['word-invented']).toBeUndefined();
  });

  it("refuses answers about something else with the run's embedding model, unless told not to, and says which in its version", async () => {
    // A stand-in embedding: "a quiet town" points nowhere near "Kandira"; every other text the same way.
    const embed = { model: 'stand-in', texts: async (texts: string[]) => texts.map((t) => Float32Array.from(t.includes('quiet town') ? [0, 1] : [1, 0])) };
    const model = () => fakeModel(synonymRewriter({ kandira: 'a quiet town', old: 'ancient', harbour: 'wharf', wharf: 'port' })) as unknown as LlmClient;
    const checked = await llmRewriter().create(model(), embed)(request(1));
    expect(checked.rejections['meaning-changed']).toBeGreaterThanOrEqual(1);
    expect(checked.text).not.toContain('quiet town');
    const unchecked = await llmRewriter({ meaningCheck: false }).create(model(), embed)(request(1));
    expect(unchecked.rejections['meaning-changed']).toBeUndefined();
    expect(unchecked.text).toContain('quiet town');
    // A run without the check resumes apart from one with it.
    expect(llmRewriter({ meaningCheck: false }).version).toBe(`${REWRITER_VERSION}/phrase/no-meaning-check`);
    expect(llmRewriter().version).toBe(`${REWRITER_VERSION}/phrase`);
  });

  it('runs the baseline, without spans, for arity null', async () => {
    const before = fake.calls.length;
    const outcome = await rewrite(request(null));
    expect(outcome.passes).toBe(3);
    expect(
      fake.calls
        .slice(before)
        .flat()
        .every((r) => !/[⟦⟧]/u.test(r.user)),
    ).toBe(true);
    expect(REWRITER_VERSION).toMatch(/^unlinkable-rewriter-\d+$/u);
    expect(llmRewriter({ unit: 'chunk' }).version).toBe(`${REWRITER_VERSION}/chunk`);
  });
});
