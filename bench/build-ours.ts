// Child process of the benchmark: builds an Unlinkable index from one JSONL.gz file and
// prints {seconds, maxRssMb, bytes, tokens} as JSON. Time runs from the first read to
// the close, as for FTS5.
import { rmSync, statSync } from 'node:fs';
import { createFromInputs, openCollection } from '../electron/services/collections.js';

const [input, output] = process.argv.slice(2) as [string, string];
rmSync(output, { force: true });
const started = performance.now();
const report = await createFromInputs(output, [input], { name: 'bench' });
const seconds = (performance.now() - started) / 1000;
const bytes = statSync(output).size;
// Input size in characters, after the clock stopped: costs follow characters as much as tokens.
const collection = openCollection(output);
const { characters } = collection.db.prepare('SELECT SUM(char_count) AS characters FROM documents').get() as { characters: number };
collection.close();
process.stdout.write(
  JSON.stringify({ seconds, maxRssMb: process.resourceUsage().maxRSS / 1024, bytes, tokens: report.tokens, characters, documents: report.added }),
);
