/**
 * The rewriter as the evaluation's LLM methods use it (electron/evaluation/methods/
 * llm-methods.ts): arity 1 or 3 rewrites the spans of that arity in passes, re-checking
 * against the evaluation's index; null runs the paper's baseline. To wire it, set
 * REWRITER_BINDING = rewriterBinding in electron/evaluation/methods/rewriter-binding.ts.
 */
import { detectLinkage } from '../../shared/linkage/detect.js';
import type { RewriterBinding } from '../evaluation/methods/llm-methods.js';
import { identityOf } from './model-identity.js';
import { MAX_REWRITE_CONTEXT, GPU_SEQUENCES } from './model-manager.js';
import { rewriteBaseline, rewriteDocument } from './rewrite-document.js';
import type { TextSpan } from './types.js';

/** Names the prompt and the rewriting rules; bump it when either changes, so evaluations rerun. */
export const REWRITER_VERSION = 'unlinkable-rewriter-1';

function spansOf(detection: { minimal: readonly TextSpan[]; combinations: readonly TextSpan[] }, arity: 1 | 3): TextSpan[] {
  const spans = arity === 1 ? detection.minimal : [...detection.minimal, ...detection.combinations];
  return spans.map((s) => ({ start: s.start, end: s.end }));
}

/** The evaluation's binding to this rewriter. */
export const rewriterBinding: RewriterBinding = {
  version: REWRITER_VERSION,
  loadOptions: { contextSize: MAX_REWRITE_CONTEXT, sequences: GPU_SEQUENCES },
  create: (client) => async (request) => {
    const info = client.model?.info;
    const identity = info === undefined ? { name: 'unknown', sha256: null, architecture: 'unknown', quantization: 'unknown' } : identityOf(info, null);
    const options = { seed: request.seed, signal: request.signal };
    const { arity } = request;
    const result =
      arity === null
        ? await rewriteBaseline({ text: request.document.text, model: client, identity, options })
        : await rewriteDocument({
            text: request.document.text,
            spans: spansOf(request.detection, arity),
            // detectLinkage yields nothing to the event loop; the evaluation runs it off the main process.
            check: async (text) => spansOf(detectLinkage(request.index, text, { ...request.settings, arity }), arity),
            model: client,
            identity,
            options: { ...options, detection: { k: request.settings.k, arity, maxN: request.settings.maxN } },
          });
    const totals = result.record.totals;
    return { text: result.text, passes: totals.passes, promptTokens: totals.promptTokens, generatedTokens: totals.generatedTokens };
  },
};
