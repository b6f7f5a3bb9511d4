/**
 * Sequential little-endian reads from a file through a fixed-size window, for parsing
 * GGUF headers. Every read is checked against the file size first, so a corrupt or
 * hostile length field fails fast instead of allocating or reading gigabytes.
 */
import type { FileHandle } from 'node:fs/promises';

/** A header that breaks the format; turned into a person-facing error by the caller. */
export class GgufFormatError extends Error {
  constructor(
    readonly reason: 'truncated' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'GgufFormatError';
  }
}

const WINDOW_BYTES = 1 << 20;

/** Reads values one after another from `handle`, buffering up to 1 MiB at a time. */
export class GgufReader {
  private window = Buffer.alloc(0);
  private windowStart = 0;
  private offset = 0;

  constructor(
    private readonly handle: FileHandle,
    readonly fileSize: number,
  ) {}

  /** Current byte offset in the file. */
  get position(): number {
    return this.offset;
  }

  /** Bytes between the current offset and the end of the file. */
  get remaining(): number {
    return this.fileSize - this.offset;
  }

  /** Makes `count` bytes at the current offset available in the window; returns their start in it. */
  private async ensure(count: number): Promise<number> {
    if (count > this.remaining) throw new GgufFormatError('truncated', `needed ${count} bytes at offset ${this.offset}, the file ends first`);
    const end = this.offset + count;
    if (this.offset >= this.windowStart && end <= this.windowStart + this.window.length) return this.offset - this.windowStart;
    const size = Math.min(Math.max(count, WINDOW_BYTES), this.remaining);
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await this.handle.read(buffer, 0, size, this.offset);
    if (bytesRead < count) throw new GgufFormatError('truncated', `the file ended while reading ${count} bytes at offset ${this.offset}`);
    this.window = buffer.subarray(0, bytesRead);
    this.windowStart = this.offset;
    return 0;
  }

  async bytes(count: number): Promise<Buffer> {
    const at = await this.ensure(count);
    this.offset += count;
    return this.window.subarray(at, at + count);
  }

  async u8(): Promise<number> {
    const at = await this.ensure(1);
    this.offset += 1;
    return this.window.readUInt8(at);
  }

  async i8(): Promise<number> {
    const at = await this.ensure(1);
    this.offset += 1;
    return this.window.readInt8(at);
  }

  async u16(): Promise<number> {
    const at = await this.ensure(2);
    this.offset += 2;
    return this.window.readUInt16LE(at);
  }

  async i16(): Promise<number> {
    const at = await this.ensure(2);
    this.offset += 2;
    return this.window.readInt16LE(at);
  }

  async u32(): Promise<number> {
    const at = await this.ensure(4);
    this.offset += 4;
    return this.window.readUInt32LE(at);
  }

  async i32(): Promise<number> {
    const at = await this.ensure(4);
    this.offset += 4;
    return this.window.readInt32LE(at);
  }

  async f32(): Promise<number> {
    const at = await this.ensure(4);
    this.offset += 4;
    return this.window.readFloatLE(at);
  }

  async f64(): Promise<number> {
    const at = await this.ensure(8);
    this.offset += 8;
    return this.window.readDoubleLE(at);
  }

  /** A 64-bit unsigned count or offset; values beyond 2^53 cannot be real and are rejected. */
  async u64(): Promise<number> {
    const at = await this.ensure(8);
    this.offset += 8;
    const value = this.window.readBigUInt64LE(at);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new GgufFormatError('malformed', `a 64-bit value at offset ${this.offset - 8} is implausibly large`);
    return Number(value);
  }

  async i64(): Promise<number> {
    const at = await this.ensure(8);
    this.offset += 8;
    return Number(this.window.readBigInt64LE(at));
  }

  /** A length-prefixed UTF-8 string of at most `maxBytes` bytes. */
  async string(maxBytes: number): Promise<string> {
    const length = await this.u64();
    if (length > maxBytes) throw new GgufFormatError('malformed', `a string at offset ${this.offset - 8} claims ${length} bytes (limit ${maxBytes})`);
    return (await this.bytes(length)).toString('utf8');
  }

  /** A length-prefixed string as raw bytes, one latin1 character per byte (for exact comparison). */
  async rawString(maxBytes: number): Promise<string> {
    const length = await this.u64();
    if (length > maxBytes) throw new GgufFormatError('malformed', `a string at offset ${this.offset - 8} claims ${length} bytes (limit ${maxBytes})`);
    return (await this.bytes(length)).toString('latin1');
  }

  /** Skips a length-prefixed string without decoding it. */
  async skipString(): Promise<void> {
    const length = await this.u64();
    this.skip(length);
  }

  /** Moves forward `count` bytes; fails when that passes the end of the file. */
  skip(count: number): void {
    if (count > this.remaining) throw new GgufFormatError('truncated', `needed ${count} bytes at offset ${this.offset}, the file ends first`);
    this.offset += count;
  }
}
