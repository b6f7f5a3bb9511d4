// `npm run electron:native` (on a connected machine): builds better-sqlite3 for the
// installed Electron into .cache/electron-native/, leaving node_modules' Node build in
// place so `npm test` and the CLI keep working. `npm start` then runs the desktop app
// with it (UNLINKABLE_SQLITE_BINDING). Packaged apps don't need this: electron-builder
// rebuilds native modules for Electron in the package.
import { spawnSync } from 'node:child_process';
import { cpSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const electronVersion = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version;
const work = join('.cache', 'electron-native', 'better-sqlite3');
rmSync(work, { recursive: true, force: true });
mkdirSync(join('.cache', 'electron-native'), { recursive: true });
cpSync('node_modules/better-sqlite3', work, { recursive: true });
rmSync(join(work, 'build'), { recursive: true, force: true });

const attempts = [
  ['npx', ['--yes', 'prebuild-install', '--runtime=electron', `--target=${electronVersion}`, '--verbose']],
  ['npx', ['--yes', 'node-gyp', 'rebuild', '--release', `--target=${electronVersion}`, '--dist-url=https://electronjs.org/headers', '--runtime=electron']],
];
for (const [command, args] of attempts) {
  const result = spawnSync(command, args, { cwd: work, stdio: 'inherit', shell: process.platform === 'win32' });
  const built = join(work, 'build', 'Release', 'better_sqlite3.node');
  if (result.status === 0 && existsSync(built)) {
    copyFileSync(built, join('.cache', 'electron-native', 'better_sqlite3.node'));
    process.stdout.write(`better-sqlite3 built for Electron ${electronVersion}. Run "npm start".\n`);
    process.exit(0);
  }
}
process.stderr.write('Could not build better-sqlite3 for Electron (this needs a network connection once, for the Electron headers).\n');
process.exit(1);
