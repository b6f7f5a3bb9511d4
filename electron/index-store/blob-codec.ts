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

/** Reverses packFixedWidth. */
export function unpackFixedWidth(bytes: Uint8Array, width: number): Uint32Array {
  const count = bytes.length / width;
  if (!Number.isInteger(count)) throw new RangeError('Packed array length is not a multiple of its width.');
  if (width === 4) {
    const copy = new Uint32Array(count);
    new Uint8Array(copy.buffer).set(bytes);
    return copy;
  }
  const out = new Uint32Array(count);
  let o = 0;
  for (let i = 0; i < count; i++) {
    let v = bytes[o++]!;
    if (width > 1) v |= bytes[o++]! << 8;
    if (width > 2) v |= bytes[o++]! << 16;
    out[i] = v >>> 0;
  }
  return out;
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
  const bytes = inflateRawSync(data);
  const out = new Uint32Array(count);
  let o = 0;
  let i = 0;
  while (i < bytes.length) {
    let v = 0;
    let shift = 0;
    let b: number;
    do {
      b = bytes[i++]!;
      v |= (b & 0x7f) << shift;
      shift += 7;
    } while (b & 0x80 && i < bytes.length);
    if (o >= count) throw new RangeError('More values than expected.');
    out[o++] = v >>> 0;
  }
  if (o !== count) throw new RangeError(`Expected ${count} values, found ${o}.`);
  return out;
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
