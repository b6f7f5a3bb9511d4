/**
 * The three LLM methods of the paper's tables, as slots that take a rewrite function.
 * The rewriting itself lives in electron/rewriter/; the evaluation only asks it for a
 * rewrite of d′ and how much that cost. All three use the same loaded model.
 */
import type { ModelLoadOptions } from '../../llm/llm-protocol.js';
import type { LlmClient } from '../../llm/llm-client.js';
import type { PhraseIndex } from '../../../shared/linkage/phrase-index.js';
import type { DetectionSettings } from '../../../shared/linkage/settings.js';
import type { DetectionResult } from '../../../shared/linkage/types.js';
import type { CollectionIndex } from '../../index-store/collection-index.js';
import type { EvaluationDocument, MethodDefinition, MethodId, SpanCredit } from './method-types.js';

/** One rewrite the evaluation asks for. */
export interface RewriteRequest {
  readonly document: EvaluationDocument;
  /**
   * Which spans to give the model: 1 = the minimal linkable N-grams (`detection.minimal`);
   * 3 = those and the spans from combinations (`detection.combinations`); null = none,
   * the paper's baseline that rewrites the whole text "while preserving its meaning".
   */
  readonly arity: 1 | 3 | null;
  /** 'spans': rewrite the flagged spans (the paper); 'plan': rewrite the words of the minimal edit plan. */
  readonly target: 'spans' | 'plan';
  readonly collection: CollectionIndex;
  readonly index: PhraseIndex;
  /** k, max N, placeholder pattern and source id of the run (arity 3 as detected). Re-check rewrites with these. */
  readonly settings: DetectionSettings;
  /** d′ checked with `settings`, so the first pass needs no detection of its own. */
  readonly detection: DetectionResult;
  /** Sampling seed for this document. */
  readonly seed: number;
  readonly signal?: AbortSignal | undefined;
}

/** The rewriter's answer: the final text and the cost of all its passes together. */
export interface RewriteOutcome {
  readonly text: string;
  /** Rewriting passes (detection, then a generate call, repeated until nothing links or the rewriter gives up). */
  readonly passes: number;
  /** Prompt tokens over all generate calls (GenerationResult.promptTokens summed). */
  readonly promptTokens: number;
  /** Generated tokens over all generate calls. */
  readonly generatedTokens: number;
  /** Who resolved the arity-1 spans of d′ (`request.detection.minimal`). */
  readonly credit: SpanCredit;
  /** Answers the rewriter's checks refused, by reason ('too-long', 'word-invented', …), over every pass. */
  readonly rejections: Readonly<Record<string, number>>;
}

/** Rewrites one document; the evaluation times the call itself. */
export type RewriteFunction = (request: RewriteRequest) => Promise<RewriteOutcome>;

/**
 * How the evaluation gets a rewrite function for a loaded model (llm-rewriter.ts builds
 * the real one; tests pass stand-ins).
 */
export interface RewriterBinding {
  /** How to load the LLM for rewriting (sequences, context size); default: the runtime's defaults. */
  readonly loadOptions?: ModelLoadOptions;
  /** Names the rewriter and its prompt version: part of the resume key, so a changed prompt reruns. */
  readonly version: string;
  /**
   * A rewrite function on the loaded client; `embed`, the run's embedding model when it has
   * one, lets the rewriter refuse answers about something else than their phrase.
   */
  create(client: LlmClient, embed?: { readonly texts: (texts: string[]) => Promise<Float32Array[]>; readonly model: string }): RewriteFunction;
}

const LABELS: Readonly<Record<string, { arity: 1 | 3 | null; target: 'spans' | 'plan'; label: string }>> = {
  'llm-baseline': { arity: null, target: 'spans', label: 'Baseline LLM-based rewriting (without specified spans to rephrase)' },
  'llm-spans-arity-1': { arity: 1, target: 'spans', label: 'LLM-based rewriting w/ list of spans (text spans extracted for arity = 1)' },
  'llm-spans-arity-3': { arity: 3, target: 'spans', label: 'LLM-based rewriting w/ list of spans (text spans extracted for arity ≤ 3)' },
  'llm-plan-arity-1': { arity: 1, target: 'plan', label: 'LLM-based rewriting of the minimal edit plan (arity = 1)' },
  'llm-plan-arity-3': { arity: 3, target: 'plan', label: 'LLM-based rewriting of the minimal edit plan (arity ≤ 3)' },
};

/** One of the three LLM methods on `rewrite`; `model` identifies the LLM for the resume key. */
export function llmMethod(id: MethodId, rewrite: RewriteFunction, model: Readonly<Record<string, unknown>>, version: string): MethodDefinition {
  const slot = LABELS[id];
  if (slot === undefined) throw new RangeError(`${id} is not an LLM method.`);
  return {
    id,
    label: slot.label,
    settings: { model, rewriter: version },
    run: async (document, context) => {
      const started = performance.now();
      const outcome = await rewrite({
        document,
        arity: slot.arity,
        target: slot.target,
        collection: context.collection,
        index: context.index,
        settings: context.settings,
        detection: context.detection,
        seed: context.seed,
        signal: context.signal,
      });
      return { ...outcome, seconds: (performance.now() - started) / 1000 };
    },
  };
}
