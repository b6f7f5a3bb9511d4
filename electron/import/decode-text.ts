/**
 * Turning bytes into document text with clear verdicts for unusable input: binary
 * data, text that is not UTF-8, empty files and files too large to hold.
 */
import { AppError } from '../../shared/errors.js';

/** Largest document accepted; V8 strings top out near 512 MiB of UTF-16. */
export const MAX_DOCUMENT_BYTES = 200 * 1024 * 1024;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** True when the bytes hold a NUL: text files never do, binary files nearly always. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.indexOf(0) !== -1;
}

/** The error for a document larger than MAX_DOCUMENT_BYTES. */
export function tooLargeDocument(what: string): AppError {
  return new AppError('too-large', `${what} is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB; split it into smaller documents.`);
}

/** Decodes a whole file as a document's text, or throws an AppError saying why not. */
export function decodeDocumentBytes(bytes: Uint8Array, what: string): string {
  if (bytes.length > MAX_DOCUMENT_BYTES) throw tooLargeDocument(what);
  if (looksBinary(bytes))
    throw new AppError(
      'binary-file',
      `${what} holds binary data, not plain text, whatever its name says (it may be a word-processor or PDF file renamed). Open it in the program that made it and save it as plain text (UTF-8), or paste its text instead.`,
    );
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw new AppError('not-utf8', `${what} is not valid UTF-8 text. Save it as UTF-8 and try again.`);
  }
  if (text.trim().length === 0) throw new AppError('empty-file', `${what} is empty.`);
  return text;
}

/** Decodes one JSONL line strictly; throws on invalid UTF-8. */
export function decodeLine(bytes: Uint8Array): string {
  return strictUtf8.decode(bytes);
}
