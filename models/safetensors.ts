/**
 * A reader for the safetensors format (Hugging Face's weight files): an 8-byte header
 * length, a JSON header naming each tensor's dtype, shape and byte range, then the raw
 * little-endian data. Only what the converters need: F32 tensors, read whole.
 */
import { readFile } from 'node:fs/promises';

/** One tensor as the header describes it. */
export interface SafetensorsEntry {
  readonly name: string;
  readonly dtype: string;
  /** Outermost dimension first, as PyTorch writes it. */
  readonly shape: readonly number[];
  readonly begin: number;
  readonly end: number;
}

/** A loaded safetensors file. */
export interface SafetensorsFile {
  readonly entries: ReadonlyMap<string, SafetensorsEntry>;
  /** The values of an F32 tensor; throws for a missing tensor or another dtype. */
  float32(name: string): Float32Array;
}

const BYTES_PER_ELEMENT: Readonly<Record<string, number>> = { F32: 4, F16: 2, BF16: 2, I64: 8, I32: 4, U8: 1 };

/** Parses the header and checks every range against the file, so a truncated file fails here. */
export function parseSafetensors(bytes: Buffer): SafetensorsFile {
  if (bytes.length < 8) throw new Error('Not a safetensors file: shorter than its header length.');
  const headerLength = Number(bytes.readBigUInt64LE(0));
  if (headerLength <= 0 || 8 + headerLength > bytes.length) throw new Error('Not a safetensors file: its header length points past the end.');
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(bytes.subarray(8, 8 + headerLength).toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new Error('Not a safetensors file: its header is not JSON.');
  }
  const dataStart = 8 + headerLength;
  const entries = new Map<string, SafetensorsEntry>();
  for (const [name, value] of Object.entries(header)) {
    if (name === '__metadata__') continue;
    const { dtype, shape, data_offsets: offsets } = value as { dtype?: unknown; shape?: unknown; data_offsets?: unknown };
    if (typeof dtype !== 'string' || !Array.isArray(shape) || !Array.isArray(offsets) || offsets.length !== 2) {
      throw new Error(`safetensors: tensor ${name} has a malformed entry.`);
    }
    const [begin, end] = offsets as [number, number];
    const elements = (shape as number[]).reduce((product, dim) => product * dim, 1);
    const width = BYTES_PER_ELEMENT[dtype];
    if (width !== undefined && end - begin !== elements * width)
      throw new Error(`safetensors: tensor ${name} has ${end - begin} bytes for shape ${shape.join('x')}.`);
    if (dataStart + end > bytes.length) throw new Error(`safetensors: tensor ${name} lies past the end of the file (it is truncated).`);
    entries.set(name, { name, dtype, shape: shape as number[], begin: dataStart + begin, end: dataStart + end });
  }
  return {
    entries,
    float32(name: string): Float32Array {
      const entry = entries.get(name);
      if (entry === undefined) throw new Error(`safetensors: no tensor named ${name}.`);
      if (entry.dtype !== 'F32') throw new Error(`safetensors: tensor ${name} is ${entry.dtype}; only F32 is supported.`);
      // Copy: the file's buffer may not be 4-byte aligned at this offset.
      const copy = new Float32Array((entry.end - entry.begin) / 4);
      new Uint8Array(copy.buffer).set(bytes.subarray(entry.begin, entry.end));
      return copy;
    },
  };
}

/** Reads and parses a safetensors file. */
export async function readSafetensors(path: string): Promise<SafetensorsFile> {
  return parseSafetensors(await readFile(path));
}
