// Child process of the benchmark: the peer. Builds SQLite FTS5 (detail=full, unicode61)
// from the same JSONL.gz: a file database in WAL mode, 200 documents per transaction,
// `optimize` at the end; timed from the first read to the close.
import Database from 'better-sqlite3';
import { createReadStream, rmSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

const [input, output, withContent] = process.argv.slice(2) as [string, string, string];
for (const suffix of ['', '-wal', '-shm']) rmSync(output + suffix, { force: true });
const started = performance.now();
const db = new Database(output);
db.pragma('journal_mode = WAL');
const content = withContent === 'content' ? '' : ", content=''";
db.exec(`CREATE VIRTUAL TABLE docs USING fts5(text, tokenize = 'unicode61', detail = full${content})`);
const insert = db.prepare('INSERT INTO docs (rowid, text) VALUES (?, ?)');
let batch: string[] = [];
let rowid = 0;
const flush = db.transaction((texts: string[]) => {
  for (const text of texts) insert.run(++rowid, text);
});
const lines = createInterface({ input: createReadStream(input).pipe(createGunzip()), crlfDelay: Infinity });
for await (const line of lines) {
  if (!line) continue;
  batch.push((JSON.parse(line) as { text: string }).text);
  if (batch.length === 200) {
    flush(batch);
    batch = [];
  }
}
flush(batch);
db.exec("INSERT INTO docs(docs) VALUES('optimize')");
db.pragma('wal_checkpoint(TRUNCATE)');
db.close();
const seconds = (performance.now() - started) / 1000;
process.stdout.write(JSON.stringify({ seconds, maxRssMb: process.resourceUsage().maxRSS / 1024, bytes: statSync(output).size, documents: rowid }));
