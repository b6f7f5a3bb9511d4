/**
 * The jobs the main process reports, kept by id so any component can follow one
 * (progress bar, cancel button, result).
 */
import { useState, useSyncExternalStore } from 'react';
import type { JobInfo } from '../../shared/ipc/types.js';

const jobs = new Map<string, JobInfo>();
const listeners = new Set<() => void>();

export function updateJob(job: JobInfo): void {
  const known = jobs.get(job.id);
  // Events can arrive out of order: never move a finished job back to running.
  if (known !== undefined && known.state !== 'running' && job.state === 'running') return;
  jobs.set(job.id, job);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The latest state of a job (undefined until known). */
export function useJob(jobId: string | null | undefined): JobInfo | undefined {
  return useSyncExternalStore(subscribe, () => (jobId ? jobs.get(jobId) : undefined));
}

/** A job this component starts and follows: `start` takes the JobInfo a request returned. */
export function useStartJob(): { job: JobInfo | undefined; start: (started: JobInfo) => void } {
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJob(jobId);
  const start = (started: JobInfo): void => {
    updateJob(started);
    setJobId(started.id);
  };
  return { job, start };
}
