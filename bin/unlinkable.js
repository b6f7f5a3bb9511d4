#!/usr/bin/env node
// The `unlinkable` command: runs the bundled CLI from dist/ (built by `npm install`).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('unlinkable: the CLI is not built yet. Run "npm run build" in the project folder.\n');
  process.exit(70);
}
await import(entry.href);
