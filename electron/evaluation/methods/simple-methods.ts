/**
 * The methods that need no model: the released text itself (the reference row),
 * placeholder redaction (the paper's rule and the minimal plan), and handcrafted
 * paraphrasing.
 */
import { AppError } from '../../../shared/errors.js';
import { MINIMAL_PLANNER_VERSION, planEdits, type PlanStrategy } from '../../../shared/linkage/plan/edit-plan.js';
import { REDACTED } from '../../../shared/review/redaction.js';
import { compilePlaceholderPattern } from '../../../shared/tokenizer/placeholders.js';
import { paraphraseHandcrafted } from '../paraphrase/handcrafted-paraphrase.js';
import type { MethodDefinition, MethodId } from './method-types.js';

/** What redaction puts in place of a span. */
export const REDACTION_PLACEHOLDER = REDACTED;

/** d′ unchanged: linkage risk 1 by definition, and the perplexity and ranks of the released text. */
export const releasedMethod: MethodDefinition = {
  id: 'released',
  label: 'd′ as released (no rewriting; reference)',
  settings: {},
  run: (document) => Promise.resolve({ text: document.text, passes: 0, promptTokens: 0, generatedTokens: 0, seconds: 0 }),
};

/** Redaction would add words if the collection's placeholder pattern did not know [REDACTED]. */
function checkPlaceholder(placeholderPattern: string): void {
  const pattern = compilePlaceholderPattern(placeholderPattern);
  if (pattern.exec(REDACTION_PLACEHOLDER)?.[0] !== REDACTION_PLACEHOLDER) {
    throw new AppError(
      'invalid-settings',
      `The collection's placeholder pattern does not match ${REDACTION_PLACEHOLDER}, so redaction would add words. Use a collection with the default pattern.`,
    );
  }
}

/** A placeholder-redaction method on the one planner (shared/linkage/plan): `strategy` at `arity`. */
function redactionBy(id: MethodId, label: string, strategy: PlanStrategy, arity: 1 | 3): MethodDefinition {
  return {
    id,
    label,
    settings: {
      placeholder: REDACTION_PLACEHOLDER,
      strategy,
      arity,
      merge: 'whitespace-only',
      ...(strategy === 'minimal' && arity > 1 && { planner: MINIMAL_PLANNER_VERSION }),
    },
    run: (document, context) => {
      const started = performance.now();
      checkPlaceholder(context.settings.placeholderPattern);
      const settings = { ...context.settings, arity };
      // The run's detection is at arity ≤ 3; at arity 1 its minimal spans are the same.
      const detection =
        arity === context.settings.arity || arity === 1 ? { ...context.detection, combinations: arity === 1 ? [] : context.detection.combinations } : undefined;
      const plan = planEdits(context.index, document.text, settings, {
        strategy,
        ...(detection && { detection: { ...detection, settings } }),
        ...(context.signal && { signal: context.signal }),
      });
      return Promise.resolve({ text: plan.redacted, passes: plan.rounds, promptTokens: 0, generatedTokens: 0, seconds: (performance.now() - started) / 1000 });
    },
  };
}

/**
 * The paper's rule as placeholders: every span to rephrase at arity ≤ 3 (minimal linkable
 * N-grams and spans from combinations, at the run's first k), one pass. The floor for
 * linkage risk and the ceiling for damage to the text.
 */
export const redactionMethod = redactionBy('redaction', 'Placeholder redaction of the spans to rephrase (arity ≤ 3)', 'paper', 3);
/** The same at arity 1: the whole minimal linkable N-grams. */
export const redactionArity1Method = redactionBy('redaction-arity-1', 'Placeholder redaction of the minimal linkable N-grams (arity = 1)', 'paper', 1);
/** The minimal edit plan as placeholders, to the fixpoint: the fewest words that break every linkage. */
export const minimalRedactionArity1Method = redactionBy(
  'minimal-redaction-arity-1',
  'Minimal redaction: the fewest words, as placeholders (arity = 1)',
  'minimal',
  1,
);
export const minimalRedactionArity3Method = redactionBy(
  'minimal-redaction-arity-3',
  'Minimal redaction: the fewest words, as placeholders (arity ≤ 3)',
  'minimal',
  3,
);

/**
 * Handcrafted paraphrasing (the paper's Appendix A.2) of the whole text, as the paper's
 * baseline does it: it is not told which spans link. With an embedding model, candidates
 * are chosen by the harmonic mean of form difference and similarity.
 */
export const handcraftedMethod: MethodDefinition = {
  id: 'handcrafted',
  label: 'Handcrafted paraphrasing',
  settings: { paraphraser: 'handcrafted-v1' },
  run: async (document, context) => {
    const started = performance.now();
    const result = await paraphraseHandcrafted(document.text, {
      seed: context.seed,
      placeholderPattern: context.settings.placeholderPattern,
      ...(context.embed === undefined ? {} : { embed: context.embed }),
      ...(context.signal === undefined ? {} : { signal: context.signal }),
    });
    return { text: result.text, passes: 1, promptTokens: 0, generatedTokens: 0, seconds: (performance.now() - started) / 1000 };
  },
};
