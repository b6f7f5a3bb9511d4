// Child process of the scale benchmark: opens an index, then detects linkage in the 144
// de-identified court judgments (no source given, as bench/detect-latency.ts), warm (one
// untimed pass at arity 1 first), at arity 1 and ≤ 3. Prints JSON: open time, bytes read
// while opening and per judgment, the spans found, latencies and peak RSS.
//
// usage: detect-scale.ts INDEX DEIDENTIFIED.jsonl.gz [--open-only] [--paged] [--limit N]
// --open-only prints the open time alone (the runner calls it right after dropping the
// page cache, for the cold open); --first-only the app's first highlights: the open as the
// engine does it, then the first check of judgment 1 as the review app asks for it (answers
// that pause every CHECK_PAUSE_MS with what is settled, asked again until the check is
// whole), timed to the first answer with a highlight and to the end. --paged opens the collection to be searched in place
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
import { EngineState } from '../../electron/engine/engine-state.js';
import { CHECK_PAUSE_MS } from '../../shared/ipc/types.js';
import { settingsSchema } from '../../shared/ipc/schemas.js';

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

  if (args.includes('--first-only')) {
    process.stdout.write(JSON.stringify(firstHighlights(indexPath, documents[0]!.text)));
    return;
  }

  const readBeforeOpen = bytesRead();
  const openStarted = performance.now();
  const paged = args.includes('--paged');
  const collection = openCollection(indexPath, paged ? { residentTokens: 0 } : {});
  let index = collection.phraseIndex();
  const openSeconds = (performance.now() - openStarted) / 1000;
  const openBytes = since(readBeforeOpen);
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

/**
 * The review app's first highlights on opening a collection: the engine's open (what its
 * load does before checks go ahead), then the arity-1 check of one judgment as the review
 * screen asks for it, answer after answer until it is whole. firstHighlightsMs is when the
 * first answer holding a linkable phrase came (the app shows it at once); checkMs, the whole check.
 */
function firstHighlights(indexPath: string, text: string): { openSeconds: number; checkMs: number; firstHighlightsMs: number | null; answers: number } {
  const engine = new EngineState();
  const openStarted = performance.now();
  engine.info(indexPath);
  const openSeconds = (performance.now() - openStarted) / 1000;
  const settings = settingsSchema.parse({ k: 2, arity: 1, maxN: 8, sourceId: null, collectionPath: indexPath });
  const started = performance.now();
  let firstHighlightsMs: number | null = null;
  let answers = 0;
  for (;;) {
    const answer = engine.check(indexPath, text, settings, 'first-highlights', CHECK_PAUSE_MS);
    answers++;
    if (firstHighlightsMs === null && answer.minimal.length > 0) firstHighlightsMs = performance.now() - started;
    if (answer.partial === undefined) break;
  }
  const checkMs = performance.now() - started;
  engine.close(indexPath);
  return { openSeconds, checkMs, firstHighlightsMs, answers };
}
