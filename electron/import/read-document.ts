/**
 * Reads the document a command checks: a .txt or .md file, one record of a JSONL
 * (or JSONL.gz) file, or standard input ("-").
 */
import { readFile, stat } from 'node:fs/promises';
import { AppError } from '../../shared/errors.js';
import { decodeDocumentBytes, MAX_DOCUMENT_BYTES, tooLargeDocument } from './decode-text.js';
import { inputKind, readInputs } from './read-inputs.js';

/** A document to check, with the id and source named by its record when it has them. */
export interface DocumentToCheck {
  readonly text: string;
  readonly id?: string | undefined;
  readonly originalId?: string | undefined;
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > MAX_DOCUMENT_BYTES) throw new AppError('too-large', 'Standard input is larger than the largest document accepted.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Reads one document from `path`; JSONL needs `recordId` unless it holds one record. */
export async function readDocumentToCheck(path: string, recordId?: string): Promise<DocumentToCheck> {
  if (path === '-') return { text: decodeDocumentBytes(await readStdin(), 'Standard input') };
  const kind = inputKind(path);
  if (kind === 'jsonl' || kind === 'jsonl.gz') return readRecord(path, recordId);
  let info;
  try {
    info = await stat(path);
  } catch {
    throw new AppError('not-found', `${path} does not exist.`);
  }
  if (info.isDirectory()) throw new AppError('unsupported-file', `${path} is a folder, not a document. Name a .txt or .md file in it.`);
  if (kind !== 'text') throw new AppError('unsupported-file', `${path} is not a supported document. Use a .txt or .md file, or a JSONL record with --record.`);
  // A pipe or a device would be read without end (or block); a file too large is refused before it fills memory.
  if (!info.isFile()) throw new AppError('unsupported-file', `${path} is not a regular file. Save the text to a .txt file and check that.`);
  if (info.size > MAX_DOCUMENT_BYTES) throw tooLargeDocument(path);
  return { text: decodeDocumentBytes(await readFile(path), path) };
}

async function readRecord(path: string, recordId: string | undefined): Promise<DocumentToCheck> {
  let first: DocumentToCheck | undefined;
  let count = 0;
  for await (const record of readInputs([path])) {
    if (record.kind === 'problem') {
      if (record.code === 'not-found') throw new AppError('not-found', record.message);
      continue;
    }
    count++;
    first ??= { text: record.text, id: record.id, originalId: record.originalId };
    if (recordId !== undefined && record.id === recordId) return { text: record.text, id: record.id, originalId: record.originalId };
  }
  if (recordId !== undefined) throw new AppError('not-found', `${path} has no record with id "${recordId}".`);
  if (count === 1 && first !== undefined) return first;
  throw new AppError('invalid-input', `${path} holds ${count} records; name one with --record ID.`);
}
