/**
 * Encodings of the large arrays stored in an index file. Chosen for size on disk:
 * - suffixes: fixed-width little-endian integers of the narrowest width (3 bytes for
 *   shards under 16.7M positions). A suffix array is close to random; nothing gains more.
 * - tokens: LEB128 varints, then raw deflate. Frequent words get small ids, so most
 *   tokens take one or two bytes before deflate.
 * Each stored part carries a CRC-32 so that a damaged file is reported, not misread.
 */
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/** Bytes per value needed for values up to `max`. */
export function byteWidthFor(max: number): number {
  if (max < 0x100) return 1;
  if (max < 0x10000) return 2;
  if (max < 0x1000000) return 3;
  return 4;
}

/** Packs values into `width` little-endian bytes each. */
export function packFixedWidth(values: Uint32Array, width: number): Buffer {
  if (width === 4) return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  const out = Buffer.allocUnsafe(values.length * width);
  let o = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    out[o++] = v & 0xff;
    if (width > 1) out[o++] = (v >>> 8) & 0xff;
    if (width > 2) out[o++] = (v >>> 16) & 0xff;
  }
  return out;
}

/** Reverses packFixedWidth. One loop per width: opening an index unpacks every suffix. */
export function unpackFixedWidth(bytes: Uint8Array, width: number): Uint32Array {
  const count = bytes.length / width;
  if (!Number.isInteger(count)) throw new RangeError('Packed array length is not a multiple of its width.');
  const out = new Uint32Array(count);
  if (width === 4) {
    new Uint8Array(out.buffer).set(bytes);
  } else if (width === 3) {
    for (let i = 0, o = 0; i < count; i++, o += 3) out[i] = bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16);
  } else if (width === 2) {
    for (let i = 0, o = 0; i < count; i++, o += 2) out[i] = bytes[o]! | (bytes[o + 1]! << 8);
  } else {
    out.set(bytes);
  }
  return out;
}

/**
 * Reverses packFixedWidth into out[at, at + count) (see decodeVarintDeflateInto); returns
 * the largest value.
 */
export function unpackFixedWidthInto(bytes: Uint8Array, width: number, out: Uint32Array, at: number, count: number): number {
  if (bytes.length !== count * width) throw new RangeError(`Expected ${count} values of ${width} bytes, found ${bytes.length} bytes.`);
  let largest = 0;
  for (let i = 0, o = 0; i < count; i++, o += width) {
    let v = bytes[o]!;
    if (width > 1) v |= bytes[o + 1]! << 8;
    if (width > 2) v |= bytes[o + 2]! << 16;
    if (width > 3) v = (v | (bytes[o + 3]! << 24)) >>> 0;
    out[at + i] = v;
    if (v > largest) largest = v;
  }
  return largest;
}

/** LEB128 varints then raw deflate (level 1: the varints already did most of the work). */
export function encodeVarintDeflate(values: Uint32Array): Buffer {
  const bytes = Buffer.allocUnsafe(values.length * 5);
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    let v = values[i]!;
    while (v >= 0x80) {
      bytes[n++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    bytes[n++] = v;
  }
  return deflateRawSync(bytes.subarray(0, n), { level: 1 });
}

/** Reverses encodeVarintDeflate; `count` is the number of values expected. */
export function decodeVarintDeflate(data: Uint8Array, count: number): Uint32Array {
  const out = new Uint32Array(count);
  decodeVarintsInto(inflateRawSync(data), out, 0, count);
  return out;
}

/**
 * Reverses encodeVarintDeflate into out[at, at + count), with no array of its own, and
 * returns the largest value (so that the caller checks the range without a second pass).
 * A paged shard decodes thousands of pages into its cache on a first check; an array per
 * page was a third of that check's time in garbage collection (300M tokens).
 */
export function decodeVarintDeflateInto(data: Uint8Array, out: Uint32Array, at: number, count: number): number {
  return decodeVarintsInto(inflateRawSync(data), out, at, count);
}

function decodeVarintsInto(bytes: Uint8Array, out: Uint32Array, at: number, count: number): number {
  const end = bytes.length;
  const limit = at + count;
  let largest = 0;
  let o = at;
  let i = 0;
  while (i < end) {
    // Checked before each write: past `limit` lies another page of the cache.
    if (o === limit) throw new RangeError('More values than expected.');
    let b = bytes[i++]!;
    if (b < 0x80) {
      out[o++] = b;
      if (b > largest) largest = b;
      continue;
    }
    let v = b & 0x7f;
    let shift = 7;
    do {
      b = bytes[i++]!;
      v |= (b & 0x7f) << shift;
      shift += 7;
    } while (b & 0x80 && i < end);
    v >>>= 0;
    out[o++] = v;
    if (v > largest) largest = v;
  }
  if (o !== limit) throw new RangeError(`Expected ${count} values, found ${o - at}.`);
  return largest;
}

/** Deflated UTF-8 text. */
export function deflateText(text: string, level = 4): Buffer {
  return deflateRawSync(Buffer.from(text, 'utf8'), { level });
}

/** Reverses deflateText. */
export function inflateText(data: Uint8Array): string {
  return inflateRawSync(data).toString('utf8');
}

/** CRC-32 of a stored part. */
export function checksum(data: Uint8Array): number {
  return crc32(data) >>> 0;
}
