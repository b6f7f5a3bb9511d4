/**
 * Worker thread: sorts one shard's phrase starts and encodes it for storage, so that
 * shards sort on all cores and the calling thread stays responsive.
 */
import { parentPort } from 'node:worker_threads';
import { sortShard, type TokenizedShard } from './shard-builder.js';
import { encodeShard } from './shard-storage.js';

interface SortRequest {
  readonly shard: TokenizedShard;
  readonly maxTokenId: number;
}

parentPort?.on('message', (request: SortRequest) => {
  const encoded = encodeShard(sortShard(request.shard, request.maxTokenId));
  parentPort?.postMessage(encoded);
});
