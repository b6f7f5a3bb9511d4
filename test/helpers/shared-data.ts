/** Reading the shared corpora (../shared/data) in tests and benchmarks. */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** Parses a JSONL.gz file into records. */
export function readJsonlGz<T = Record<string, unknown>>(path: string): T[] {
  return gunzipSync(readFileSync(path))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as T);
}
