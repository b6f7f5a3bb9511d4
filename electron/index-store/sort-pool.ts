/**
 * Sorts several shards at once on worker threads (one per core, at most four).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { abortError } from '../../shared/errors.js';
import { workerThreadEntry } from '../runtime/worker-entry.js';
import { sortShard, type TokenizedShard } from './shard-builder.js';
import { encodeShard, type EncodedShard } from './shard-storage.js';

/** Threads used for sorting: the cores, capped so memory stays bounded. */
export function sortParallelism(): number {
  const fromEnv = Number(process.env.UNLINKABLE_THREADS);
  if (Number.isInteger(fromEnv) && fromEnv >= 1) return Math.min(fromEnv, 8);
  return Math.max(1, Math.min(4, availableParallelism()));
}

/** Sorts and encodes one shard on a worker thread of its own; the shard's token stream is transferred. */
export function sortShardOnWorker(shard: TokenizedShard, maxTokenId: number, signal: AbortSignal | undefined): Promise<EncodedShard> {
  if (signal?.aborted === true) return Promise.reject(abortError());
  const { url, options } = workerThreadEntry(import.meta.url, 'sort-worker');
  const worker = new Worker(url, options);
  return new Promise<EncodedShard>((resolve, reject) => {
    const onAbort = (): void => {
      void worker.terminate();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (encoded: EncodedShard) => {
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      resolve(encoded);
    });
    worker.once('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    // A worker killed without an error (out of memory) would otherwise leave the build waiting; after a result this is a no-op.
    worker.once('exit', (code) => reject(new Error(`The sorting thread stopped (exit code ${code}) before it finished.`)));
    // Transfer the stream rather than copy it: the caller no longer needs it.
    worker.postMessage({ shard, maxTokenId }, [shard.tokens.buffer as ArrayBuffer]);
  });
}

/**
 * Sorts and encodes every shard: a single shard on the calling thread (no worker
 * start-up for small imports), several on workers, at most sortParallelism() at a time.
 */
export async function sortShards(
  shards: readonly TokenizedShard[],
  maxTokenId: number,
  options: { signal?: AbortSignal | undefined; onShardSorted?: (done: number, total: number) => void } = {},
): Promise<EncodedShard[]> {
  let done = 0;
  const report = (): void => options.onShardSorted?.(++done, shards.length);
  if (shards.length <= 1) {
    return shards.map((shard) => {
      const encoded = encodeShard(sortShard(shard, maxTokenId));
      report();
      return encoded;
    });
  }
  const results: EncodedShard[] = new Array(shards.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < shards.length) {
      const index = next++;
      results[index] = await sortShardOnWorker(shards[index]!, maxTokenId, options.signal);
      report();
    }
  };
  await Promise.all(Array.from({ length: Math.min(sortParallelism(), shards.length) }, lane));
  return results;
}
