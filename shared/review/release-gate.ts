/**
 * When an export needs the clerk's justification: unless the text was checked clean at
 * the collection's policy or stricter — k, arity and longest phrase at least the
 * policy's, and against the whole collection (no source restriction). Lowering a setting
 * in the review screen therefore never opens the gate.
 */
import type { CollectionPolicy } from '../ipc/types.js';
import { sourceDoubtReason, type SourceDoubt } from '../linkage/suggest-source.js';

export interface CheckedAt {
  readonly k: number;
  readonly arity: number;
  /** 0 = unbounded. */
  readonly maxN: number;
  readonly sourceId: string | null | undefined;
}

export interface GateVerdict {
  readonly required: boolean;
  /** Why, in words, for the dialog and the report (empty when not required). */
  readonly reasons: string[];
}

/** True when a check with longest phrase `maxN` covers the policy's (0 = unbounded covers everything). */
function coversN(maxN: number, policy: number): boolean {
  if (maxN === 0) return true;
  if (policy === 0) return false;
  return maxN >= policy;
}

/**
 * The gate's verdict for a check at `settings` that left `remaining` linkable phrases;
 * `doubt`, when another document shares more of the opened text's rare phrases than the
 * source set, is named among the reasons so that the justification answers it.
 */
export function releaseGate(settings: CheckedAt, remaining: number, policy: CollectionPolicy, doubt?: SourceDoubt): GateVerdict {
  const reasons: string[] = [];
  if (remaining > 0) reasons.push(`${remaining.toLocaleString('en')} linkable phrase${remaining === 1 ? '' : 's'} remain${remaining === 1 ? 's' : ''}`);
  if (settings.k < policy.k) reasons.push(`checked at k=${settings.k}, below the collection's policy of k=${policy.k}`);
  if (settings.arity < policy.arity)
    reasons.push(`checked at arity ${settings.arity}, below the policy's arity ${policy.arity === 1 ? '1' : `≤${policy.arity}`}`);
  if (!coversN(settings.maxN, policy.maxN)) {
    reasons.push(`phrases checked up to ${settings.maxN} words, shorter than the policy's ${policy.maxN === 0 ? 'unbounded' : policy.maxN}`);
  }
  if (settings.sourceId !== null && settings.sourceId !== undefined)
    reasons.push(`checked only for linkage to ${settings.sourceId}, not to the whole collection`);
  if (doubt !== undefined && settings.sourceId !== null && settings.sourceId !== undefined) {
    reasons.push(sourceDoubtReason(settings.sourceId, doubt));
  }
  return { required: reasons.length > 0, reasons };
}

/** "k=3, arity ≤2, N ≤ 8" vs the policy: the settings that differ, for the report. */
export function policyDifferences(settings: CheckedAt, policy: CollectionPolicy): string[] {
  const out: string[] = [];
  if (settings.k !== policy.k) out.push(`k: ${settings.k} (policy ${policy.k})`);
  if (settings.arity !== policy.arity) out.push(`arity: ${settings.arity} (policy ${policy.arity})`);
  if (settings.maxN !== policy.maxN)
    out.push(`max N: ${settings.maxN === 0 ? 'unbounded' : settings.maxN} (policy ${policy.maxN === 0 ? 'unbounded' : policy.maxN})`);
  if (settings.sourceId !== null && settings.sourceId !== undefined) out.push(`source restricted to ${settings.sourceId} (policy: the whole collection)`);
  return out;
}
