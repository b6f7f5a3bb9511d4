// Runs a TypeScript worker from sources (tests, `npm run cli`): worker threads do not
// inherit the parent's tsx loader, so register it here, then load the real entry.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.tsEntry);
