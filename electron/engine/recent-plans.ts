/**
 * The last few plans the engine made, by everything a plan is made from: the collection
 * file and its state (its generation), the text, the settings that shape a plan, and the
 * kept ranges. A plan is the same for the same inputs (edit-plan.ts keeps its own
 * combination memo for that), so one made before is the answer, at once:
 * - the keep form's estimate of a keep (keep-cost.ts in the renderer) is the very plan the
 *   keep then asks for; on a 26,568-word text that plan took 6.8 s to make again;
 * - Undo of a keep asks for the plan of before.
 * Few are kept, across every document, since a long text's plan holds the whole text
 * twice (its own and the redacted one).
 */
import type { PlanView, ReviewSettings } from '../../shared/ipc/types.js';

/** Plans kept across all documents: the one on screen, an estimate or two, the one before a keep. */
const PLANS_KEPT = 6;

/** What a plan of the app is made from (see the module comment). */
export function planKey(
  path: string,
  generation: number,
  text: string,
  settings: ReviewSettings,
  keep: readonly { readonly start: number; readonly end: number }[],
): string {
  const kept = [...keep].sort((a, b) => a.start - b.start || a.end - b.end).map((range) => [range.start, range.end]);
  const shaping = [settings.k, settings.arity, settings.maxN, settings.sourceId, settings.strategy, settings.placeholder];
  return `${JSON.stringify([path, generation, shaping, kept])}\u0000${text}`;
}

export class RecentPlans {
  private readonly plans = new Map<string, PlanView>();

  /** The plan made before from the same inputs, if it is still kept. */
  get(key: string): PlanView | undefined {
    const plan = this.plans.get(key);
    if (plan !== undefined) this.remember(key, plan);
    return plan;
  }

  /** Keeps `plan`; the one used longest ago goes when there are too many. */
  remember(key: string, plan: PlanView): void {
    this.plans.delete(key);
    this.plans.set(key, plan);
    if (this.plans.size > PLANS_KEPT) this.plans.delete(this.plans.keys().next().value as string);
  }

  /** Forgets the plans of a collection that closes. */
  forget(path: string): void {
    const prefix = JSON.stringify([path]).slice(0, -1);
    for (const key of [...this.plans.keys()]) if (key.startsWith(`${prefix},`)) this.plans.delete(key);
  }
}
