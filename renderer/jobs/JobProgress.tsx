/** A job's progress bar with its phase and a Cancel button. */
import type { JobInfo } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';

const PHASES: Record<string, string> = {
  starting: 'Starting',
  loading: 'Reading shards',
  promoting: 'Searching in place, reading it into memory',
  reading: 'Reading files',
  sorting: 'Sorting phrases',
  writing: 'Writing the index',
  compacting: 'Compacting',
  statistics: 'Counting N-grams',
  checking: 'Checking',
  rewriting: 'Rewriting',
};

export function JobProgress({ job, label }: { job: JobInfo; label: string }) {
  if (job.state !== 'running') return null;
  const share = job.total > 0 ? Math.min(1, job.done / job.total) : null;
  const phase = PHASES[job.phase] ?? job.phase;
  return (
    <div className="progress" data-testid="job-progress">
      <span className="small">
        {label}: {phase}
        {/* Set apart from a phase that ends in words of its own ("about 1 min left · 40 %"). */}
        {share !== null ? ` · ${Math.round(share * 100)} %` : '…'}
      </span>
      <div
        className={`bar${share === null ? ' indeterminate' : ''}`}
        role="progressbar"
        aria-label={`${label}: ${phase}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share === null ? undefined : Math.round(share * 100)}
      >
        <div style={share === null ? undefined : { width: `${share * 100}%` }} />
      </div>
      <button type="button" onClick={() => void call('jobs:cancel', { jobId: job.id })}>
        Cancel
      </button>
    </div>
  );
}
