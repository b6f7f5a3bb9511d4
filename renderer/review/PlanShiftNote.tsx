/**
 * Under the plan's summary, once the kept words changed: how the plan moved (plan-shift.ts).
 * The figures add up, so that the clerk can see what a keep cost: the words planned now
 * are those planned before, plus the newly planned, less those no longer planned and the
 * kept ones.
 */
import type { PlanShift } from './plan-shift.js';

function words(count: number): string {
  return `${count.toLocaleString()} word${count === 1 ? '' : 's'}`;
}

/** What the shift says, in one sentence. */
export function planShiftSentence(shift: PlanShift): string {
  const kept = shift.keptWords > 0 ? `; ${words(shift.keptWords)} of the last plan now kept` : '';
  // Kept words none of which was planned may leave the plan as it was.
  if (shift.newlyPlannedWords === 0 && shift.releasedWords === 0 && shift.keptWords === 0)
    return `The kept words changed, and the plan stayed as it was (${words(shift.after)} to change).`;
  if (shift.newlyPlannedWords === 0 && shift.releasedWords === 0)
    return `The kept words changed, and the rest of the plan stayed: ${words(shift.after)} to change instead of ${shift.before.toLocaleString()}${kept}.`;
  return (
    `The kept words changed, and the plan moved: ${words(shift.after)} to change instead of ${shift.before.toLocaleString()}. ` +
    `${words(shift.newlyPlannedWords)} newly planned (shaded in the text, “new” in the list), ` +
    `${words(shift.releasedWords)} no longer planned${kept}.`
  );
}

export function PlanShiftNote({ shift }: { shift: PlanShift }) {
  return (
    <div className="small plan-shift" data-testid="plan-shift">
      {planShiftSentence(shift)}
    </div>
  );
}
