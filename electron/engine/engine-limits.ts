/**
 * The V8 limits of the engine's worker thread, which holds the open collections and runs
 * the app's checks, edit plans, statistics and source suggestions. The scale benchmark hosts
 * its checks under the same limits (bench/scale/detect-scale.ts), so that its query RSS is
 * the engine's.
 *
 * A small young generation: checks make many short-lived objects (walk paths, candidate
 * lists, result spans) and few that live, while the index itself is typed arrays outside
 * the JavaScript heap. Measured on 2026-12-04 with the scale benchmark's detection bundled,
 * on a worker thread, against the 300M-token remix (the 144 court judgments at arity 1,
 * then at arity ≤ 3): peak RSS 2,087 MiB with Node's default young generation (16 MiB
 * semi-spaces), 2,067 with 6 MB and 2,059 with 3 MB, at the same speed (arity ≤ 3 median
 * 395, 422 and 389 ms). The edit plan at arity ≤ 3, the engine's heaviest JavaScript, was
 * no slower with a young generation this small: 7.8 and 2.7 s against 7.9 and 3.0 s for
 * echr-001-88012 and echr-001-114240 against the court collection (CLI, bundled, with
 * Node's --max-semi-space-size=1, which makes the same 3 MB). See BENCHMARKS.md.
 */
import type { ResourceLimits } from 'node:worker_threads';

export const ENGINE_RESOURCE_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 3 };
