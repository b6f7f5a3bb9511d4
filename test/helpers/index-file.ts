/** Looking at and damaging collection index files in store tests. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';

/** SHA-256 of a file's bytes: what "the file was not changed" is checked with. */
export function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Flips the byte at `offset` of the first blob `data` of `table` matching `where`, as disk damage would. */
export function flipBlobByte(path: string, table: 'shard_parts' | 'text_blocks', where: string, offset: number): void {
  const db = new Database(path);
  const row = db.prepare(`SELECT id, data FROM ${table} WHERE ${where}`).get() as { id: number; data: Buffer };
  row.data[offset] = row.data[offset]! ^ 0xff;
  db.prepare(`UPDATE ${table} SET data = ? WHERE id = ?`).run(row.data, row.id);
  db.close();
}
