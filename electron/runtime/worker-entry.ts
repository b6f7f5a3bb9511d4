/**
 * Where a worker's script lives. From the esbuild bundle it is a .js file beside the
 * bundle; from sources (tests, `npm run cli`) it is a .ts file loaded through a small
 * bootstrap that registers tsx in the worker. Either way it sits in the same folder as
 * the module that starts it.
 */
import type { WorkerOptions } from 'node:worker_threads';

/** The script URL and options for a worker thread named `name` next to `callerUrl`. */
export function workerThreadEntry(callerUrl: string, name: string): { url: URL; options: WorkerOptions } {
  if (callerUrl.endsWith('.ts')) {
    return {
      url: new URL('./tsx-worker-bootstrap.mjs', import.meta.url),
      options: { workerData: { tsEntry: new URL(`./${name}.ts`, callerUrl).href } },
    };
  }
  return { url: new URL(`./${name}.js`, callerUrl), options: {} };
}

/** The script path and Node flags for a child process named `name` next to `callerUrl`. */
export function childProcessEntry(callerUrl: string, name: string): { url: URL; execArgv: string[] } {
  if (callerUrl.endsWith('.ts')) return { url: new URL(`./${name}.ts`, callerUrl), execArgv: ['--import', 'tsx'] };
  return { url: new URL(`./${name}.js`, callerUrl), execArgv: [] };
}
