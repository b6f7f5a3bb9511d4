// Bundles the CLI and its worker and model-runtime entry points into one folder, every
// package inlined but the native ones (better-sqlite3, node-llama-cpp), which the kit
// carries as installed. Usage: node bench/device-kit/bundle.mjs OUT_DIR
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
await build({
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  logLevel: 'warning',
  define: { __UNLINKABLE_VERSION__: JSON.stringify(version) },
  external: ['electron', 'better-sqlite3', 'node-llama-cpp', '@node-llama-cpp/*'],
  entryPoints: {
    cli: 'electron/cli/cli-entry.ts',
    'sort-worker': 'electron/index-store/sort-worker.ts',
    'engine-worker': 'electron/engine/engine-worker.ts',
    'import-worker': 'electron/engine/import-worker.ts',
    'llm-child': 'electron/llm/llm-child.ts',
  },
  outdir: process.argv[2],
  // Bundled CommonJS dependencies may call require(): give ES modules one.
  banner: { js: "import { createRequire as __unlinkableRequire } from 'node:module'; const require = __unlinkableRequire(import.meta.url);" },
});
