/**
 * A worker started by WorkerClient gets the V8 limits its client asks for: the engine's
 * worker runs with a small young generation (engine-limits.ts), and the scale benchmark
 * measures its memory under the same limits, so the option must reach the thread.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE_RESOURCE_LIMITS } from '../../../electron/engine/engine-limits.js';
import { WorkerClient } from '../../../electron/engine/worker-client.js';
import type { limitsOperations } from './limits-worker.js';

const clients: WorkerClient<typeof limitsOperations>[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});

function client(limits?: typeof ENGINE_RESOURCE_LIMITS): WorkerClient<typeof limitsOperations> {
  const started = new WorkerClient<typeof limitsOperations>(import.meta.url, 'limits-worker', limits);
  clients.push(started);
  return started;
}

describe('WorkerClient resource limits', () => {
  it("starts the worker with the engine's young generation", async () => {
    const limits = await client(ENGINE_RESOURCE_LIMITS).request('limits', {});
    expect(limits.maxYoungGenerationSizeMb).toBe(ENGINE_RESOURCE_LIMITS.maxYoungGenerationSizeMb);
  });

  it("leaves Node's defaults when none are given", async () => {
    const limits = await client().request('limits', {});
    expect(limits.maxYoungGenerationSizeMb).toBeGreaterThan(ENGINE_RESOURCE_LIMITS.maxYoungGenerationSizeMb!);
  });
});
