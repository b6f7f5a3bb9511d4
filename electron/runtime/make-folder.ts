/**
 * Creating a folder a person typed, one level at a time. Node's recursive mkdir spins
 * forever at 100 % CPU when procfs answers ENOENT for a child it will never let exist
 * ("/proc/nope"), freezing the whole app; it also says little about why a folder cannot
 * be made. So: refuse virtual file systems, walk down from the root, and say which
 * level failed and why.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, parse, resolve, sep } from 'node:path';
import { AppError } from '../../shared/errors.js';

/** Trees the kernel makes up: nothing can be exported, imported or kept there. */
const VIRTUAL_ROOTS = ['/proc', '/sys', '/dev'];

/** Refuses paths a folder can never be made at; returns the resolved path. */
export function checkFolderPath(path: string, what = 'folder'): string {
  if (path.includes('\u0000'))
    throw new AppError('invalid-input', `The ${what} path contains a NUL character, which no file system allows. Type the path again.`);
  if (!isAbsolute(path)) throw new AppError('invalid-input', `The ${what} must be a full path, starting at the root of a drive (got "${path}").`);
  const resolved = resolve(path);
  const virtual = process.platform === 'win32' ? undefined : VIRTUAL_ROOTS.find((root) => resolved === root || resolved.startsWith(`${root}/`));
  if (virtual !== undefined) {
    throw new AppError('invalid-input', `${resolved} is inside ${virtual}, a virtual file system where nothing can be stored. Choose a folder on a disk.`);
  }
  return resolved;
}

function describe(error: unknown, level: string): AppError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM')
    return new AppError('forbidden', `You may not create folders in ${dirname(level)}. Choose a folder you can write to.`, { cause: error });
  if (code === 'EROFS') return new AppError('forbidden', `${dirname(level)} is on a read-only disk. Choose a folder on a writable disk.`, { cause: error });
  if (code === 'ENOSPC') return new AppError('forbidden', `The disk holding ${dirname(level)} is full.`, { cause: error });
  if (code === 'ENAMETOOLONG') return new AppError('invalid-input', `The path ${level} is too long for the file system.`, { cause: error });
  if (code === 'ENOTDIR') return new AppError('invalid-input', `Part of ${level} is a file, not a folder.`, { cause: error });
  if (code === 'ENOENT')
    return new AppError('not-found', `${dirname(level)} does not exist and cannot be made (a missing drive or a disconnected share?).`, { cause: error });
  return new AppError('invalid-input', `The folder ${level} cannot be created (${code ?? 'unknown error'}).`, { cause: error });
}

/**
 * Makes sure `path` is a folder, creating missing levels one at a time. Throws AppError:
 * 'invalid-input' (NUL byte, relative path, virtual file system, a file in the way),
 * 'forbidden' (no permission, read-only disk) or 'not-found' (a missing drive).
 */
export function makeFolder(path: string, what = 'folder'): string {
  const resolved = checkFolderPath(path, what);
  const { root } = parse(resolved);
  try {
    if (!statSync(root).isDirectory()) throw new Error('not a directory');
  } catch (error) {
    throw new AppError('not-found', `The drive ${root} is not available. Connect it, or choose another folder.`, { cause: error });
  }
  let level = root;
  for (const part of resolved
    .slice(root.length)
    .split(sep)
    .filter((p) => p.length > 0)) {
    level = level.endsWith(sep) ? `${level}${part}` : `${level}${sep}${part}`;
    let stats;
    try {
      stats = statSync(level);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw describe(error, level);
    }
    if (stats !== undefined) {
      if (!stats.isDirectory()) throw new AppError('invalid-input', `${level} is a file, not a folder. Choose another ${what}.`);
      continue;
    }
    try {
      mkdirSync(level);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw describe(error, level);
    }
  }
  return resolved;
}
