/**
 * Reads the released documents of an evaluation: a JSONL(.gz) of de-identified records,
 * each with `original_id`, the id of its source in the collection.
 */
import { AppError } from '../../../shared/errors.js';
import type { PhraseIndex } from '../../../shared/linkage/phrase-index.js';
import { readInputs } from '../../import/read-inputs.js';
import type { EvaluationDocument } from '../methods/method-types.js';

/** Which documents of the file to evaluate, in file order. */
export interface DocumentSlice {
  /** Only records whose `split` is this (TAB's "test", say); the offset and limit then count within it. */
  readonly split?: string | undefined;
  readonly offset?: number | undefined;
  readonly limit?: number | undefined;
}

/** The documents of `path` in the slice; every one must name a source that the collection holds. */
export async function readReleasedDocuments(path: string, index: PhraseIndex, slice: DocumentSlice = {}, signal?: AbortSignal): Promise<EvaluationDocument[]> {
  const documents: EvaluationDocument[] = [];
  const offset = slice.offset ?? 0;
  const end = slice.limit === undefined ? Number.POSITIVE_INFINITY : offset + slice.limit;
  let seen = 0;
  const options = signal === undefined ? {} : { signal };
  for await (const record of readInputs([path], options)) {
    if (record.kind === 'problem') throw new AppError(record.code, record.message);
    if (slice.split !== undefined && record.split !== slice.split) continue;
    if (seen >= offset && seen < end) {
      if (record.originalId === undefined) {
        throw new AppError('invalid-input', `${path}: record "${record.id}" has no original_id; the evaluation needs the id of each document's source.`);
      }
      if (index.documentNumberOf(record.originalId) === undefined) {
        throw new AppError(
          'invalid-input',
          `${path}: record "${record.id}" names source "${record.originalId}", which the collection does not hold. Evaluate against the collection the documents came from.`,
        );
      }
      documents.push({ id: record.id, text: record.text, sourceId: record.originalId });
    }
    seen++;
    if (seen >= end) break;
  }
  if (documents.length === 0) throw new AppError('empty-file', `${path} has no documents in the chosen slice.`);
  return documents;
}
