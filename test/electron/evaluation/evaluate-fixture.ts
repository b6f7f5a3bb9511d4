/**
 * A small evaluation set for the command's tests: a few de-identified court judgments
 * (from ../shared/data) and a collection of their sources plus other judgments, built
 * in a temporary folder.
 */
import { writeFileSync } from 'node:fs';
import { createFromInputs } from '../../../electron/services/collections.js';
import { readJsonlGz } from '../../helpers/shared-data.js';
import { join } from '../../helpers/temp-dir.js';
import { dataDir } from '../../spec-paths.js';

interface Released {
  id: string;
  text: string;
  original_id: string;
}

/** Writes `released.jsonl` (`released` documents) and builds `collection.unl` in `dir`. */
export async function buildEvaluationSet(dir: string, released: number, others: number): Promise<{ db: string; documents: string }> {
  const deidentified = readJsonlGz<Released>(join(dataDir, 'court', 'deidentified.jsonl.gz')).slice(0, released);
  const sources = new Set(deidentified.map((d) => d.original_id));
  const all = readJsonlGz<{ id: string; text: string }>(join(dataDir, 'court', 'collection.jsonl.gz'));
  const collection = [...all.filter((d) => sources.has(d.id)), ...all.filter((d) => !sources.has(d.id)).slice(0, others)];
  const collectionPath = join(dir, 'collection.jsonl');
  writeFileSync(collectionPath, collection.map((d) => JSON.stringify({ id: d.id, text: d.text })).join('\n'));
  const documents = join(dir, 'released.jsonl');
  writeFileSync(documents, deidentified.map((d) => JSON.stringify({ id: d.id, text: d.text, original_id: d.original_id })).join('\n'));
  const db = join(dir, 'collection.unl');
  await createFromInputs(db, [collectionPath]);
  return { db, documents };
}
