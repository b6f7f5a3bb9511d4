/**
 * Writing an approved document to a folder: the text (.txt), the report (.json) and,
 * on request, a Word document (.docx). Existing files are never overwritten silently:
 * the caller chooses to refuse, to pick new names, or to overwrite.
 */
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  const temporary = `${path}.partial-${process.pid}`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
}
