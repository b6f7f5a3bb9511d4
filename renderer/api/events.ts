/**
 * The one listener for main-process events: job updates go to the job store, and a
 * "changed" event invalidates exactly the queries of the domains it names.
 */
import type { QueryClient } from '@tanstack/react-query';
import { updateJob } from '../jobs/job-store.js';
import { getApi } from './client.js';

export function listenToMainProcess(queryClient: QueryClient): () => void {
  let api;
  try {
    api = getApi();
  } catch {
    return () => undefined; // The app shows the reason when its first request fails.
  }
  return api.onEvent((event) => {
    if (event.type === 'job') {
      updateJob(event.job);
      if (event.job.state === 'done' && event.job.kind !== 'combinations') void queryClient.invalidateQueries({ queryKey: ['collections'] });
      return;
    }
    for (const domain of event.domains) void queryClient.invalidateQueries({ queryKey: [domain] });
  });
}
