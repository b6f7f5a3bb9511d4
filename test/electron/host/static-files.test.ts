/** The browser host serves files of the renderer folder only, whatever the request path says. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { staticFileFor } from '../../../electron/host/host-server.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('unlinkable-static-');

function renderer(): { root: string; outside: string } {
  const base = tempDir();
  const root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets', 'app.js'), '');
  writeFileSync(join(base, 'secret.txt'), 'not for the page');
  return { root, outside: join(base, 'secret.txt') };
}

describe('staticFileFor', () => {
  it('serves index.html for / and files inside the folder, ignoring the query', () => {
    const { root } = renderer();
    expect(staticFileFor(root, '/')).toBe(join(root, 'index.html'));
    expect(staticFileFor(root, '/assets/app.js?v=1')).toBe(join(root, 'assets', 'app.js'));
    expect(staticFileFor(root, '/assets/../index.html')).toBe(join(root, 'index.html'));
  });

  it('refuses every way out of the folder, folders, missing files and malformed paths', () => {
    const { root, outside } = renderer();
    for (const url of [
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/assets/../../secret.txt',
      `/${outside}`,
      '//etc/passwd',
      '/assets',
      '/missing.js',
      '/%E0%A4%A',
      '/index.html%00.js',
    ]) {
      expect(staticFileFor(root, url), url).toBeNull();
    }
  });
});
