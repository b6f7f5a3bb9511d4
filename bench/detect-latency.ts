// Child process of the benchmark: detection latency per de-identified judgment, warm
// (one untimed pass first), at arity 1 and arity ≤ 3, and the same documents' df
// queries answered through FTS5 for comparison.
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { openCollection } from '../electron/services/collections.js';
import { detectLinkage } from '../shared/linkage/detect.js';
import { tokenize } from '../shared/tokenizer/tokenize.js';

const [indexPath, ftsPath, deidentifiedPath, ftsDocs] = process.argv.slice(2) as [string, string, string, string];
const documents = gunzipSync(readFileSync(deidentifiedPath))
  .toString('utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { id: string; text: string });
const collection = openCollection(indexPath);
const openStarted = performance.now();
const index = collection.phraseIndex();
const openSeconds = (performance.now() - openStarted) / 1000;

function time(arity: 1 | 3): number[] {
  return documents.map((d) => {
    const started = performance.now();
    detectLinkage(index, d.text, { k: 2, arity, maxN: 8 });
    return performance.now() - started;
  });
}
time(1);
const arity1 = time(1);
const arity3 = time(3);

// FTS5: the same distinct N-grams (N ≤ 8) as phrase queries, for a few documents.
const fts = new Database(ftsPath, { readonly: true });
const count = fts.prepare('SELECT count(*) AS n FROM docs WHERE docs MATCH ?');
const ftsRows: { id: string; queries: number; ftsMs: number; oursMs: number }[] = [];
for (const d of documents.slice(0, Number(ftsDocs))) {
  const tokens = tokenize(d.text);
  const phrases = new Set<string>();
  for (let s = 0; s + 1 < tokens.segmentStarts.length; s++) {
    for (let i = tokens.segmentStarts[s]!; i < tokens.segmentStarts[s + 1]!; i++) {
      for (let n = 1; n <= 8 && i + n <= tokens.segmentStarts[s + 1]!; n++) {
        // FTS5 phrase syntax: double quotes around the phrase, inner quotes doubled.
        phrases.add(
          `"${tokens.keys
            .slice(i, i + n)
            .join(' ')
            .replace(/"/g, '""')}"`,
        );
      }
    }
  }
  const started = performance.now();
  for (const phrase of phrases) {
    try {
      count.get(phrase);
    } catch {
      // A few keys are not valid FTS5 phrases (e.g. only punctuation by unicode61); skip.
    }
  }
  const ftsMs = performance.now() - started;
  const oursStarted = performance.now();
  detectLinkage(index, d.text, { k: 2, arity: 1, maxN: 8 });
  ftsRows.push({ id: d.id, queries: phrases.size, ftsMs, oursMs: performance.now() - oursStarted });
}
process.stdout.write(JSON.stringify({ openSeconds, arity1, arity3, fts: ftsRows, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
