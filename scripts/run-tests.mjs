// `npm test`: checks the prerequisites (and says exactly what is missing), builds,
// type-checks, lints, runs the unit and integration tests (vitest) and the browser
// end-to-end tests (Playwright driving Debian's Chromium).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const missing = [];

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 10)) missing.push(`Node.js 20.10 or newer (this is ${process.versions.node}).`);

try {
  const Database = require('better-sqlite3');
  new Database(':memory:').close();
} catch (error) {
  missing.push(
    `better-sqlite3's native module does not load (${error.message.split('\n')[0]}). Run "npm rebuild better-sqlite3" (needs python3, make and a C++ compiler).`,
  );
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  missing.push(
    `Chromium, for the end-to-end tests, at ${chromium}. On Debian or Ubuntu: "sudo apt-get install chromium"; elsewhere set CHROMIUM_PATH to a Chromium or Chrome binary. (Playwright never downloads a browser here.)`,
  );
}

if (missing.length > 0) {
  process.stderr.write(`npm test cannot run; missing:\n${missing.map((m) => `  - ${m}`).join('\n')}\n`);
  process.exit(1);
}
if (!existsSync(new URL('../../shared/data/court/collection.jsonl.gz', import.meta.url))) {
  process.stderr.write('Note: ../shared/data is not beside this checkout; the tests on the shared corpora will be skipped (each says so).\n');
}

function step(name, command, args) {
  process.stdout.write(`\n=== ${name}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } });
  if (result.status !== 0) {
    process.stderr.write(`\nnpm test: "${name}" failed.\n`);
    process.exit(result.status ?? 1);
  }
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
step('build', npm, ['run', '--silent', 'build']);
step('type-check', npx, ['tsc', '-p', 'tsconfig.json']);
step('lint', npx, ['eslint', '--max-warnings', '0', '.']);
step('unit and integration tests', npx, ['vitest', 'run']);
if (existsSync(new URL('../playwright.config.ts', import.meta.url))) step('end-to-end tests', npx, ['playwright', 'test']);
process.stdout.write('\nAll tests passed.\n');
