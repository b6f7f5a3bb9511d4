/**
 * The methods that need no model: the released text itself (the reference row),
 * placeholder redaction of the flagged spans, and handcrafted paraphrasing.
 */
import { AppError } from '../../../shared/errors.js';
import { compilePlaceholderPattern } from '../../../shared/tokenizer/placeholders.js';
import { paraphraseHandcrafted } from '../paraphrase/handcrafted-paraphrase.js';
import type { MethodDefinition } from './method-types.js';

/** What redaction puts in place of a span. */
export const REDACTION_PLACEHOLDER = '[REDACTED]';

/** d′ unchanged: linkage risk 1 by definition, and the perplexity and ranks of the released text. */
export const releasedMethod: MethodDefinition = {
  id: 'released',
  label: 'd′ as released (no rewriting; reference)',
  settings: {},
  run: (document) => Promise.resolve({ text: document.text, passes: 0, promptTokens: 0, generatedTokens: 0, seconds: 0 }),
};

/** Character ranges merged where they overlap, in text order. */
export function mergeRanges(ranges: readonly { readonly start: number; readonly end: number }[]): { start: number; end: number }[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: { start: number; end: number }[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && range.start < last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ start: range.start, end: range.end });
  }
  return merged;
}

/** Replaces each range (merged first) by `placeholder`. */
export function redactRanges(text: string, ranges: readonly { readonly start: number; readonly end: number }[], placeholder = REDACTION_PLACEHOLDER): string {
  let out = '';
  let from = 0;
  for (const range of mergeRanges(ranges)) {
    out += text.slice(from, range.start) + placeholder;
    from = range.end;
  }
  return out + text.slice(from);
}

/**
 * Placeholder redaction of every span to rephrase at arity ≤ 3 (minimal linkable N-grams
 * and spans from combinations, at the run's first k): the floor for linkage risk and the
 * ceiling for damage to the text.
 */
export const redactionMethod: MethodDefinition = {
  id: 'redaction',
  label: 'Placeholder redaction of the spans to rephrase (arity ≤ 3)',
  settings: { placeholder: REDACTION_PLACEHOLDER, spans: 'arity<=3' },
  run: (document, context) => {
    const started = performance.now();
    const pattern = compilePlaceholderPattern(context.settings.placeholderPattern);
    if (pattern.exec(REDACTION_PLACEHOLDER)?.[0] !== REDACTION_PLACEHOLDER) {
      throw new AppError(
        'invalid-settings',
        `The collection's placeholder pattern does not match ${REDACTION_PLACEHOLDER}, so redaction would add words. Use a collection with the default pattern.`,
      );
    }
    const text = redactRanges(document.text, [...context.detection.minimal, ...context.detection.combinations]);
    return Promise.resolve({ text, passes: 1, promptTokens: 0, generatedTokens: 0, seconds: (performance.now() - started) / 1000 });
  },
};

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
