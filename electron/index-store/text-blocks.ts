/**
 * Document texts, stored many to a block.
 *
 * Why blocks: a text of its own row ends in a partly filled SQLite overflow page, about
 * 2 KB lost per document. On a remix of 750-word documents that waste was 1.6 bytes per
 * token, and deflating each text alone left another 0.5 on the table: 10.2 bytes per
 * token in all, against issue 11's 8. Consecutive texts are packed into blocks of about
 * BLOCK_BYTES and compressed together with Brotli, which at quality 4 is as fast as the
 * per-document deflate was and 20 % smaller. Quality 5 is 6.5 % smaller again, at 67 ms
 * a MB against 39 (measured on a 100M remix): the paged shards of format 3 cost 0.3 bytes
 * a token more than the whole arrays did, and this pays for most of it. It runs on the
 * thread pool, beside the sorting.
 *
 * A document row names its block and the byte range of its text in the decompressed
 * block. Reading one text decompresses its block (about 3 ms); callers that read many in
 * order keep the last block (see TextBlockReader). A block only ever holds texts of
 * documents in the collection: removing documents rewrites the blocks they were in.
 *
 * Files of format 1 keep each text in documents.text (deflated); they are read as they
 * are, and upgraded (columns and table added, old texts left where they are) by the first
 * change made to them.
 */
import type Database from 'better-sqlite3';
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { promisify } from 'node:util';
import { AppError } from '../../shared/errors.js';
import { checksum, inflateText } from './blob-codec.js';

/** Raw UTF-8 bytes gathered before a block is compressed. */
export const BLOCK_BYTES = 1024 * 1024;
/** Blocks being compressed at once (on the thread pool) before add() waits. */
const MAX_IN_FLIGHT = 4;
const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_LGWIN]: 22,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};
const compressAsync = promisify(brotliCompress);

/** Where one document's text lies in its block (before the block has a row id). */
export interface PackedText {
  readonly documentNumber: number;
  readonly offset: number;
  readonly bytes: number;
}

/** A compressed block and the texts in it. */
export interface PackedBlock {
  readonly data: Buffer;
  readonly texts: readonly PackedText[];
}

/**
 * Gathers texts into blocks and compresses each full block on the thread pool while the
 * caller goes on tokenizing. It holds its batch's compressed blocks until the batch is
 * written, and at most MAX_IN_FLIGHT raw blocks besides.
 */
export class TextBlockPacker {
  private pending: Buffer[] = [];
  private pendingTexts: PackedText[] = [];
  private pendingBytes = 0;
  private readonly inFlight: Promise<PackedBlock>[] = [];
  private readonly done: PackedBlock[] = [];

  async add(documentNumber: number, text: string): Promise<void> {
    const bytes = Buffer.from(text, 'utf8');
    this.pendingTexts.push({ documentNumber, offset: this.pendingBytes, bytes: bytes.length });
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= BLOCK_BYTES) await this.flush();
  }

  /** Every block, in the order the texts were added. */
  async finish(): Promise<PackedBlock[]> {
    if (this.pendingTexts.length > 0) this.startBlock();
    while (this.inFlight.length > 0) this.done.push(await this.inFlight.shift()!);
    return this.done;
  }

  private async flush(): Promise<void> {
    this.startBlock();
    while (this.inFlight.length >= MAX_IN_FLIGHT) this.done.push(await this.inFlight.shift()!);
  }

  private startBlock(): void {
    const texts = this.pendingTexts;
    const raw = Buffer.concat(this.pending, this.pendingBytes);
    this.inFlight.push(compressAsync(raw, BROTLI_OPTIONS).then((data) => ({ data, texts })));
    this.pending = [];
    this.pendingTexts = [];
    this.pendingBytes = 0;
  }
}

/** True when the file stores texts in blocks (format 2 and later, or upgraded). */
function hasTextBlocks(db: Database.Database): boolean {
  return (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'text_blocks'").get() as unknown) !== undefined;
}

/**
 * Adds the block table and columns to a format-1 file (schema.ts has the same for new
 * files). Call inside the write transaction.
 */
export function upgradeToTextBlocks(db: Database.Database): void {
  if (hasTextBlocks(db)) return;
  db.exec(`
CREATE TABLE text_blocks (id INTEGER PRIMARY KEY, crc32 INTEGER NOT NULL, data BLOB NOT NULL);
ALTER TABLE documents ADD COLUMN text_block INTEGER REFERENCES text_blocks(id);
ALTER TABLE documents ADD COLUMN text_offset INTEGER;
ALTER TABLE documents ADD COLUMN text_bytes INTEGER;
CREATE INDEX documents_by_text_block ON documents (text_block);
`);
  if ((db.pragma('user_version', { simple: true }) as number) < 2) db.pragma('user_version = 2');
}

/** Inserts a block; returns its id. Call inside the write transaction. */
export function insertTextBlock(db: Database.Database, data: Uint8Array): number {
  return Number(db.prepare('INSERT INTO text_blocks (crc32, data) VALUES (?, ?)').run(checksum(data), data).lastInsertRowid);
}

function corrupt(path: string): AppError {
  return new AppError(
    'index-corrupt',
    `${path} is damaged (the text of a document cannot be read). The file was not changed; rebuild the index from the original documents.`,
  );
}

/** One document row's text fields: a block and range, or (format 1) its own deflated text. */
export interface StoredText {
  readonly text: Buffer;
  readonly text_block?: number | null;
  readonly text_offset?: number | null;
  readonly text_bytes?: number | null;
}

/**
 * Reads texts, keeping the last decompressed block for readers that go in document order.
 * The kept block is used only while its row's checksum and size are unchanged, so a
 * block rewritten by a removal is read again.
 */
export class TextBlockReader {
  private last: { id: number; crc32: number; size: number; block: Buffer } | undefined;

  constructor(
    private readonly db: Database.Database,
    private readonly path: string,
  ) {}

  /** The decompressed block, its checksum verified. */
  block(id: number): Buffer {
    const stamp = this.db.prepare('SELECT crc32, length(data) AS size FROM text_blocks WHERE id = ?').get(id) as { crc32: number; size: number } | undefined;
    if (stamp === undefined) throw corrupt(this.path);
    const last = this.last;
    if (last !== undefined && last.id === id && last.crc32 === stamp.crc32 && last.size === stamp.size) return last.block;
    const row = this.db.prepare('SELECT data FROM text_blocks WHERE id = ?').get(id) as { data: Buffer };
    if (checksum(row.data) !== stamp.crc32) throw corrupt(this.path);
    let block: Buffer;
    try {
      block = brotliDecompressSync(row.data);
    } catch {
      throw corrupt(this.path);
    }
    this.last = { id, crc32: stamp.crc32, size: stamp.size, block };
    return block;
  }

  /** The text of a document row (SELECT * of documents: format-1 rows lack the block columns). */
  text(stored: StoredText): string {
    const blockId = stored.text_block ?? null;
    if (blockId === null) {
      try {
        return inflateText(stored.text);
      } catch {
        throw corrupt(this.path);
      }
    }
    const block = this.block(blockId);
    const offset = stored.text_offset ?? -1;
    const bytes = stored.text_bytes ?? -1;
    if (offset < 0 || bytes < 0 || offset + bytes > block.length) throw corrupt(this.path);
    return block.toString('utf8', offset, offset + bytes);
  }
}

/**
 * Rewrites the given blocks so that they hold only the texts of documents still in the
 * collection (the rows of removed documents are already gone), and deletes blocks left
 * empty. Call inside the write transaction that removed the rows.
 */
export function rewriteTextBlocks(db: Database.Database, path: string, blockIds: Iterable<number>): void {
  const ids = new Set(blockIds);
  // Nothing to do, and a format-1 file has none of the columns below.
  if (ids.size === 0) return;
  const reader = new TextBlockReader(db, path);
  const rowsOf = db.prepare('SELECT number, text_offset, text_bytes FROM documents WHERE text_block = ? ORDER BY text_offset');
  const update = db.prepare('UPDATE documents SET text_offset = ? WHERE number = ?');
  const replace = db.prepare('UPDATE text_blocks SET crc32 = ?, data = ? WHERE id = ?');
  const drop = db.prepare('DELETE FROM text_blocks WHERE id = ?');
  for (const id of ids) {
    const rows = rowsOf.all(id) as { number: number; text_offset: number; text_bytes: number }[];
    if (rows.length === 0) {
      drop.run(id);
      continue;
    }
    const block = reader.block(id);
    const pieces: Buffer[] = [];
    let offset = 0;
    for (const row of rows) {
      if (row.text_offset + row.text_bytes > block.length) throw corrupt(path);
      pieces.push(block.subarray(row.text_offset, row.text_offset + row.text_bytes));
      update.run(offset, row.number);
      offset += row.text_bytes;
    }
    if (offset === block.length) continue;
    // Removal is rare and small: compressing here keeps the rewrite one synchronous step.
    const data = brotliCompressSync(Buffer.concat(pieces, offset), BROTLI_OPTIONS);
    replace.run(checksum(data), data, id);
  }
}
