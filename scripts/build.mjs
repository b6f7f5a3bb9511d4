// Builds everything into dist/:
// - the Node-side entry points (CLI, browser host, Electron main, workers) bundled by
//   esbuild as ES modules, with every package external (resolved from node_modules at
//   run time), so native modules such as better-sqlite3 and node-llama-cpp load as
//   installed and are never bundled;
// - the Electron preload as CommonJS (sandboxed preloads cannot be ES modules);
// - the React renderer with Vite (dist/renderer).
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { nativePackages, nodeBundle, requireBanner, workerEntries } from './bundle-options.mjs';

const node = { ...nodeBundle, packages: 'external', sourcemap: true };

// Run from the project folder, with node_modules beside them.
const projectEntries = {
  cli: 'electron/cli/cli-entry.ts',
  host: 'electron/host/host-entry.ts',
};
// Also packaged in the Electron app, where worker files are unpacked from the asar and
// cannot resolve packages inside it: everything is bundled but the native modules.
const appEntries = { main: 'electron/shell/main.ts', ...workerEntries };

mkdirSync('dist', { recursive: true });
await build({ ...node, entryPoints: projectEntries, outdir: 'dist' });
await build({ ...node, packages: undefined, external: nativePackages, entryPoints: appEntries, outdir: 'dist', banner: requireBanner });
await build({
  ...node,
  format: 'cjs',
  entryPoints: { preload: 'electron/shell/preload.ts' },
  outExtension: { '.js': '.cjs' },
  outdir: 'dist',
  external: ['electron'],
});
writeFileSync('dist/package.json', JSON.stringify({ type: 'module' }));

if (process.argv.includes('--no-renderer')) process.exit(0);
const vite = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
process.exit(vite.status ?? 1);
