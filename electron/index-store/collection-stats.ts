/**
 * The statistics of the paper's Figure 2: distinct N-grams by N, the distribution of
 * their posting-list lengths (document frequencies), and the share with df = 1.
 *
 * All shards are merged in phrase order (a k-way merge on the first N tokens), so an
 * N-gram that occurs in several shards is counted once, with its total df. Removed
 * documents are skipped: an N-gram only they held does not exist any more.
 */
import { throwIfAborted, type AbortLike } from '../../shared/errors.js';
import { runToEnd } from '../../shared/steps.js';
import type { IndexShard } from './shard.js';

import type { IndexStatistics, LengthBucket, NgramSizeStatistics } from '../../shared/ipc/statistics.js';

export type { IndexStatistics };

/** Bucket index of a posting-list length: 1, 2, 3–4, 5–8, 9–16, … */
function bucketOf(length: number): number {
  return length <= 1 ? 0 : 32 - Math.clz32(length - 1);
}

function bucketBounds(bucket: number): [number, number] {
  if (bucket === 0) return [1, 1];
  return [2 ** (bucket - 1) + 1, 2 ** bucket];
}

class MergeCursor {
  position = 0;
  constructor(readonly shard: IndexShard) {
    this.skipDead();
  }
  get done(): boolean {
    return this.position >= this.shard.suffixCount;
  }
  get start(): number {
    return this.shard.suffixAt(this.position);
  }
  get document(): number {
    return this.shard.documentOfSuffixAt(this.position);
  }
  advance(): void {
    this.position++;
    this.skipDead();
  }
  private skipDead(): void {
    const { shard } = this;
    while (this.position < shard.suffixCount && shard.live[shard.documentOfSuffixAt(this.position)] === 0) this.position++;
  }
}

/** Compares two phrases on their first `maxN` tokens (0 ends a phrase). */
function comparePrefix(a: IndexShard, pa: number, b: IndexShard, pb: number, maxN: number): number {
  for (let d = 0; d < maxN; d++) {
    const x = a.phraseTokenAt(pa, d);
    const y = b.phraseTokenAt(pb, d);
    if (x !== y) return x - y;
    if (x === 0) return 0;
  }
  return 0;
}

/** Common prefix length of two phrases, up to maxN. */
function commonPrefix(a: IndexShard, pa: number, b: IndexShard, pb: number, maxN: number): number {
  let d = 0;
  while (d < maxN && a.phraseTokenAt(pa, d) !== 0 && a.phraseTokenAt(pa, d) === b.phraseTokenAt(pb, d)) d++;
  return d;
}

function phraseLength(shard: IndexShard, p: number, maxN: number): number {
  let d = 0;
  while (d < maxN && shard.phraseTokenAt(p, d) !== 0) d++;
  return d;
}

/** Computes Figure 2's statistics for N = 1..maxN over the live documents of the shards. */
export function computeStatistics(shards: readonly IndexShard[], maxN = 8, signal?: AbortLike): IndexStatistics {
  return runToEnd(statisticsSteps(shards, maxN, signal));
}

/** The same computation as steps (yielding every 2^18 phrases) with progress. */
export function* statisticsSteps(
  shards: readonly IndexShard[],
  maxN = 8,
  signal?: AbortLike,
  onProgress?: (done: number, total: number) => void,
): Generator<void, IndexStatistics> {
  const total = shards.reduce((sum, s) => sum + s.suffixCount, 0);
  const cursors = shards.map((s) => new MergeCursor(s)).filter((c) => !c.done);
  const histogram = Array.from({ length: maxN + 1 }, () => new Float64Array(33));
  const seen = Array.from({ length: maxN + 1 }, () => shards.map((s) => new Int32Array(s.documentCount)));
  const stamp = new Int32Array(maxN + 1);
  const df = new Int32Array(maxN + 1);
  const active = new Uint8Array(maxN + 1);
  let previousShard: IndexShard | undefined;
  let previousStart = 0;
  let steps = 0;

  const sums = new Float64Array(maxN + 1);
  const squares = new Float64Array(maxN + 1);
  const close = (n: number): void => {
    if (active[n] === 1) {
      const value = df[n]!;
      histogram[n]![bucketOf(value)]!++;
      sums[n]! += value;
      squares[n]! += value * value;
    }
    active[n] = 0;
  };

  while (cursors.length > 0) {
    if ((++steps & 0x3ffff) === 0) {
      throwIfAborted(signal);
      onProgress?.(steps, total);
      yield;
    }
    // Pick the smallest phrase among the cursors (few shards: a linear scan beats a heap).
    let best = 0;
    for (let c = 1; c < cursors.length; c++) {
      const x = cursors[c]!;
      const y = cursors[best]!;
      if (comparePrefix(x.shard, x.start, y.shard, y.start, maxN) < 0) best = c;
    }
    const cursor = cursors[best]!;
    const shardIndex = shards.indexOf(cursor.shard);
    const { shard } = cursor;
    const start = cursor.start;
    const lcp = previousShard === undefined ? 0 : commonPrefix(shard, start, previousShard, previousStart, maxN);
    const length = phraseLength(shard, start, maxN);
    const document = cursor.document;
    for (let n = 1; n <= maxN; n++) {
      if (n > lcp) {
        close(n);
        if (length >= n) {
          active[n] = 1;
          df[n] = 0;
          stamp[n]!++;
        }
      }
      if (active[n] === 1) {
        const marks = seen[n]![shardIndex]!;
        if (marks[document] !== stamp[n]) {
          marks[document] = stamp[n]!;
          df[n]!++;
        }
      }
    }
    previousShard = shard;
    previousStart = start;
    cursor.advance();
    if (cursor.done) cursors.splice(best, 1);
  }
  for (let n = 1; n <= maxN; n++) close(n);
  return summarise(histogram, sums, squares, maxN);
}

function summarise(histogram: Float64Array[], sums: Float64Array, squares: Float64Array, maxN: number): IndexStatistics {
  let distinct = 0;
  let sum = 0;
  let sumSquares = 0;
  const byN: NgramSizeStatistics[] = [];
  for (let n = 1; n <= maxN; n++) {
    const counts = histogram[n]!;
    const buckets: LengthBucket[] = [];
    let total = 0;
    counts.forEach((count, bucket) => {
      if (count === 0) return;
      const [from, to] = bucketBounds(bucket);
      buckets.push({ from, to, count });
      total += count;
    });
    distinct += total;
    sum += sums[n]!;
    sumSquares += squares[n]!;
    const singletons = counts[0]!;
    byN.push({
      n,
      distinct: total,
      singletons,
      singletonShare: total === 0 ? 0 : singletons / total,
      meanPostings: total === 0 ? 0 : sums[n]! / total,
      histogram: buckets,
    });
  }
  const mean = distinct === 0 ? 0 : sum / distinct;
  return { maxN, byN, distinct, meanPostings: mean, sdPostings: distinct === 0 ? 0 : Math.sqrt(Math.max(0, sumSquares / distinct - mean * mean)) };
}
