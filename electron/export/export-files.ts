/**
 * Writing an approved document to a folder: the text (.txt), the report (.json) and,
 * on request, a Word document (.docx). Existing files are never overwritten silently:
 * the caller chooses to refuse, to pick new names, or to overwrite.
 */
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { existsSync, lstatSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { AppError } from '../../shared/errors.js';
import { makeFolder } from '../runtime/make-folder.js';

export type ExportFormat = 'txt' | 'json' | 'html' | 'docx';
export type OnExisting = 'refuse' | 'rename' | 'overwrite';

/** A file name from a title: letters, digits, dashes; never a path. */
export function safeBaseName(title: string): string {
  const base = title
    .normalize('NFKC')
    .replace(/\.(txt|md|jsonl(\.gz)?)$/i, '')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 120);
  return base.length > 0 ? base : 'document';
}

function fileName(base: string, format: ExportFormat, counter: number): string {
  const suffix = counter > 1 ? ` (${counter})` : '';
  if (format === 'json') return `${base}${suffix}.report.json`;
  if (format === 'html') return `${base}${suffix}.review-log.html`;
  return `${base}${suffix}.${format}`;
}

/** Chooses the file names, applying the caller's rule for existing files. */
export function plannedFiles(folder: string, base: string, formats: readonly ExportFormat[], onExisting: OnExisting): Map<ExportFormat, string> {
  for (let counter = 1; counter < 1000; counter++) {
    const planned = new Map(formats.map((f) => [f, join(folder, fileName(base, f, counter))] as const));
    const existing = [...planned.values()].filter((p) => existsSync(p));
    if (existing.length === 0 || onExisting === 'overwrite') return planned;
    if (onExisting === 'refuse') {
      throw new AppError(
        'conflict',
        `${existing.map((p) => p.slice(folder.length + 1)).join(', ')} already exist${existing.length === 1 ? 's' : ''} in ${folder}. Choose to keep both (new names) or to overwrite.`,
      );
    }
  }
  throw new AppError('conflict', `Too many exports of this document in ${folder}; choose another folder.`);
}

/** A .docx with one paragraph per line of the text. */
export async function docxBytes(title: string, text: string): Promise<Buffer> {
  const paragraphs = text.split(/\r?\n/).map((line) => new Paragraph({ children: [new TextRun(line)] }));
  const document = new Document({ title, creator: 'Unlinkable', sections: [{ children: paragraphs }] });
  return Packer.toBuffer(document);
}

/** Checks the folder and creates what is missing of it, one level at a time (see make-folder.ts). */
export function prepareFolder(folder: string): void {
  makeFolder(folder, 'export folder');
}

/** Writes a file atomically (temporary name, then rename), so a crash never leaves half a file. */
export function writeAtomically(path: string, bytes: Buffer | string): void {
  writeAllOrNone([[path, bytes]]);
}

/** What went wrong writing `path`, said so that the clerk can act on it. */
function writeFailure(error: unknown, path: string): AppError {
  const code = (error as NodeJS.ErrnoException).code;
  const folder = dirname(path);
  const name = basename(path);
  const what =
    code === 'EACCES' || code === 'EPERM'
      ? `Unlinkable may not write in ${folder}`
      : code === 'EROFS'
        ? `${folder} is on a read-only disk`
        : code === 'ENOSPC' || code === 'EDQUOT'
          ? `The disk holding ${folder} is full`
          : code === 'EISDIR'
            ? `${name} in ${folder} is a folder`
            : `${name} could not be written in ${folder} (${code ?? 'unknown error'})`;
  return new AppError('forbidden', `${what}. Nothing was exported: no file of this export is left there. Choose another folder, or free space and try again.`, {
    cause: error,
  });
}

/**
 * Writes every file or none: each goes to a temporary name first, and only once all are
 * written are they moved into place. Why: the text without its report (a full disk at the
 * second file) would be a release with no record beside it, and the workspace records no
 * export when this throws. A file the clerk chose to overwrite is first moved aside, not
 * replaced, so that a later rename that fails can put it back: a failed export then leaves
 * the folder as it found it, old files included.
 */
export function writeAllOrNone(files: readonly (readonly [path: string, bytes: Buffer | string])[]): void {
  const stamp = `${process.pid}-${Date.now()}`;
  const temporary = files.map(([path]) => `${path}.partial-${stamp}`);
  const placed: string[] = [];
  const setAside: (readonly [path: string, aside: string])[] = [];
  let failedAt = '';
  try {
    files.forEach(([path, bytes], i) => {
      failedAt = path;
      writeFileSync(temporary[i]!, bytes);
    });
    files.forEach(([path], i) => {
      failedAt = path;
      if (isFile(path)) {
        const aside = `${path}.previous-${stamp}`;
        renameSync(path, aside);
        setAside.push([path, aside]);
      }
      renameSync(temporary[i]!, path);
      placed.push(path);
    });
  } catch (error) {
    for (const path of [...temporary, ...placed]) rmSync(path, { force: true });
    for (const [path, aside] of setAside) renameSync(aside, path);
    throw writeFailure(error, failedAt);
  }
  for (const [, aside] of setAside) rmSync(aside, { force: true });
}

/** A plain file (not a folder, which a rename would move aside whole) stands at `path`. */
function isFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}
