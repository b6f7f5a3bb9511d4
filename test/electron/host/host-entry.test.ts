/**
 * The browser host (`npm start` without Electron, `npm run serve`) refuses to start with a
 * message the clerk can act on, and no stack trace, when its workspace is damaged or
 * impossible, an option is wrong, or its port is taken.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('unlinkable-host-entry-');

/** Runs the host until it exits (each case here makes it exit at once). */
function runHost(...args: string[]): { status: number | null; stderr: string } {
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'electron/host/host-entry.ts', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: child.status, stderr: child.stderr };
}

/** One line that starts "unlinkable: ", and no stack frames. */
function expectPlainMessage(stderr: string, pattern: RegExp): void {
  expect(stderr).toMatch(new RegExp(`^unlinkable: ${pattern.source}`, 'u'));
  expect(stderr).not.toMatch(/^\s+at /mu);
  expect(stderr.trim().split('\n')).toHaveLength(1);
}

describe('the browser host at start', () => {
  it('names a damaged workspace, leaves it as it was, and exits with 3', () => {
    const workspace = tempDir();
    const damaged = Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(8000, 7)]);
    writeFileSync(join(workspace, 'workspace.sqlite'), damaged);
    const { status, stderr } = runHost('--workspace', workspace);
    expect(status).toBe(3);
    expectPlainMessage(stderr, /The workspace .*workspace\.sqlite is damaged\. It was not changed/u);
    expect(readFileSync(join(workspace, 'workspace.sqlite')).equals(damaged)).toBe(true);
  });

  it('refuses a workspace where nothing can be stored', () => {
    const { status, stderr } = runHost('--workspace', '/proc/self/unlinkable-workspace');
    expect(status).toBe(3);
    expectPlainMessage(stderr, /.*\/proc/u);
  });

  it('names an unknown option and lists the real ones (exit 2)', () => {
    const { status, stderr } = runHost('--worksapce', tempDir());
    expect(status).toBe(2);
    expectPlainMessage(stderr, /.*--worksapce.*Options: --workspace DIR/u);
  });

  it('says the port is taken (exit 2)', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const { status, stderr } = runHost('--workspace', tempDir(), '--port', String(port));
      expect(status).toBe(2);
      expectPlainMessage(stderr, new RegExp(`port ${port} is in use`, 'u'));
    } finally {
      server.close();
    }
  });
});
