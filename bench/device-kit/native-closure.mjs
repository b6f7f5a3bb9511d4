// Prints the top-level node_modules folders that better-sqlite3 and node-llama-cpp need
// at run time (their dependencies, resolved as Node resolves them, nested ones included),
// without node-llama-cpp's prebuilt binaries, which the kit picks by hand.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve('.');
const seen = new Set();
const resolveFrom = (from, name) => {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(candidate)) return candidate;
    if (dir === root || dirname(dir) === dir) return null;
  }
};
const walk = (dir) => {
  if (seen.has(dir)) return;
  seen.add(dir);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  for (const name of [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {})]) {
    if (name.startsWith('@node-llama-cpp/')) continue;
    const found = resolveFrom(dir, name);
    if (found !== null) walk(found);
  }
};
walk(join(root, 'node_modules', 'node-llama-cpp'));
walk(join(root, 'node_modules', 'better-sqlite3'));
const top = new Set([...seen].map((dir) => relative(join(root, 'node_modules'), dir).split('/node_modules/')[0]));
console.log([...top].sort().join('\n'));
