/** Looking at and damaging collection index files in store tests. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { checksum, encodeVarintDeflate, packFixedWidth } from '../../electron/index-store/blob-codec.js';
import { listShards, readShard } from '../../electron/index-store/shard-storage.js';

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

/**
 * Rewrites every paged shard of an open database into the whole-array layout of formats 1
 * and 2 ('tokens' and 'suffixes' parts, no pages or samples), as an older version wrote them.
 */
export function toWholeArrayShards(db: Database.Database): void {
  for (const row of listShards(db)) {
    const parts = readShard(db, 'old-layout', row);
    db.prepare('DELETE FROM shard_parts WHERE shard_id = ? AND kind IN (?, ?, ?)').run(row.id, 'token_pages', 'suffix_pages', 'suffix_samples');
    const insert = db.prepare('INSERT INTO shard_parts (shard_id, kind, part, crc32, data) VALUES (?, ?, 0, ?, ?)');
    const tokens = encodeVarintDeflate(parts.tokens);
    const suffixes = packFixedWidth(parts.suffixes, row.suffix_width);
    insert.run(row.id, 'tokens', checksum(tokens), tokens);
    insert.run(row.id, 'suffixes', checksum(suffixes), suffixes);
  }
}
