/**
 * The write side of a build, add or compaction, with memory bounded by design: token
 * streams are cut into batches of at most `shardTokens` as they are read; each full batch
 * is sorted on a worker while reading goes on, and is written to the file (inside the
 * caller's transaction) as soon as it is sorted, in the order it was read. At most
 * sortParallelism() full batches are being sorted at once, and the last one beside them;
 * reading waits for the oldest beyond that. So a build holds a few batches, never the collection: at 300M tokens the whole
 * stream, its copy in parts and every encoded shard were held until the end (peak RSS
 * 10.1 GB, BENCHMARKS.md).
 *
 * SQLite keeps its own page cache bounded and spills the transaction's pages to the file,
 * so the writes add nothing that grows with the collection either.
 */
import { throwIfAborted } from '../../shared/errors.js';
import { sortParallelism, sortShardOnWorker, sortShards } from './sort-pool.js';
import { splitTokenizedShard, type TokenizedShard } from './shard-builder.js';
import type { EncodedShard } from './shard-storage.js';

/** Below this many stream tokens a batch is sorted as one shard: workers cost more than they save. */
const MIN_TOKENS_PER_PARALLEL_SHARD = 500_000;
/**
 * Stream tokens per shard, and so per batch. A phrase rare in the collection is searched
 * for in every shard, so fewer shards make detection faster on a large collection; induced
 * sorting touches its arrays at random, so larger shards make each entry dearer to sort
 * and to open, and past 2^24 positions a suffix takes 4 bytes on disk instead of 3.
 *
 * Measured on a remixed 100M-token collection (bench/scale, 2 cores), earlier: with 8M,
 * 32M and 100M caps the build took 73, 107 and 104 s (peak RSS 4.1, 4.7 and 5.7 GB),
 * opening 7, 13 and 14 s; arity-1 p95 fell from 40 to 23 and 16 ms, but arity ≤ 3 p95
 * rose from 0.84 to 1.20 and 1.10 s. Since the streaming build and the faster triple
 * search, 15M against 8M: build 73 against 78 s (peak RSS 1.6 against 1.3 GB), open the
 * same (7.8 s), arity-1 p95 15.5 against 28 ms, arity ≤ 3 p95 150 against 174 ms. 15M
 * leaves room below 2^24 for the sentinels and for the document that fills the batch.
 */
export const MAX_TOKENS_PER_SHARD = 15_000_000;
/**
 * The first batches are smaller. When reading ends, the last full batch is still being
 * sorted on one core; on a small collection that tail is much of the build (the 25M-token
 * wiki set took 20.4–20.5 s with 8M batches and 21.6–27.6 s with 15M ones), while on a
 * large one it is amortised and the shards' number is what counts.
 */
const FIRST_BATCH_TOKENS = 8_000_000;
const FIRST_BATCHES = 4;

/** Shards a batch is cut into: enough for every core when it is large enough to pay. */
function partsFor(streamLength: number, shardTokens: number): number {
  const parallel = Math.max(1, Math.min(sortParallelism(), Math.floor(streamLength / MIN_TOKENS_PER_PARALLEL_SHARD)));
  return Math.max(parallel, Math.ceil(streamLength / shardTokens));
}

/** Writes one sorted batch: its shards, and the parts' document numbers in the same order. */
export type WriteSortedBatch<Payload> = (encoded: EncodedShard[], parts: TokenizedShard[], payload: Payload) => Promise<void> | void;

export interface PipelineOptions {
  readonly signal?: AbortSignal | undefined;
  /** Stream tokens per shard; default MAX_TOKENS_PER_SHARD (tests use small ones). */
  readonly shardTokens?: number | undefined;
  /** Shards written so far, of those started so far (reported once reading is over). */
  readonly onShardWritten?: ((done: number, total: number) => void) | undefined;
}

interface Sorting<Payload> {
  readonly sorted: Promise<{ encoded: EncodedShard[]; parts: TokenizedShard[] }>;
  readonly payload: Payload;
  readonly shards: number;
}

/** See the module comment. Call `submitFull` for each full batch in read order, then `finish`; `cancel` on failure. */
export class ShardPipeline<Payload> {
  /** The cap given to the pipeline (tests); undefined: FIRST_BATCH_TOKENS, then MAX_TOKENS_PER_SHARD. */
  private readonly fixedShardTokens: number | undefined;
  private readonly queue: Sorting<Payload>[] = [];
  private readonly stop = new AbortController();
  private readonly signal: AbortSignal;
  private started = 0;
  private written = 0;
  private reading = true;

  constructor(
    private readonly write: WriteSortedBatch<Payload>,
    private readonly options: PipelineOptions = {},
  ) {
    this.fixedShardTokens = options.shardTokens === undefined ? undefined : Math.max(1, Math.floor(options.shardTokens));
    this.signal = options.signal === undefined ? this.stop.signal : AbortSignal.any([options.signal, this.stop.signal]);
  }

  /** Stream tokens at which the batch being read is full. */
  get shardTokens(): number {
    return this.fixedShardTokens ?? (this.started < FIRST_BATCHES ? FIRST_BATCH_TOKENS : MAX_TOKENS_PER_SHARD);
  }

  /**
   * Hands over a full batch (the reader starts the next one): sorted on a worker as one
   * shard. Waits while too many are being sorted, writing the oldest.
   */
  async submitFull(batch: TokenizedShard, maxTokenId: number, payload: Payload): Promise<void> {
    this.enqueue(
      sortShardOnWorker(batch, maxTokenId, this.signal).then((encoded) => ({ encoded: [encoded], parts: [batch] })),
      payload,
      1,
    );
    while (this.queue.length > sortParallelism()) await this.writeOldest();
  }

  /**
   * Hands over the last batch and writes everything. When it is the only batch, it is
   * split so that every core sorts a part (nothing else is left to overlap with); after
   * full batches it is one shard, sorted beside them, so that a collection has as few
   * shards as the cap allows (each costs every query a few binary searches).
   */
  async finish(last: TokenizedShard | undefined, maxTokenId: number, payload: Payload): Promise<void> {
    this.reading = false;
    if (last !== undefined && last.documentNumbers.length > 0) {
      const parts = splitTokenizedShard(last, this.started === 0 ? partsFor(last.tokens.length, this.shardTokens) : 1);
      this.enqueue(
        sortShards(parts, maxTokenId, { signal: this.signal }).then((encoded) => ({ encoded, parts })),
        payload,
        parts.length,
      );
    }
    this.report();
    while (this.queue.length > 0) await this.writeOldest();
  }

  /** Stops the sorts under way (after a failure); nothing more is written. */
  cancel(): void {
    this.stop.abort();
    this.queue.length = 0;
  }

  private enqueue(sorted: Sorting<Payload>['sorted'], payload: Payload, shards: number): void {
    // A sort that fails after the caller already failed must not surface as an unhandled rejection.
    sorted.catch(() => undefined);
    this.queue.push({ sorted, payload, shards });
    this.started += shards;
  }

  private async writeOldest(): Promise<void> {
    const oldest = this.queue[0]!;
    const { encoded, parts } = await oldest.sorted;
    throwIfAborted(this.signal);
    await this.write(encoded, parts, oldest.payload);
    this.queue.shift();
    this.written += oldest.shards;
    this.report();
  }

  private report(): void {
    // While reading, the reader's own progress is what the clerk watches; one bar at a time.
    if (!this.reading) this.options.onShardWritten?.(this.written, this.started);
  }
}
