/**
 * The plan being made: which detection it is running and how far that one has gone, a
 * Stop button, and on a long text (still planning after a few seconds) a way to the
 * findings that need no plan. On this machine a 37,000-word text plans for about 8 s in the
 * browser host against the demo collection, after a check whose findings are on screen
 * after about 2.5 s (BENCHMARKS.md, "The long text in the review screen"; it took minutes
 * before 2026-12-05), longer against a larger collection; a spinner alone said nothing of
 * how far it was.
 */
import { useEffect, useState } from 'react';
import { detectionOfPlanPhase } from '../../shared/ipc/plan-progress.js';
import type { Plan } from './use-plan.js';

/** Seconds of planning after which the panel says a long text can take minutes. */
const LONG_PLAN_SECONDS = 5;

export function PlanningStatus({ plan, onPhrases }: { plan: Plan; onPhrases: () => void }) {
  const job = plan.job;
  const jobId = job?.id;
  const startedAt = job?.startedAt;
  // The job whose plan has run long (a newer job starts short again).
  const [longJob, setLongJob] = useState<string | undefined>(undefined);
  const long = jobId !== undefined && longJob === jobId;
  useEffect(() => {
    if (jobId === undefined || startedAt === undefined) return;
    const wait = Math.max(0, Date.parse(startedAt) + LONG_PLAN_SECONDS * 1000 - Date.now());
    const timer = setTimeout(() => setLongJob(jobId), wait);
    return () => clearTimeout(timer);
  }, [jobId, startedAt]);
  const detection = job === undefined ? undefined : detectionOfPlanPhase(job.phase);
  const share = job !== undefined && detection !== undefined && job.total > 0 ? Math.min(1, job.done / job.total) : undefined;
  return (
    <span className="muted">
      <span className="spinner" /> Planning the fewest words to change…
      {detection !== undefined && (
        <span className="progress plan-progress" data-testid="plan-progress">
          <span className="small">
            Check {detection}
            {share !== undefined && `: ${Math.round(share * 100)} %`}
          </span>
          <span
            className={`bar${share === undefined ? ' indeterminate' : ''}`}
            role="progressbar"
            aria-label={`Planning, check ${detection}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={share === undefined ? undefined : Math.round(share * 100)}
          >
            <span style={share === undefined ? undefined : { width: `${share * 100}%` }} />
          </span>
        </span>
      )}
      {job !== undefined && (
        <button type="button" className="link" onClick={plan.stop} data-testid="stop-plan">
          Stop
        </button>
      )}
      {long && (
        <span data-testid="long-plan">
          {' '}
          A long text can take minutes to plan.{' '}
          <button type="button" className="link" onClick={onPhrases}>
            See every phrase now
          </button>
        </span>
      )}
    </span>
  );
}

/** What the panel says once the clerk stopped the plan. */
export function PlanStopped({ plan, onPhrases }: { plan: Plan; onPhrases: () => void }) {
  return (
    <span className="muted" data-testid="plan-stopped">
      Planning stopped: nothing is planned.{' '}
      <button type="button" className="link" onClick={plan.again}>
        Plan again
      </button>{' '}
      or{' '}
      <button type="button" className="link" onClick={onPhrases}>
        see every phrase
      </button>
      .
    </span>
  );
}
