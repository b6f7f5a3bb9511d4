/**
 * Clients of the engine's worker threads. They live next to the worker entry files
 * so that each entry resolves beside its caller, from sources and from the bundle alike.
 */
import { WorkerClient } from './worker-client.js';

/** The long-lived worker holding open collections. */
export function createEngineClient(): WorkerClient {
  return new WorkerClient(import.meta.url, 'engine-worker');
}

/** A worker for one import job (terminated when it ends). */
export function createImportClient(): WorkerClient {
  return new WorkerClient(import.meta.url, 'import-worker');
}
