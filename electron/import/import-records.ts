/**
 * What the readers produce: documents to index, and problems to report. A bad file or
 * line becomes a problem; it never stops the rest of the import.
 */
import type { ErrorCode } from '../../shared/errors.js';

/** A document read from an input. */
export interface ImportedDocument {
  readonly kind: 'document';
  readonly id: string;
  readonly text: string;
  /** Free-form provenance from the record (e.g. the court), if any. */
  readonly source?: string | undefined;
  /** Where it came from: a file path, with `:line` for JSONL records. */
  readonly origin: string;
  /** The file it was read from (for the per-file counts an import prints). */
  readonly file?: string | undefined;
  /** For de-identified records: the id of their source in the original collection. */
  readonly originalId?: string | undefined;
  /** `split` of a de-identified record (TAB's train/dev/test), when it has one. */
  readonly split?: string | undefined;
}

/** An input (or one record of it) that could not be used. */
export interface ImportProblem {
  readonly kind: 'problem';
  readonly origin: string;
  readonly code: ErrorCode;
  readonly message: string;
}

export type ImportRecord = ImportedDocument | ImportProblem;

/** Bytes read so far out of the inputs' total size on disk. */
export type ByteProgress = (bytesRead: number, bytesTotal: number) => void;
