/**
 * The one-line summary of an edit plan, for the CLI and the review app: "Change 136 words
 * (edit ratio 0.27) and nothing links at k=2, arity ≤3".
 */
import { editSize } from '../../review/edit-ratio.js';
import type { EditPlan } from './edit-plan.js';
import type { PlannedRun } from './planned-runs.js';

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
  const change = `Change ${words.toLocaleString('en')} word${words === 1 ? '' : 's'} (edit ratio ${planEditRatio(text, plan).toFixed(2)})`;
  const cover = plan.cover === undefined ? '' : `, keeping only phrases that ${plan.cover.join(' and ')} also hold${plan.cover.length === 1 ? 's' : ''}`;
  if (plan.clean) return `${change} and nothing links at ${scope}${cover}`;
  return `${change}; linkages remain at ${scope} that only kept words could break`;
}

/**
 * Why one planned run is in the plan, for the clerk: the linkages it breaks, or, for a run
 * of the cover plan that breaks none the check listed, what keeping it would risk.
 */
export function plannedRunReason(run: Pick<PlannedRun, 'spans' | 'combinations' | 'phrases'>, cover: readonly string[] | undefined): string {
  const breaks = [
    run.spans > 0 ? `${run.spans} rare phrase${run.spans === 1 ? '' : 's'}` : '',
    run.combinations > 0 ? `${run.combinations} combination${run.combinations === 1 ? '' : 's'}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  const which =
    run.phrases.length > 0
      ? `: ${run.phrases
          .slice(0, 3)
          .map((p) => `“${p}”`)
          .join(', ')}${run.phrases.length > 3 ? ', …' : ''}`
      : '';
  if (breaks !== '') return `breaks ${breaks}${which}`;
  if (cover !== undefined) return `its phrases are not in ${cover.join(' or ')}: kept, they could combine with other phrases into a linkage`;
  return 'breaks what the last check found';
}
