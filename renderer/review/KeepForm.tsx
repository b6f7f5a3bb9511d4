/**
 * Keeping a flagged phrase: the clerk says why, in a sentence (it goes into the review
 * log a supervisor signs), and meanwhile reads what keeping it would do to the plan
 * (keep-cost.ts). Enter saves, Esc cancels.
 */
import { useState } from 'react';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { detectionOfPlanPhase } from '../../shared/ipc/plan-progress.js';
import { useKeepCost, type KeepCost } from './keep-cost.js';

function words(count: number): string {
  return `${count.toLocaleString()} word${count === 1 ? '' : 's'}`;
}

/** What keeping the phrase would do to the plan, in a sentence; nothing when no plan is there to compare with. */
export function keepCostSentence(cost: KeepCost): string | undefined {
  switch (cost.status) {
    case 'none':
      return undefined;
    case 'working': {
      // On a long text this takes seconds: say how far it is, as the plan's own status does.
      const job = cost.job;
      const detection = job === undefined ? undefined : detectionOfPlanPhase(job.phase);
      const share = detection !== undefined && job!.total > 0 ? `: ${Math.round(Math.min(1, job!.done / job!.total) * 100)} %` : '';
      return `Working out how keeping it would move the plan…${detection === undefined ? '' : ` (check ${detection}${share})`}`;
    }
    case 'failed':
      return 'What keeping it would do to the plan could not be worked out; it can be kept all the same.';
    case 'ready': {
      const { shift, clean } = cost;
      const remain = clean ? '' : ' Linkages would remain that only kept words could break.';
      // A phrase none of whose words is planned may leave the plan as it is.
      if (shift.newlyPlannedWords === 0 && shift.releasedWords === 0 && shift.keptWords === 0)
        return `Kept, the plan would stay as it is (${words(shift.after)}).${remain}`;
      const moved =
        shift.newlyPlannedWords === 0 && shift.releasedWords === 0
          ? 'no other word would move'
          : `${words(shift.newlyPlannedWords)} newly planned, ${words(shift.releasedWords)} no longer`;
      return `Kept, the plan would change ${words(shift.after)} instead of ${shift.before.toLocaleString()}: ${moved}.${remain}`;
    }
  }
}

/** The sentence under the reason, while the form is open. */
function KeepCostLine({ range }: { range: { start: number; end: number } }) {
  const cost = useKeepCost(range);
  const sentence = keepCostSentence(cost);
  if (sentence === undefined) return null;
  return (
    <span className={`small ${cost.status === 'ready' && !cost.clean ? 'warn' : 'muted'}`} data-testid="keep-cost" data-state={cost.status} role="status">
      {cost.status === 'working' && <span className="spinner" />} {sentence}
    </span>
  );
}

export function KeepForm({
  phrase,
  range,
  onSave,
  onCancel,
  busy,
}: {
  phrase: string;
  /** Where the phrase is in the text. */
  range: { start: number; end: number };
  onSave: (reason: string) => Promise<unknown>;
  onCancel: () => void;
  busy: boolean;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const save = () => void onSave(reason).catch(setError);
  return (
    <form
      className="keep-form stack"
      data-testid="keep-form"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <label className="stack small">
        Why may “{phrase.length > 60 ? `${phrase.slice(0, 60)}…` : phrase}” stay?
        <input
          // The form opens on a clerk's request: focus goes to its only field.
          autoFocus
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder="e.g. The phrase is the wording of Article 3 of the Convention."
          aria-label="Reason to keep"
        />
      </label>
      <KeepCostLine range={range} />
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <div className="row">
        <button type="submit" className="primary" disabled={busy || reason.trim().length === 0}>
          Keep it
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
