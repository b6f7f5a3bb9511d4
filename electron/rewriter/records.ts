/**
 * The record of a run: passes, tokens, decode calls, seconds, the model and the settings.
 * It holds counts only, never document text.
 */
import type { ResolvedRewriteSettings } from './settings.js';
import type { GenerationTotals, ModelIdentity, PassRecord, RewriteOutcomeReason, RewriteRecord, SpanAttribution } from './types.js';

/** Refused answers by reason, added up (over passes, documents, benchmark rows). */
export function sumRejections(counts: readonly Readonly<Record<string, number>>[]): Record<string, number> {
  const total: Record<string, number> = {};
  for (const byReason of counts) for (const [reason, n] of Object.entries(byReason)) total[reason] = (total[reason] ?? 0) + n;
  return total;
}

function sum(passes: readonly PassRecord[], key: keyof GenerationTotals | 'fallbacks' | 'wallSeconds'): number {
  return passes.reduce((total, pass) => total + pass[key], 0);
}

/** Builds the record of a finished run. */
export function buildRecord(args: {
  mode: 'spans' | 'baseline';
  startedAt: Date;
  model: ModelIdentity;
  settings: ResolvedRewriteSettings;
  passes: PassRecord[];
  outcome: RewriteOutcomeReason;
  remaining: number | null;
  attribution: SpanAttribution;
  /** The meaning check's model and threshold; absent or null: answers were not checked for meaning. */
  meaningCheck?: RewriteRecord['settings']['meaningCheck'];
}): RewriteRecord {
  const { mode, startedAt, model, settings, passes, outcome, remaining, attribution } = args;
  const decodeCalls = sum(passes, 'decodeCalls');
  const generatedTokens = sum(passes, 'generatedTokens');
  return {
    kind: 'llm-rewrite',
    mode,
    startedAt: startedAt.toISOString(),
    model,
    settings: {
      k: settings.detection?.k ?? null,
      arity: settings.detection?.arity ?? null,
      maxN: settings.detection?.maxN ?? null,
      temperature: settings.temperature,
      seed: settings.seed,
      maxPasses: settings.maxPasses,
      maxRetries: settings.maxRetries,
      sentencesPerChunk: settings.sentencesPerChunk,
      maxChunkChars: settings.maxChunkChars,
      fewShot: settings.fewShot,
      unit: settings.unit,
      meaningCheck: args.meaningCheck ?? null,
    },
    passes,
    totals: {
      passes: passes.length,
      calls: sum(passes, 'calls'),
      requests: sum(passes, 'requests'),
      promptTokens: sum(passes, 'promptTokens'),
      reusedPromptTokens: sum(passes, 'reusedPromptTokens'),
      generatedTokens,
      decodeCalls,
      tokensPerDecode: decodeCalls > 0 ? generatedTokens / decodeCalls : 0,
      seconds: sum(passes, 'seconds'),
      fallbacks: sum(passes, 'fallbacks'),
      rejections: sumRejections(passes.map((pass) => pass.rejections)),
      wallSeconds: (Date.now() - startedAt.getTime()) / 1000,
    },
    outcome,
    remaining,
    attribution,
  };
}
