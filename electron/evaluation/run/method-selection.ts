/**
 * Which methods a run can run: the model-free ones always, the LLM ones only with an LLM
 * and a wired rewriter. "all" runs what can run and lists the rest with the reason.
 */
import { AppError } from '../../../shared/errors.js';
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
    const embed =
      models.embed === undefined || models.embedding === undefined
        ? undefined
        : { texts: models.embed, model: models.embedding.identity.name ?? models.embedding.identity.fileName };
    run.push(llmMethod(id, binding!.create(client, embed), { ...identity }, binding!.version));
  }
  return { run, skipped };
}
