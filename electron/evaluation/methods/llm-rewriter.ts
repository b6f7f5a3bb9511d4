/**
 * The rewriter the evaluation's LLM methods use: electron/rewriter/, the same pass loop
 * as the app. Arity 1 or 3 rewrites the spans of that arity in passes, re-checking
 * against the evaluation's index; null runs the paper's baseline. Every run credits d′'s
 * arity-1 spans (the model-resolved share's denominator, whatever the method).
 */
import { detectLinkage } from '../../../shared/linkage/detect.js';
import { planEdits } from '../../../shared/linkage/plan/edit-plan.js';
import type { PhraseIndex } from '../../../shared/linkage/phrase-index.js';
import type { DetectionSettings } from '../../../shared/linkage/settings.js';
import { collectionWordsOf } from '../../rewriter/invented-words.js';
import { identityOf } from '../../rewriter/model-identity.js';
import { MAX_REWRITE_CONTEXT } from '../../rewriter/model-manager.js';
import { rewriteBaseline, rewriteDocument, type RewriteResult } from '../../rewriter/rewrite-document.js';
import type { RewriteUnit, TextSpan } from '../../rewriter/types.js';
import type { RewriteOutcome, RewriterBinding } from './llm-methods.js';

/**
 * Names the prompt and the rewriting rules; bump it when either changes, so evaluations rerun.
 * 7: rewriter 5's prompt (planned words named) on the fixed edit application of b5e93b1,
 * and answers that borrow the examples' words refused ('example-copied'). 5 was withdrawn,
 * its texts corrupted by the bug b5e93b1 fixed; 6 (without the new check) was not evaluated.
 * 8: 'example-copied' spares the words the document has anywhere, not only in the passage.
 * 9: answers with a word that neither the document, the collection nor WordNet has are
 * refused ('word-invented', rewriter/invented-words.ts).
 * 10: a planned word's first token is never sampled in the answer that replaces it
 * (GenerationRequest.avoidWords, llm/avoided-words.ts).
 * 11: so held back, SmolLM2 sometimes ran on; a planned phrase's answer longer than twice
 * the phrase and two words, or with three words of its own twice, is refused ('too-long',
 * 'repeated', phrase-rewriter.ts).
 * 12: with the run's embedding model, an answer whose cosine with its phrase is below 0.5
 * is refused ('meaning-changed', rewriter/meaning-check.ts).
 * 13: the number check reads numbers in words too ("fourteen" for "fifteen" is refused,
 * "15" for "fifteen" is not: rewriter/number-keys.ts).
 */
export const REWRITER_VERSION = 'unlinkable-rewriter-13';

/** How the evaluation runs the rewriter. */
export interface LlmRewriterOptions {
  /** What the model rewrites at a time (default 'phrase'; 'chunk' is the paper's). */
  readonly unit?: RewriteUnit | undefined;
  /** CPU threads for the model (default: the runtime's). */
  readonly threads?: number | undefined;
  /** Parallel sequences (default: 4 on a GPU, 1 on the CPU). */
  readonly sequences?: number | undefined;
  /**
   * Refuse answers about something else with the run's embedding model (rewriter 12; default
   * true). False measures rewriter 12 as rewriter 11 did, with the similarity still measured.
   */
  readonly meaningCheck?: boolean | undefined;
}

function spansOf(detection: { minimal: readonly TextSpan[]; combinations: readonly TextSpan[] }, arity: 1 | 3): TextSpan[] {
  const spans = arity === 1 ? detection.minimal : [...detection.minimal, ...detection.combinations];
  return spans.map((s) => ({ start: s.start, end: s.end }));
}

/** The runs of the minimal edit plan of `text`: what the model rewrites for the plan methods. */
function planRuns(index: PhraseIndex, text: string, settings: DetectionSettings): TextSpan[] {
  return planEdits(index, text, settings, { strategy: 'minimal' }).runs.map((run) => ({ start: run.start, end: run.end }));
}

/** The evaluation's binding to the rewriter. */
export function llmRewriter(options: LlmRewriterOptions = {}): RewriterBinding {
  const unit = options.unit ?? 'phrase';
  const meaningCheck = options.meaningCheck ?? true;
  return {
    version: `${REWRITER_VERSION}/${unit}${meaningCheck ? '' : '/no-meaning-check'}`,
    loadOptions: {
      contextSize: MAX_REWRITE_CONTEXT,
      ...(options.sequences === undefined ? {} : { sequences: options.sequences }),
      ...(options.threads === undefined ? {} : { threads: options.threads }),
    },
    create: (client, embed) => async (request) => {
      const info = client.model?.info;
      const identity = info === undefined ? { name: 'unknown', sha256: null, architecture: 'unknown', quantization: 'unknown' } : identityOf(info, null);
      const attributeSpans = spansOf(request.detection, 1);
      // The rewriter's seeds are 31-bit; the evaluation's per-document seeds are 32-bit.
      const base = { seed: request.seed % 2 ** 31, signal: request.signal, unit, attributeSpans };
      const { arity } = request;
      if (arity === null) {
        const result = await rewriteBaseline({ text: request.document.text, model: client, identity, options: base });
        return outcomeOf(result);
      }
      const settings = { ...request.settings, arity };
      // detectLinkage and planEdits yield nothing to the event loop; the evaluation runs them off the main process.
      const target =
        request.target === 'plan'
          ? {
              spans: planRuns(request.index, request.document.text, settings),
              check: async (text: string) => planRuns(request.index, text, settings),
              unit: 'plan' as const,
            }
          : { spans: spansOf(request.detection, arity), check: async (text: string) => spansOf(detectLinkage(request.index, text, settings), arity), unit };
      const result = await rewriteDocument({
        text: request.document.text,
        spans: target.spans,
        check: target.check,
        collectionWords: collectionWordsOf(request.index),
        meaning: embed === undefined || !meaningCheck ? undefined : { embed: embed.texts, model: embed.model },
        model: client,
        identity,
        options: { ...base, unit: target.unit, detection: { k: request.settings.k, arity, maxN: request.settings.maxN } },
      });
      return outcomeOf(result);
    },
  };
}

function outcomeOf(result: RewriteResult): RewriteOutcome {
  const totals = result.record.totals;
  return {
    text: result.text,
    passes: totals.passes,
    promptTokens: totals.promptTokens,
    generatedTokens: totals.generatedTokens,
    credit: result.record.attribution,
    rejections: totals.rejections,
  };
}
