/** The app's version: injected by the bundler, or read from package.json when run from sources. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

declare const __UNLINKABLE_VERSION__: string | undefined;

export function appVersion(): string {
  if (typeof __UNLINKABLE_VERSION__ === 'string') return __UNLINKABLE_VERSION__;
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(folder, 'package.json');
    if (existsSync(candidate)) {
      const parsed = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (parsed.name === 'unlinkable' && parsed.version !== undefined) return parsed.version;
    }
    folder = dirname(folder);
  }
  return '0.0.0';
}
