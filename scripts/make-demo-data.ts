// Derives the bundled demo data from ../shared/data (run once; the output is committed):
// demo/collection.jsonl.gz — up to 1,200 court judgments (the sources of the demo documents,
// every other ECHR judgment, then short Indian Supreme Court judgments);
// demo/deidentified.jsonl — 6 de-identified ECHR judgments whose sources are included.
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';

interface Record {
  id: string;
  text: string;
  source?: string;
  original_id?: string;
  split?: string;
}

const read = (path: string): Record[] =>
  gunzipSync(readFileSync(path))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record);

const collection = read('../shared/data/court/collection.jsonl.gz');
const deidentified = read('../shared/data/court/deidentified.jsonl.gz');
const chosen = deidentified.filter((d) => d.split === 'test' && d.text.length > 3000 && d.text.length < 9000).slice(0, 6);
const sources = new Set(chosen.map((d) => d.original_id));
// Every ECHR judgment (the demo documents are ECHR judgments, so their common phrasing is
// in D), then short Indian judgments, within a few megabytes.
const echr = collection.filter((d) => d.id.startsWith('echr') && !sources.has(d.id));
const aila = collection.filter((d) => d.id.startsWith('aila') && d.text.length < 15000).filter((_, i) => i % 2 === 0);
const subset = [...collection.filter((d) => sources.has(d.id)), ...echr, ...aila].slice(0, 1200);
writeFileSync(
  'demo/collection.jsonl.gz',
  gzipSync(subset.map((d) => JSON.stringify({ id: d.id, source: d.source, text: d.text })).join('\n') + '\n', { level: 9 }),
);
writeFileSync('demo/deidentified.jsonl', chosen.map((d) => JSON.stringify({ id: d.id, original_id: d.original_id, text: d.text })).join('\n') + '\n');
console.log(`collection: ${subset.length} documents; de-identified: ${chosen.map((d) => d.id).join(', ')}`);
