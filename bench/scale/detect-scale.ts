// Child process of the scale benchmark: opens an index, then detects linkage in the 144
// de-identified court judgments (no source given, as bench/detect-latency.ts), warm (one
// untimed pass at arity 1 first), at arity 1 and ≤ 3. Prints JSON: open time, bytes read
// while opening and per judgment, the spans found, latencies and peak RSS.
//
// usage: detect-scale.ts INDEX DEIDENTIFIED.jsonl.gz [--open-only] [--paged] [--limit N]
// --open-only prints the open time alone (the runner calls it right after dropping the
// page cache, for the cold open); --first-only the open time and that of the first check
// of judgment 1 (the app's first highlights). --paged opens the collection to be searched in place
// (paged-shard.ts) whatever its size; --limit checks only the first N judgments.
// Without --paged it opens as the app does: a collection held whole but above
// PROMOTE_ABOVE_TOKENS opens in place, gets its first check, and is then read whole
// (promotionSeconds) before the timed passes.
//
// The checks run where the app runs them: on a worker thread with the engine's V8 limits
// (electron/engine/engine-limits.ts), so that the peak RSS is that of the engine as the app
// hosts it. --in-process runs them on the main thread with Node's default limits instead.
import { readFileSync } from 'node:fs';
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import { ENGINE_RESOURCE_LIMITS } from '../../electron/engine/engine-limits.js';
import { workerThreadEntry } from '../../electron/runtime/worker-entry.js';
import { openCollection } from '../../electron/services/collections.js';
import { detectLinkage } from '../../shared/linkage/detect.js';

const args: string[] = isMainThread ? process.argv.slice(2) : (workerData as { args: string[] }).args;
if (isMainThread && !args.includes('--in-process')) {
  // From sources the worker loads this file through the tsx bootstrap; bundled, it is this file.
  const entry = import.meta.url.endsWith('.ts') ? workerThreadEntry(import.meta.url, 'detect-scale') : { url: new URL(import.meta.url), options: {} };
  const worker = new Worker(entry.url, {
    ...entry.options,
    workerData: { ...(entry.options.workerData as object), args },
    resourceLimits: ENGINE_RESOURCE_LIMITS,
  });
  const code = await new Promise<number>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('exit', resolve);
  });
  process.exitCode = code;
} else {
  runChecks(args);
}

function runChecks(args: readonly string[]): void {
  const [indexPath, deidentifiedPath] = args as [string, string];
  const limitAt = args.indexOf('--limit');
  const documents = gunzipSync(readFileSync(deidentifiedPath))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: string; text: string })
    .slice(0, limitAt < 0 ? undefined : Number(args[limitAt + 1]));

  /** Bytes this process has read from files so far (Linux: /proc/self/io, page cache included); null elsewhere. */
  function bytesRead(): number | null {
    try {
      const io = readFileSync('/proc/self/io', 'utf8');
      const rchar = /^rchar:\s*(\d+)/mu.exec(io)?.[1];
      return rchar === undefined ? null : Number(rchar);
    } catch {
      return null;
    }
  }

  const since = (before: number | null): number | null => {
    const now = bytesRead();
    return before === null || now === null ? null : now - before;
  };

  const readBeforeOpen = bytesRead();
  const openStarted = performance.now();
  const paged = args.includes('--paged');
  const collection = openCollection(indexPath, paged ? { residentTokens: 0 } : {});
  let index = collection.phraseIndex();
  const openSeconds = (performance.now() - openStarted) / 1000;
  const openBytes = since(readBeforeOpen);
  if (args.includes('--first-only')) {
    // The app's first highlights: the open (above), then one arity-1 check, in this process.
    const started = performance.now();
    detectLinkage(index, documents[0]!.text, { k: 2, arity: 1, maxN: 8 });
    const checkMs = performance.now() - started;
    collection.close();
    process.stdout.write(JSON.stringify({ openSeconds, checkMs }));
    return;
  }
  if (args.includes('--open-only')) {
    collection.close();
    process.stdout.write(JSON.stringify({ openSeconds, openBytes }));
    return;
  }

  function pass(arity: 1 | 3): { ms: number[]; spans: number; combinationSpans: number; bytes: number | null } {
    const ms: number[] = [];
    let spans = 0;
    let combinationSpans = 0;
    const before = bytesRead();
    for (const d of documents) {
      const started = performance.now();
      const result = detectLinkage(index, d.text, { k: 2, arity, maxN: 8 });
      ms.push(performance.now() - started);
      spans += result.minimal.length;
      combinationSpans += result.combinations.length;
    }
    return { ms, spans, combinationSpans, bytes: since(before) };
  }

  // The app's first highlights: one check right after opening, before anything is cached.
  const firstStarted = performance.now();
  detectLinkage(index, documents[0]!.text, { k: 2, arity: 1, maxN: 8 });
  const firstCheckMs = performance.now() - firstStarted;
  // Then, as the app's load job does, the shards read whole (when it opened in place first).
  const promoted = collection.promotionPending;
  const promotionStarted = performance.now();
  for (const _ of collection.promoteSteps());
  const promotionSeconds = promoted ? (performance.now() - promotionStarted) / 1000 : undefined;
  index = collection.phraseIndex();
  pass(1);
  const arity1 = pass(1);
  const arity3 = pass(3);
  collection.close();
  process.stdout.write(
    JSON.stringify({
      openSeconds,
      openBytes,
      firstCheckMs,
      ...(promotionSeconds !== undefined && { promotionSeconds }),
      paged: index.shards.some((shard) => !shard.hasBucketTable),
      judgments: documents.length,
      arity1: arity1.ms,
      arity3: arity3.ms,
      spansArity1: arity1.spans,
      combinationSpansArity3: arity3.combinationSpans,
      bytesPerJudgment: arity1.bytes === null || arity3.bytes === null ? null : (arity1.bytes + arity3.bytes) / (2 * documents.length),
      maxRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
}
