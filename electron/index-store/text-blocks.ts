/**
 * Document texts, stored many to a block.
 *
 * Why blocks: a text of its own row ends in a partly filled SQLite overflow page, about
 * 2 KB lost per document. On a remix of 750-word documents that waste was 1.6 bytes per
 * token, and deflating each text alone left another 0.5 on the table: 10.2 bytes per
 * token in all, against issue 11's 8. Consecutive texts are packed into blocks of about
 * BLOCK_BYTES and compressed together with Brotli on the thread pool, beside the sorting.
 *
 * Why 8 MB blocks at quality 4: a larger block holds more repeats (quoted law, boilerplate),
 * and quality 4 on 8 MB is as small as quality 5 on 1 MB at about half the work. Measured
 * on 48 MB of texts (2026-12-05), as raw bytes per compressed byte and ms per raw MB:
 * - court: 1 MB at quality 5, 3.777 and 22 ms; 8 MB at quality 4, 3.787 and 15–18 ms;
 * - 100M remix: 2.825 and 31 ms; 2.841 and 21 ms.
 * Compressing texts was about a fifth of a large build's work (the remix's text compresses
 * worse and slower than the court's); a 100M remix build took 60.2 s instead of 65.2 s,
 * the court's 4.71 s instead of 4.89 s (mean of three, alternated). The price is in
 * reading one text: its block takes 12–17 ms to decompress instead of 2–3 ms, and only
 * the evaluation reads texts, in order. Files written before keep their 1 MB blocks;
 * reading does not depend on the size.
 *
 * A document row names its block and the byte range of its text in the decompressed
 * block. Reading one text decompresses its block; callers that read many in
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
export const BLOCK_BYTES = 8 * 1024 * 1024;
/**
 * Blocks being compressed at once (on the thread pool) before add() waits. Two keep up:
 * a block takes about 0.2 s to compress and 0.4 s to tokenize, and each holds 8 MB raw.
 */
const MAX_IN_FLIGHT = 2;
/** Brotli for a block of `bytes`: a window as large as the block (2^23), so that it finds repeats anywhere in it. */
function brotliOptions(bytes: number): { params: Record<number, number> } {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_LGWIN]: 23,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    },
  };
}
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

  /** `blockBytes`: BLOCK_BYTES, or less in tests that want several blocks from little text. */
  constructor(private readonly blockBytes = BLOCK_BYTES) {}

  async add(documentNumber: number, text: string): Promise<void> {
    const bytes = Buffer.from(text, 'utf8');
    this.pendingTexts.push({ documentNumber, offset: this.pendingBytes, bytes: bytes.length });
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= this.blockBytes) await this.flush();
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
    this.inFlight.push(compressAsync(raw, brotliOptions(raw.length)).then((data) => ({ data, texts })));
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
    const data = brotliCompressSync(Buffer.concat(pieces, offset), brotliOptions(offset));
    replace.run(checksum(data), data, id);
  }
}
