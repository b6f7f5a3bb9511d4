/**
 * Files the renderer sends (the browser host cannot hand over paths): kept under the
 * workspace's uploads folder, one folder per upload, and removed after a day.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { makeFolder } from '../runtime/make-folder.js';
import { AppError } from '../../shared/errors.js';

const MAX_AGE_MS = 24 * 60 * 60 * 1000;

function safeRelativePath(name: string): string {
  const cleaned = normalize(name.replace(/\\/g, '/'))
    .split(/[\\/]+/)
    .filter((part) => part !== '' && part !== '.' && part !== '..')
    // Control characters and the characters Windows forbids in names.
    // eslint-disable-next-line no-control-regex
    .map((part) => part.replace(/[\u0000-\u001f<>:"|?*]/g, '_'))
    .join(sep);
  if (cleaned.length === 0) throw new AppError('invalid-input', 'The uploaded file has no usable name.');
  return cleaned;
}

export class UploadStore {
  constructor(private readonly folder: string) {
    makeFolder(folder, 'uploads folder');
    this.removeOld();
  }

  /** Stores bytes; returns the upload id (reused for further files of one folder). */
  save(bytes: Buffer, name: string, relativePath: string | undefined, uploadId: string = randomUUID()): { uploadId: string; path: string } {
    const target = join(this.folder, uploadId, safeRelativePath(relativePath ?? name));
    if (!target.startsWith(join(this.folder, uploadId) + sep)) throw new AppError('invalid-input', 'The uploaded file name is not allowed.');
    makeFolder(dirname(target), 'upload folder');
    writeFileSync(target, bytes, { flag: 'wx' });
    return { uploadId, path: target };
  }

  /** What an upload stands for: its single file, or its folder when it holds several. */
  resolve(uploadId: string): string {
    const folder = join(this.folder, uploadId);
    let entries: string[];
    try {
      entries = readdirSync(folder);
    } catch {
      throw new AppError('not-found', 'That upload is gone (uploads are kept for a day). Choose the file again.');
    }
    if (entries.length === 1 && statSync(join(folder, entries[0]!)).isFile()) return join(folder, entries[0]!);
    return folder;
  }

  /**
   * Deletes an upload once its text is in the workspace, so that no second copy of a
   * document waits on disk for the daily clean-up. Ids are UUIDs (the contract checks),
   * so the folder is always one of ours.
   */
  remove(uploadId: string): void {
    rmSync(join(this.folder, uploadId), { recursive: true, force: true });
  }

  /**
   * `text` with every path inside an upload shortened to the name the clerk chose
   * (folder/file.txt), so messages never show where uploads are kept.
   */
  describe(text: string): string {
    const prefix = this.folder + sep;
    let out = '';
    let from = 0;
    for (let at = text.indexOf(prefix); at !== -1; at = text.indexOf(prefix, from)) {
      out += text.slice(from, at);
      const rest = text.slice(at + prefix.length);
      const slash = rest.indexOf(sep);
      // Skip "<upload id>/": what follows is the name as uploaded.
      from = at + prefix.length + (slash === -1 ? rest.length : slash + 1);
    }
    return out + text.slice(from);
  }

  /** Rethrows an AppError from reading an upload with its message described. */
  describeError(error: unknown): unknown {
    return error instanceof AppError ? new AppError(error.code, this.describe(error.message), { cause: error }) : error;
  }

  private removeOld(): void {
    for (const name of readdirSync(this.folder)) {
      const path = join(this.folder, name);
      if (Date.now() - statSync(path).mtimeMs > MAX_AGE_MS) rmSync(path, { recursive: true, force: true });
    }
  }
}
