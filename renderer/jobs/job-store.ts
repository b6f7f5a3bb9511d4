/**
 * The jobs the main process reports, kept by id so any component can follow one
 * (progress bar, cancel button, result).
 */
import { useSyncExternalStore } from 'react';
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
