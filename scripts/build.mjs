// Builds everything into dist/:
// - the Node-side entry points (CLI, browser host, Electron main, workers) bundled by
//   esbuild as ES modules, with every package external (resolved from node_modules at
//   run time), so native modules such as better-sqlite3 and node-llama-cpp load as
//   installed and are never bundled;
// - the Electron preload as CommonJS (sandboxed preloads cannot be ES modules);
// - the React renderer with Vite (dist/renderer).
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
const node = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  define: { __UNLINKABLE_VERSION__: JSON.stringify(version) },
};

const entries = {
  cli: 'electron/cli/cli-entry.ts',
  host: 'electron/host/host-entry.ts',
  main: 'electron/shell/main.ts',
  'sort-worker': 'electron/index-store/sort-worker.ts',
  'engine-worker': 'electron/engine/engine-worker.ts',
  'import-worker': 'electron/engine/import-worker.ts',
};
for (const optional of [['llm-child', 'electron/llm/llm-child.ts']]) {
  if (existsSync(optional[1])) entries[optional[0]] = optional[1];
}

mkdirSync('dist', { recursive: true });
await build({ ...node, format: 'esm', entryPoints: Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(file))), outdir: 'dist' });
await build({ ...node, format: 'cjs', entryPoints: { preload: 'electron/shell/preload.ts' }, outExtension: { '.js': '.cjs' }, outdir: 'dist', external: ['electron'] });
writeFileSync('dist/package.json', JSON.stringify({ type: 'module' }));

if (process.argv.includes('--no-renderer')) process.exit(0);
const vite = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
process.exit(vite.status ?? 1);
