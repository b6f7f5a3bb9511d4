// Bundles the Node-side entry points into dist/ with esbuild. Every package stays
// external (resolved from node_modules at run time), so native modules such as
// better-sqlite3 and node-llama-cpp are loaded as installed, never bundled.
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';

const node = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

const entries = {
  cli: 'electron/cli/cli-entry.ts',
  'sort-worker': 'electron/index-store/sort-worker.ts',
};

await build({ ...node, entryPoints: entries, outdir: 'dist' });
mkdirSync('dist', { recursive: true });
writeFileSync('dist/package.json', JSON.stringify({ type: 'module' }));
