/**
 * The one-line summary of an edit plan, for the CLI and the review app: "Change 136 words
 * (edit ratio 0.27) and nothing links at k=2, arity ≤3".
 */
import { editSize } from '../../review/edit-ratio.js';
import type { EditPlan } from './edit-plan.js';

/** Edit ratio of the plan applied as placeholders (EVALUATION.md's word-level edit ratio). */
export function planEditRatio(text: string, plan: Pick<EditPlan, 'redacted' | 'settings'>): number {
  return editSize(text, plan.redacted, plan.settings.placeholderPattern).ratio ?? 0;
}

/** The summary line. */
export function planSummary(text: string, plan: EditPlan): string {
  const { k, arity } = plan.settings;
  const scope = `k=${k}, ${arity === 1 ? 'arity 1' : `arity ≤${arity}`}`;
  const words = plan.tokens.length;
  if (words === 0 && plan.clean) return `Nothing to change: nothing links at ${scope}`;
  const change = `Change ${words} word${words === 1 ? '' : 's'} (edit ratio ${planEditRatio(text, plan).toFixed(2)})`;
  if (plan.clean) return `${change} and nothing links at ${scope}`;
  return `${change}; linkages remain at ${scope} that only kept words could break`;
}
