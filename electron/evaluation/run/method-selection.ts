/**
 * Which methods a run can run: the model-free ones always, the LLM ones only with an LLM
 * and a wired rewriter. "all" runs what can run and lists the rest with the reason.
 */
import { AppError } from '../../../shared/errors.js';
import { modelKindOf } from '../../llm/model-architectures.js';
import { MEANING_MODEL, isMeaningModel } from '../../rewriter/meaning-model.js';
import { llmMethod, type RewriterBinding } from '../methods/llm-methods.js';
import { LLM_METHOD_IDS, METHOD_IDS, type MethodDefinition, type MethodId } from '../methods/method-types.js';
import {
  handcraftedMethod,
  minimalRedactionArity1Method,
  minimalRedactionArity3Method,
  redactionArity1Method,
  redactionMethod,
  releasedMethod,
} from '../methods/simple-methods.js';
import type { ModelServices } from './model-services.js';

const LLM_LABELS: Readonly<Record<string, string>> = {
  'llm-baseline': 'Baseline LLM-based rewriting (without specified spans to rephrase)',
  'llm-spans-arity-1': 'LLM-based rewriting w/ list of spans (arity = 1)',
  'llm-spans-arity-3': 'LLM-based rewriting w/ list of spans (arity ≤ 3)',
  'llm-plan-arity-1': 'LLM-based rewriting of the minimal edit plan (arity = 1)',
  'llm-plan-arity-3': 'LLM-based rewriting of the minimal edit plan (arity ≤ 3)',
};

const MODEL_FREE: Partial<Record<MethodId, MethodDefinition>> = {
  released: releasedMethod,
  handcrafted: handcraftedMethod,
  redaction: redactionMethod,
  'redaction-arity-1': redactionArity1Method,
  'minimal-redaction-arity-1': minimalRedactionArity1Method,
  'minimal-redaction-arity-3': minimalRedactionArity3Method,
};

/** Methods to run and methods left out with the reason. */
export interface MethodSelection {
  readonly run: readonly MethodDefinition[];
  readonly skipped: readonly { readonly id: MethodId; readonly label: string; readonly reason: string }[];
}

/** Resolves `requested` ("all" or a list) against what this run has. */
export function selectMethods(requested: 'all' | readonly MethodId[], models: ModelServices, binding: RewriterBinding | undefined): MethodSelection {
  const wanted = requested === 'all' ? METHOD_IDS : requested;
  const run: MethodDefinition[] = [];
  const skipped: { id: MethodId; label: string; reason: string }[] = [];
  const missing = models.llm === undefined ? 'needs an LLM (--llm-model)' : binding === undefined ? 'no rewriter was given to the evaluation' : undefined;
  for (const id of METHOD_IDS.filter((m) => wanted.includes(m))) {
    if (!LLM_METHOD_IDS.includes(id)) {
      run.push(MODEL_FREE[id]!);
      continue;
    }
    if (missing !== undefined) {
      if (requested !== 'all') throw new AppError('invalid-settings', `Method ${id} ${missing}.`);
      skipped.push({ id, label: LLM_LABELS[id]!, reason: missing });
      continue;
    }
    const { identity, client } = models.llm!;
    run.push(llmMethod(id, binding!.create(client, meaningEmbedding(models)), { ...identity }, binding!.version));
  }
  return { run, skipped };
}

/**
 * The run's embedding model for the rewriter's meaning check, when it is the check's model
 * (all-MiniLM-L6-v2, as in the app and `unlinkable rewrite`): the check's threshold was
 * chosen on that model's cosines, and another model's lie on another scale. With any other
 * embedding model the LLM methods run unchecked, and their records say so.
 */
export function meaningEmbedding(
  models: Pick<ModelServices, 'embed' | 'embedding'>,
): { texts: (texts: string[]) => Promise<Float32Array[]>; model: string } | undefined {
  const identity = models.embedding?.identity;
  if (models.embed === undefined || identity === undefined) return undefined;
  const meaningModel = isMeaningModel({ kind: modelKindOf(identity.architecture), name: identity.name ?? undefined, fileName: identity.fileName });
  return meaningModel ? { texts: models.embed, model: MEANING_MODEL } : undefined;
}
