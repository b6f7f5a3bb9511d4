// `npm start`: builds, then starts Unlinkable on the bundled demo data: the desktop app
// when Electron's binary is installed, otherwise the same UI served in the browser
// (on 127.0.0.1 only) with the address printed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

function electronBinary() {
  const pathFile = join('node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join('node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

function run(command, args, env) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}

const electron = process.argv.includes('--browser') ? undefined : electronBinary();
const binding = join('.cache', 'electron-native', 'better_sqlite3.node');
if (electron !== undefined && existsSync(binding)) {
  run(electron, ['dist/main.js'], { UNLINKABLE_DEMO: 'demo', UNLINKABLE_SQLITE_BINDING: binding });
} else {
  if (electron === undefined) {
    process.stdout.write(
      "\nElectron's binary is not installed, so Unlinkable opens in your browser instead (the same app).\nFor the desktop app, on a connected machine: npx install-electron && npm run electron:native\n",
    );
  } else {
    process.stdout.write(
      '\nbetter-sqlite3 has no Electron build yet, so Unlinkable opens in your browser instead.\nOn a connected machine, run: npm run electron:native\n',
    );
  }
  run(process.execPath, ['dist/host.js', '--demo', 'demo']);
}
