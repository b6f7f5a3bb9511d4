/** Turning plain arrays into the importer's record stream, for store tests. */
import type { ImportRecord } from '../../electron/import/import-records.js';

export interface PlainDocument {
  readonly id: string;
  readonly text: string;
}

/** An async stream of document records. */
export async function* recordsOf(documents: readonly PlainDocument[]): AsyncGenerator<ImportRecord> {
  for (const d of documents) yield { kind: 'document', id: d.id, text: d.text, origin: `test:${d.id}` };
}
