// A worker for worker-client.test.ts: reports the V8 limits it was started with.
import { resourceLimits } from 'node:worker_threads';
import { serveOperations } from '../../../electron/engine/worker-host.js';

export const limitsOperations = {
  limits: (_args: Record<string, never>) => ({ ...resourceLimits }),
};

serveOperations(limitsOperations);
