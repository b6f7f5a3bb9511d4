/**
 * A stand-in for electron/rewriter/ in the evaluation's tests: one generate call on the
 * loaded model per document, whose answer replaces every span of the requested arity
 * (the baseline changes nothing). It exercises the plumbing, not rewriting.
 */
import type { RewriterBinding } from '../../../electron/evaluation/methods/llm-methods.js';

const SCHEMA = { type: 'object', properties: { rewrite: { type: 'string', maxLength: 40 } } } as const;

export const standInRewriter: RewriterBinding = {
  version: 'stand-in',
  loadOptions: { gpu: false, contextSize: 1024, threads: 1 },
  create: (client) => async (request) => {
    const spans = request.arity === null ? [] : [...request.detection.minimal, ...(request.arity === 3 ? request.detection.combinations : [])];
    const batch = await client.generate(
      [{ system: 'Rewrite the phrases.', user: `${spans.length} phrases`, schema: SCHEMA, seed: request.seed, maxTokens: 48 }],
      { signal: request.signal },
    );
    const result = batch.results[0]!;
    const answer = (result.json as { rewrite?: string } | undefined)?.rewrite ?? '';
    // Letters only: the model's answer must add no linkable words of its own.
    const replacement = answer.replace(/[^A-Za-z]/g, '').slice(0, 1) || 'x';
    let text = '';
    let from = 0;
    for (const span of [...spans].sort((a, b) => a.start - b.start)) {
      if (span.start < from) continue;
      text += `${request.document.text.slice(from, span.start)}${replacement}`;
      from = span.end;
    }
    text += request.document.text.slice(from);
    // Every arity-1 span it replaced counts as the model's; the baseline resolves none.
    const replaced = request.arity === null ? 0 : request.detection.minimal.length;
    const credit = {
      spans: request.detection.minimal.length,
      model: replaced,
      modelPlaceholder: 0,
      fallback: 0,
      unresolved: request.detection.minimal.length - replaced,
      ownPlaceholders: 0,
    };
    // It checks no answer, so it refuses none.
    return { text, passes: 1, promptTokens: result.promptTokens, generatedTokens: result.generatedTokens, credit, rejections: {} };
  },
};
