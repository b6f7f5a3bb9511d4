/**
 * Folders a person typed are made one level at a time, with a clear error for each way
 * that can fail, and never hang: a recursive mkdir spins forever on /proc/nope.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeFolder } from '../../../electron/runtime/make-folder.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';
import { projectRoot } from '../../spec-paths.js';

const tempDir = useTempDir('unlinkable-folder-');

function failure(path: string): { code: string; message: string } {
  try {
    makeFolder(path, 'export folder');
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  throw new Error(`makeFolder(${path}) did not fail`);
}

describe('makeFolder', () => {
  it('creates missing levels one at a time, and accepts an existing folder', () => {
    const deep = join(tempDir(), 'a', 'b', 'c');
    expect(makeFolder(deep)).toBe(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(makeFolder(deep)).toBe(deep);
  });

  it('refuses /proc and the other virtual file systems at once', () => {
    expect(failure('/proc/nope')).toEqual({ code: 'invalid-input', message: expect.stringMatching(/inside \/proc, a virtual file system/) });
    expect(failure('/sys/kernel/exports').code).toBe('invalid-input');
    expect(failure('/dev/exports').code).toBe('invalid-input');
    expect(existsSync('/proc/nope')).toBe(false);
  });

  it('says when a file is in the way, a path has a NUL byte, or the path is not a full one (a missing drive)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'notes.txt'), 'x');
    expect(failure(join(dir, 'notes.txt', 'exports'))).toEqual({ code: 'invalid-input', message: expect.stringMatching(/notes\.txt is a file, not a folder/) });
    expect(failure(join(dir, 'ex\u0000ports'))).toEqual({ code: 'invalid-input', message: expect.stringMatching(/NUL character/) });
    expect(failure('Z:\\exports')).toEqual({ code: 'invalid-input', message: expect.stringMatching(/full path/) });
  });

  it('says when the folder may not be written (run as an unprivileged user, since root may write anywhere)', () => {
    const dir = tempDir();
    const locked = join(dir, 'locked');
    makeFolder(locked);
    chmodSync(locked, 0o555);
    const target = join(locked, 'exports');
    if (process.getuid?.() !== 0) {
      expect(failure(target)).toEqual({ code: 'forbidden', message: expect.stringMatching(/may not create folders in .*locked/) });
      return;
    }
    // As root: the same call in a child process running as "nobody".
    chownSync(dir, 0, 0);
    chmodSync(dir, 0o755);
    const script = `import { makeFolder } from ${JSON.stringify(join(projectRoot, 'electron/runtime/make-folder.ts'))};
try { makeFolder(${JSON.stringify(target)}); console.log('made'); } catch (e) { console.log(JSON.stringify({ code: e.code, message: e.message })); }`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: projectRoot,
      uid: 65534,
      gid: 65534,
      encoding: 'utf8',
      env: { ...process.env, TSX_TSCONFIG_PATH: join(projectRoot, 'tsconfig.json') },
    });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout.trim())).toEqual({ code: 'forbidden', message: expect.stringMatching(/may not create folders in .*locked/) });
  });
});
