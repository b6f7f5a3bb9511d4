// Bundles the CLI and its worker and model-runtime entry points into one folder, every
// package inlined but the native ones (better-sqlite3, node-llama-cpp), which the kit
// carries as installed. Usage: node bench/device-kit/bundle.mjs OUT_DIR
import { build } from 'esbuild';
import { nativePackages, nodeBundle, requireBanner, workerEntries } from '../../scripts/bundle-options.mjs';

await build({
  ...nodeBundle,
  external: nativePackages,
  entryPoints: { cli: 'electron/cli/cli-entry.ts', ...workerEntries },
  outdir: process.argv[2],
  banner: requireBanner,
});
