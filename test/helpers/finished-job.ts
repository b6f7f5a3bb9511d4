// Waiting for a job the handlers started, as the page does: by asking after it until it ends.
import type { Handlers } from '../../electron/services/app-services.js';

/** Polls a job until it ends, and gives its last state. */
export async function finished(handlers: Handlers, jobId: string) {
  for (;;) {
    const job = await handlers['jobs:get']({ jobId });
    if (job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
