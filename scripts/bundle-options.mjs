// The esbuild settings every bundle of the Node side shares: the app's (scripts/build.mjs)
// and the device kit's (bench/device-kit/bundle.mjs), so that the kit runs what ships.
import { readFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** Bundled ES modules for Node 20, with the app's version compiled in. */
export const nodeBundle = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  logLevel: 'warning',
  define: { __UNLINKABLE_VERSION__: JSON.stringify(version) },
};

/** Packages never bundled: native modules load as installed, and 'electron' is the shell's. */
export const nativePackages = ['electron', 'better-sqlite3', 'node-llama-cpp', '@node-llama-cpp/*'];

/** Bundled CommonJS dependencies may call require(): give ES modules one. */
export const requireBanner = {
  js: "import { createRequire as __unlinkableRequire } from 'node:module'; const require = __unlinkableRequire(import.meta.url);",
};

/** The worker and model-runtime entry points, which run beside whichever entry starts them. */
export const workerEntries = {
  'sort-worker': 'electron/index-store/sort-worker.ts',
  'engine-worker': 'electron/engine/engine-worker.ts',
  'import-worker': 'electron/engine/import-worker.ts',
  'llm-child': 'electron/llm/llm-child.ts',
};
