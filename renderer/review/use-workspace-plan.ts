/**
 * The edit plan of the document under review, and what the workspace shows of it: the runs
 * drawn in the text (the last plan moved with the text while a new one comes: shown-plan.ts),
 * how the plan moved when the kept words changed (plan-shift.ts), and what a keep form plans
 * from to say what keeping its phrase would cost (keep-cost.ts).
 */
import { useMemo } from 'react';
import type { Decision, PlannedRunView, ReviewDocument } from '../../shared/ipc/types.js';
import type { FindingsView } from './finding-items.js';
import type { KeepCostBasis } from './keep-cost.js';
import { usePlanShift, type PlanShift } from './plan-shift.js';
import { useShownPlan } from './shown-plan.js';
import type { Detection } from './use-detection.js';
import { usePlan, type Plan } from './use-plan.js';

export interface WorkspacePlan {
  readonly plan: Plan;
  /** The runs of the plan made for the text on screen (the draft included), in the Plan view. */
  readonly planned: readonly PlannedRunView[] | undefined;
  /** What the text draws of the plan. */
  readonly drawnPlan: ReturnType<typeof useShownPlan>;
  readonly planShift: PlanShift | undefined;
  readonly keepCostBasis: KeepCostBasis;
}

export interface WorkspacePlanInputs {
  readonly document: ReviewDocument;
  /** The text on screen: the draft while editing. */
  readonly text: string;
  readonly editing: boolean;
  readonly view: FindingsView;
  readonly detection: Detection;
  /** The kept phrases' query: no plan is asked before they are known. */
  readonly keptQuery: { readonly data: readonly Decision[] | undefined; readonly isSuccess: boolean };
}

export function useWorkspacePlan({ document, text, editing, view, detection, keptQuery }: WorkspacePlanInputs): WorkspacePlan {
  const decisions = keptQuery.data;
  const decisionsKey = (decisions ?? []).map((d) => `${d.id}:${d.start}`).join(',');
  const plan = usePlan(
    document.id,
    document.text,
    document.settings,
    !editing && view === 'plan' && detection.status === 'ready' && keptQuery.isSuccess,
    decisionsKey,
    detection.result,
  );
  // The plan made for this text, shown in the Plan view (it stays while the clerk lists the phrases).
  const planRuns = plan.planText === text ? plan.plan?.runs : undefined;
  const planned = view === 'plan' ? planRuns : undefined;
  // While the plan of a new text is on its way, the last one moved with the text is drawn.
  const planComing = view === 'plan' && !editing && detection.status !== 'unavailable' && plan.status !== 'failed' && plan.status !== 'stopped';
  // (An edit moves the kept phrases, not which they are: their ids say what the plan kept.)
  const keptIds = (decisions ?? []).map((d) => d.id).join(',');
  const settingsKey = JSON.stringify(document.settings);
  const drawnPlan = useShownPlan(editing ? undefined : planRuns, planComing, document.text, `${settingsKey}|${keptIds}`);
  // The plan of the saved text, once made; none while the text is edited.
  const currentPlan = !editing && plan.planText === document.text ? plan.plan : undefined;
  // Said under the plan's summary, and the newly planned words shaded in the text.
  const planShift = usePlanShift(currentPlan?.runs, document.text, settingsKey, keptIds, decisions ?? []);
  const keepCostBasis = useMemo(
    (): KeepCostBasis => ({ documentId: document.id, text: document.text, settings: document.settings, plan: currentPlan, kept: decisions ?? [] }),
    [document.id, document.text, document.settings, currentPlan, decisions],
  );
  return { plan, planned, drawnPlan, planShift, keepCostBasis };
}
