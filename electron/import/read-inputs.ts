/**
 * Reads documents from the inputs a user names: JSONL or JSONL.gz files of {id, text}
 * records, single .txt or .md files, and folders of any of them (recursively).
 */
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join, relative, sep } from 'node:path';
import { createGunzip } from 'node:zlib';
import { AppError, throwIfAborted } from '../../shared/errors.js';
import { decodeDocumentBytes, decodeLine, MAX_DOCUMENT_BYTES } from './decode-text.js';
import type { ByteProgress, ImportProblem, ImportRecord } from './import-records.js';
import { z } from 'zod';

/** The kinds of input file, by name. */
export function inputKind(path: string): 'jsonl' | 'jsonl.gz' | 'text' | 'unsupported' {
  const lower = path.toLowerCase();
  if (lower.endsWith('.jsonl.gz') || lower.endsWith('.ndjson.gz')) return 'jsonl.gz';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  if (lower.endsWith('.txt') || lower.endsWith('.md')) return 'text';
  return 'unsupported';
}

const MAX_ID_LENGTH = 512;

function problem(origin: string, error: unknown): ImportProblem {
  if (error instanceof AppError) return { kind: 'problem', origin, code: error.code, message: error.message };
  return { kind: 'problem', origin, code: 'invalid-input', message: `${origin} could not be read: ${(error as Error).message}` };
}

/** Validates a record id; numbers are accepted and written as text. */
export function normaliseId(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const id = value.trim();
  // eslint-disable-next-line no-control-regex
  if (id.length === 0 || id.length > MAX_ID_LENGTH || /[\u0000-\u001f]/.test(id)) return undefined;
  return id;
}

/** One JSONL record: an object with an id (string or whole number) and a non-empty text; other fields optional. */
const recordSchema = z
  .object({
    id: z
      .unknown()
      .optional()
      .transform((value, context) => normaliseId(value) ?? (context.addIssue({ code: 'custom', message: 'id' }), z.NEVER)),
    text: z.string({ message: 'text' }),
    // Optional: anything else there is ignored, as before the schema.
    source: z
      .unknown()
      .optional()
      .transform((value) => (typeof value === 'string' ? value : undefined)),
    original_id: z
      .unknown()
      .optional()
      .transform((value) => normaliseId(value)),
    split: z
      .unknown()
      .optional()
      .transform((value) => (typeof value === 'string' ? value : undefined)),
  })
  .passthrough();

/** Parses one JSONL record into a document or a problem. */
export function parseRecord(line: string, origin: string): ImportRecord | undefined {
  if (line.trim().length === 0) return undefined;
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return { kind: 'problem', origin, code: 'invalid-input', message: `${origin} is not valid JSON.` };
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    return { kind: 'problem', origin, code: 'invalid-input', message: `${origin} is not a JSON object with "id" and "text".` };
  }
  const parsed = recordSchema.safeParse(record);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    if (field === 'text') {
      const id = normaliseId((record as { id?: unknown }).id);
      if (id !== undefined) return { kind: 'problem', origin, code: 'invalid-input', message: `${origin} (id ${id}) has no "text" string.` };
    }
    return {
      kind: 'problem',
      origin,
      code: 'invalid-input',
      message: `${origin} has no usable "id" (a non-empty string of at most ${MAX_ID_LENGTH} characters).`,
    };
  }
  const { id, text, source, original_id: originalId, split } = parsed.data;
  if (text.trim().length === 0) return { kind: 'problem', origin, code: 'empty-file', message: `${origin} (id ${id}) has an empty text.` };
  return { kind: 'document', id, text, source, origin, originalId, ...(split !== undefined && { split }) };
}

/** Splits a byte stream into lines without decoding, so each line is checked strictly. */
async function* byteLines(stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let carry: Buffer | undefined;
  for await (const chunk of stream) {
    let data = carry === undefined ? chunk : Buffer.concat([carry, chunk]);
    let start = 0;
    for (let newline = data.indexOf(10, start); newline !== -1; newline = data.indexOf(10, start)) {
      yield data.subarray(start, newline);
      start = newline + 1;
    }
    data = data.subarray(start);
    carry = data.length > 0 ? Buffer.from(data) : undefined;
  }
  if (carry !== undefined) yield carry;
}

async function* readJsonl(path: string, gzipped: boolean, onBytes: (n: number) => void, signal?: AbortSignal): AsyncGenerator<ImportRecord> {
  // Large chunks: per-chunk overhead, not inflating, dominates with the 64 KiB default.
  const file = createReadStream(path, { highWaterMark: 1 << 20 });
  file.on('data', (chunk) => onBytes(chunk.length));
  const stream = gzipped ? file.pipe(createGunzip({ chunkSize: 1 << 20 })) : file;
  if (gzipped) file.on('error', (error) => stream.destroy(error));
  let lineNumber = 0;
  let documents = 0;
  try {
    for await (const bytes of byteLines(stream as AsyncIterable<Buffer>)) {
      throwIfAborted(signal);
      lineNumber++;
      const origin = `${path}:${lineNumber}`;
      let line: string;
      try {
        line = decodeLine(bytes);
      } catch {
        yield { kind: 'problem', origin, code: 'not-utf8', message: `${origin} is not valid UTF-8.` };
        continue;
      }
      const record = parseRecord(line, origin);
      if (record?.kind === 'document') {
        documents++;
        yield { ...record, file: path };
      } else if (record !== undefined) yield record;
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    const detail = gzipped ? 'is not a valid gzip file or ends early' : 'could not be read';
    yield { kind: 'problem', origin: path, code: 'invalid-input', message: `${path} ${detail}; ${documents} documents before that point were read.` };
  }
}

async function listFolder(root: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  for (const entry of entries) {
    if (entry.isFile()) out.push(join(entry.parentPath, entry.name));
  }
  return out.sort();
}

/** Total size in bytes of the inputs, for progress. */
export async function inputBytes(paths: readonly string[]): Promise<number> {
  let total = 0;
  for (const path of paths) {
    try {
      const info = await stat(path);
      if (info.isFile()) total += info.size;
      else if (info.isDirectory()) for (const file of await listFolder(path)) total += (await stat(file)).size;
    } catch {
      // Missing inputs are reported when read.
    }
  }
  return total;
}

/** Reads every input in order, yielding documents and problems. */
export async function* readInputs(paths: readonly string[], options: { signal?: AbortSignal; onBytes?: ByteProgress } = {}): AsyncGenerator<ImportRecord> {
  const total = await inputBytes(paths);
  let read = 0;
  const onBytes = (n: number): void => {
    read += n;
    options.onBytes?.(read, total);
  };
  for (const path of paths) {
    throwIfAborted(options.signal);
    let info;
    try {
      info = await stat(path);
    } catch {
      yield { kind: 'problem', origin: path, code: 'not-found', message: `${path} does not exist.` };
      continue;
    }
    if (info.isDirectory()) {
      for (const file of await listFolder(path)) {
        throwIfAborted(options.signal);
        const kind = inputKind(file);
        if (kind === 'jsonl' || kind === 'jsonl.gz') {
          yield* readJsonl(file, kind === 'jsonl.gz', onBytes, options.signal);
          continue;
        }
        if (kind !== 'text') {
          onBytes((await stat(file)).size);
          yield {
            kind: 'problem',
            origin: file,
            code: 'unsupported-file',
            message: `${file} was skipped: folders are read for .jsonl, .jsonl.gz, .txt and .md files only.`,
          };
          continue;
        }
        const id = relative(path, file)
          .split(sep)
          .join('/')
          .replace(/\.(txt|md)$/i, '');
        yield* readTextFile(file, id, onBytes);
      }
      continue;
    }
    const kind = inputKind(path);
    if (kind === 'jsonl' || kind === 'jsonl.gz') yield* readJsonl(path, kind === 'jsonl.gz', onBytes, options.signal);
    else if (kind === 'text') yield* readTextFile(path, basename(path, extname(path)), onBytes);
    else {
      onBytes(info.size);
      yield {
        kind: 'problem',
        origin: path,
        code: 'unsupported-file',
        message: `${path} is not a supported input. Use .jsonl, .jsonl.gz, .txt, .md, or a folder of them.`,
      };
    }
  }
}

async function* readTextFile(path: string, id: string, onBytes: (n: number) => void): AsyncGenerator<ImportRecord> {
  try {
    const size = (await stat(path)).size;
    if (size > MAX_DOCUMENT_BYTES) {
      onBytes(size);
      yield {
        kind: 'problem',
        origin: path,
        code: 'too-large',
        message: `${path} is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB; split it into smaller documents.`,
      };
      return;
    }
    const bytes = await readFile(path);
    onBytes(bytes.length);
    yield { kind: 'document', id, text: decodeDocumentBytes(bytes, path), origin: path, file: path };
  } catch (error) {
    yield problem(path, error);
  }
}
