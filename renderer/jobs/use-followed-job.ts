/**
 * Follows a job the main process started on its own (not in answer to a click), such as
 * loading the index at start: events about it may have gone out before this window
 * listened, so its state is fetched once and then kept up to date by the events.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { JobInfo } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { updateJob, useJob } from './job-store.js';

export function useFollowedJob(jobId: string | null): JobInfo | undefined {
  const fetched = useQuery({
    queryKey: ['jobs', 'followed', jobId],
    queryFn: () => call('jobs:get', { jobId: jobId! }),
    enabled: jobId !== null,
    staleTime: Infinity,
  });
  useEffect(() => {
    // The store never moves a finished job back to running, so a late answer is harmless.
    if (fetched.data !== undefined) updateJob(fetched.data);
  }, [fetched.data]);
  return useJob(jobId);
}
