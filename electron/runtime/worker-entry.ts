/**
 * Where a worker's script lives. From sources (tests, `tsx`) the worker is a .ts file
 * run through tsx; from the bundle it is a .js file beside the bundle. Either way it sits
 * in the same folder as the module that starts it.
 */

/** The script URL and Node flags for a worker named `name` next to `callerUrl`. */
export function workerEntry(callerUrl: string, name: string): { url: URL; execArgv: string[] } {
  if (callerUrl.endsWith('.ts')) {
    return { url: new URL(`./${name}.ts`, callerUrl), execArgv: ['--import', 'tsx'] };
  }
  return { url: new URL(`./${name}.js`, callerUrl), execArgv: [] };
}
