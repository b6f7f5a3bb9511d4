/**
 * Clients of the engine's worker threads. They live next to the worker entry files
 * so that each entry resolves beside its caller, from sources and from the bundle alike.
 */
import type { EngineOperations } from './engine-worker.js';
import { ENGINE_RESOURCE_LIMITS } from './engine-limits.js';
import type { ImportOperations } from './import-worker.js';
import { WorkerClient } from './worker-client.js';

/** The long-lived worker holding open collections, typed by its operations. */
export type EngineClient = WorkerClient<EngineOperations>;

export function createEngineClient(): EngineClient {
  return new WorkerClient<EngineOperations>(import.meta.url, 'engine-worker', ENGINE_RESOURCE_LIMITS);
}

/** A worker for one import job (terminated when it ends). */
export function createImportClient(): WorkerClient<ImportOperations> {
  return new WorkerClient<ImportOperations>(import.meta.url, 'import-worker');
}
