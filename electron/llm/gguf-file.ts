/**
 * Parses the header of a GGUF file: version, metadata key/values and the tensor table.
 * Tensor data is never read. Counts and lengths are capped and checked against the
 * bytes left in the file, so a damaged or hostile header cannot make us allocate much.
 */
import { open } from 'node:fs/promises';
import { ggmlType, tensorByteSize, type GgmlTypeInfo } from './gguf-types.js';
import { GgufFormatError, GgufReader } from './gguf-reader.js';

/** Limits far above any real model, far below anything that could hurt. */
const LIMITS = {
  metadataEntries: 65_536,
  tensors: 200_000,
  keyBytes: 65_536,
  stringBytes: 16 << 20,
  arrayItems: 16 << 20,
  arrayDepth: 3,
  tensorDims: 4,
  /** Arrays up to this length keep their items; longer ones (vocabularies) keep only a count. */
  keptArrayItems: 512,
} as const;

/** An array value; `items` is present only for short arrays of scalars. */
export interface GgufArray {
  readonly kind: 'array';
  readonly itemType: number;
  readonly length: number;
  readonly items?: readonly (number | string | boolean)[];
  /** For the vocabulary (`tokenizer.ggml.tokens`): how many items repeat an earlier one. llama.cpp aborts on any. */
  readonly duplicates?: number;
}

/** A metadata value. 64-bit integers become numbers (exact up to 2^53). */
export type GgufValue = number | string | boolean | GgufArray;

/** One entry of the tensor table. */
export interface GgufTensorInfo {
  readonly name: string;
  /** Innermost dimension first, as GGUF stores them. */
  readonly dims: readonly number[];
  readonly type: GgmlTypeInfo;
  /** Offset of the tensor's data, relative to the start of the data section. */
  readonly offset: number;
  readonly bytes: number;
}

/** The parsed header of a GGUF file. */
export interface GgufFile {
  readonly version: number;
  readonly fileSize: number;
  readonly metadata: ReadonlyMap<string, GgufValue>;
  readonly tensors: readonly GgufTensorInfo[];
  /** File offset where tensor data starts (after the header, aligned). */
  readonly dataOffset: number;
}

/** The file does not start with the GGUF magic bytes. */
export class NotGgufError extends Error {
  constructor(readonly empty: boolean) {
    super(empty ? 'The file is empty.' : 'The file does not start with the GGUF signature.');
    this.name = 'NotGgufError';
  }
}

const TYPE = { u8: 0, i8: 1, u16: 2, i16: 3, u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9, u64: 10, i64: 11, f64: 12 } as const;
const MIN_ITEM_BYTES: Readonly<Record<number, number>> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 8: 8, 9: 12, 10: 8, 11: 8, 12: 8 };

async function readScalar(reader: GgufReader, type: number): Promise<number | string | boolean> {
  switch (type) {
    case TYPE.u8:
      return reader.u8();
    case TYPE.i8:
      return reader.i8();
    case TYPE.u16:
      return reader.u16();
    case TYPE.i16:
      return reader.i16();
    case TYPE.u32:
      return reader.u32();
    case TYPE.i32:
      return reader.i32();
    case TYPE.f32:
      return reader.f32();
    case TYPE.bool:
      return (await reader.u8()) !== 0;
    case TYPE.string:
      return reader.string(LIMITS.stringBytes);
    case TYPE.u64:
      return reader.u64();
    case TYPE.i64:
      return reader.i64();
    case TYPE.f64:
      return reader.f64();
    default:
      throw new GgufFormatError('malformed', `unknown metadata value type ${type} at offset ${reader.position - 4}`);
  }
}

/** The key whose strings must be distinct: a vocabulary that lists a token twice aborts llama.cpp. */
const DISTINCT_KEY = 'tokenizer.ggml.tokens';

async function readArray(reader: GgufReader, depth: number, distinct = false): Promise<GgufArray> {
  if (depth > LIMITS.arrayDepth) throw new GgufFormatError('malformed', 'metadata arrays are nested too deeply');
  const itemType = await reader.u32();
  const length = await reader.u64();
  const minItemBytes = MIN_ITEM_BYTES[itemType];
  if (minItemBytes === undefined) throw new GgufFormatError('malformed', `unknown array item type ${itemType}`);
  if (length > LIMITS.arrayItems) throw new GgufFormatError('malformed', `an array claims ${length} items`);
  if (length * minItemBytes > reader.remaining) throw new GgufFormatError('truncated', `an array of ${length} items cannot fit in the rest of the file`);
  const keep = itemType !== TYPE.array && length <= LIMITS.keptArrayItems;
  const items: (number | string | boolean)[] = [];
  // Compared as raw bytes (latin1 maps each byte to one character), as llama.cpp compares them.
  const seen = distinct && itemType === TYPE.string ? new Set<string>() : undefined;
  let duplicates = 0;
  for (let i = 0; i < length; i++) {
    if (itemType === TYPE.array) await readArray(reader, depth + 1);
    else if (seen !== undefined) {
      const item = await reader.rawString(LIMITS.stringBytes);
      if (seen.has(item)) duplicates++;
      else seen.add(item);
      if (keep) items.push(Buffer.from(item, 'latin1').toString('utf8'));
    } else if (keep) items.push(await readScalar(reader, itemType));
    else if (itemType === TYPE.string) await reader.skipString();
    else reader.skip(minItemBytes);
  }
  const counted = seen === undefined ? {} : { duplicates };
  return keep ? { kind: 'array', itemType, length, items, ...counted } : { kind: 'array', itemType, length, ...counted };
}

async function readTensorInfo(reader: GgufReader): Promise<GgufTensorInfo> {
  const name = await reader.string(LIMITS.keyBytes);
  const dimCount = await reader.u32();
  if (dimCount < 1 || dimCount > LIMITS.tensorDims) throw new GgufFormatError('malformed', `tensor ${name} has ${dimCount} dimensions`);
  const dims: number[] = [];
  for (let i = 0; i < dimCount; i++) dims.push(await reader.u64());
  const typeId = await reader.u32();
  const offset = await reader.u64();
  const type = ggmlType(typeId);
  if (type === undefined) throw new GgufFormatError('malformed', `tensor ${name} uses unknown or retired type ${typeId}`);
  const elements = dims.reduce((product, dim) => product * dim, 1);
  if (!Number.isSafeInteger(elements)) throw new GgufFormatError('malformed', `tensor ${name} has an implausible shape`);
  const bytes = tensorByteSize(type, dims);
  if (bytes === undefined) throw new GgufFormatError('malformed', `tensor ${name} has a row length that ${type.name} cannot store`);
  return { name, dims, type, offset, bytes };
}

/**
 * Reads the header of the GGUF file at `path`. Throws NotGgufError for other files,
 * GgufFormatError for damaged ones, and the file system's error when it cannot be read.
 */
export async function readGgufFile(path: string): Promise<GgufFile> {
  const handle = await open(path, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const reader = new GgufReader(handle, fileSize);
    if (fileSize < 4 || (await reader.bytes(4)).toString('latin1') !== 'GGUF') throw new NotGgufError(fileSize === 0);
    const version = await reader.u32();
    // Version 1 used 32-bit counts; a byte-swapped number means a big-endian file.
    if (version !== 2 && version !== 3) throw new GgufFormatError('malformed', `GGUF version ${version} is not supported`);
    const tensorCount = await reader.u64();
    const entryCount = await reader.u64();
    if (tensorCount > LIMITS.tensors || entryCount > LIMITS.metadataEntries)
      throw new GgufFormatError('malformed', `the header claims ${tensorCount} tensors and ${entryCount} metadata entries`);

    const metadata = new Map<string, GgufValue>();
    for (let i = 0; i < entryCount; i++) {
      const key = await reader.string(LIMITS.keyBytes);
      const type = await reader.u32();
      const value = type === TYPE.array ? await readArray(reader, 1, key === DISTINCT_KEY) : await readScalar(reader, type);
      if (metadata.has(key)) throw new GgufFormatError('malformed', `metadata key ${key} appears twice`);
      metadata.set(key, value);
    }
    const tensors: GgufTensorInfo[] = [];
    for (let i = 0; i < tensorCount; i++) tensors.push(await readTensorInfo(reader));

    const alignment = metadata.get('general.alignment') ?? 32;
    if (typeof alignment !== 'number' || !Number.isInteger(alignment) || alignment < 1 || alignment > 1 << 16 || (alignment & (alignment - 1)) !== 0) {
      throw new GgufFormatError('malformed', 'general.alignment is not a power of two');
    }
    const dataOffset = Math.ceil(reader.position / alignment) * alignment;
    return { version, fileSize, metadata, tensors, dataOffset };
  } finally {
    await handle.close();
  }
}
