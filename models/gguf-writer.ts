/**
 * A minimal GGUF v3 writer: enough of the format to produce small test models (typed
 * metadata values and F32 tensors). It is test tooling, not a converter: it holds the
 * whole file in memory, which is fine for files of a few megabytes.
 */

/** GGUF metadata value types, as numbered by the format. */
const VALUE_TYPE = { uint32: 4, int32: 5, float32: 6, bool: 7, string: 8, array: 9 } as const;

/** GGML tensor type id of F32, the only tensor type this writer produces. */
const GGML_TYPE_F32 = 0;

/** One metadata entry. Arrays hold strings or int32 values, which is all a vocabulary needs. */
export type GgufEntry =
  | { readonly key: string; readonly type: 'string'; readonly value: string }
  | { readonly key: string; readonly type: 'uint32'; readonly value: number }
  | { readonly key: string; readonly type: 'int32'; readonly value: number }
  | { readonly key: string; readonly type: 'float32'; readonly value: number }
  | { readonly key: string; readonly type: 'bool'; readonly value: boolean }
  | { readonly key: string; readonly type: 'string[]'; readonly value: readonly string[] }
  | { readonly key: string; readonly type: 'int32[]'; readonly value: readonly number[] };

/** One F32 tensor. `dims` lists the innermost (row) dimension first, as GGUF stores it. */
export interface GgufTensor {
  readonly name: string;
  readonly dims: readonly number[];
  readonly data: Float32Array;
}

/** Grows a byte list piece by piece; pieces are joined once at the end. */
class ByteSink {
  private readonly pieces: Buffer[] = [];
  length = 0;

  push(piece: Buffer): void {
    this.pieces.push(piece);
    this.length += piece.length;
  }
  u32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.push(b);
  }
  i32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    this.push(b);
  }
  u64(value: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.push(b);
  }
  f32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(value);
    this.push(b);
  }
  string(value: string): void {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  padTo(alignment: number): void {
    const rest = this.length % alignment;
    if (rest !== 0) this.push(Buffer.alloc(alignment - rest));
  }
  toBuffer(): Buffer {
    return Buffer.concat(this.pieces, this.length);
  }
}

function writeEntry(sink: ByteSink, entry: GgufEntry): void {
  sink.string(entry.key);
  switch (entry.type) {
    case 'string':
      sink.u32(VALUE_TYPE.string);
      sink.string(entry.value);
      return;
    case 'uint32':
      sink.u32(VALUE_TYPE.uint32);
      sink.u32(entry.value);
      return;
    case 'int32':
      sink.u32(VALUE_TYPE.int32);
      sink.i32(entry.value);
      return;
    case 'float32':
      sink.u32(VALUE_TYPE.float32);
      sink.f32(entry.value);
      return;
    case 'bool':
      sink.u32(VALUE_TYPE.bool);
      sink.push(Buffer.from([entry.value ? 1 : 0]));
      return;
    case 'string[]':
      sink.u32(VALUE_TYPE.array);
      sink.u32(VALUE_TYPE.string);
      sink.u64(entry.value.length);
      for (const item of entry.value) sink.string(item);
      return;
    case 'int32[]':
      sink.u32(VALUE_TYPE.array);
      sink.u32(VALUE_TYPE.int32);
      sink.u64(entry.value.length);
      for (const item of entry.value) sink.i32(item);
      return;
  }
}

/**
 * Encodes a complete GGUF v3 file. Tensor data starts at a multiple of `alignment`
 * (written as `general.alignment` when it differs from the default 32) and every tensor
 * is padded to it, as llama.cpp requires.
 */
export function encodeGguf(entries: readonly GgufEntry[], tensors: readonly GgufTensor[], alignment = 32): Buffer {
  const allEntries: GgufEntry[] = alignment === 32 ? [...entries] : [...entries, { key: 'general.alignment', type: 'uint32', value: alignment }];
  const header = new ByteSink();
  header.push(Buffer.from('GGUF', 'ascii'));
  header.u32(3);
  header.u64(tensors.length);
  header.u64(allEntries.length);
  for (const entry of allEntries) writeEntry(header, entry);

  const data = new ByteSink();
  for (const tensor of tensors) {
    const elements = tensor.dims.reduce((product, dim) => product * dim, 1);
    if (elements !== tensor.data.length) throw new Error(`Tensor ${tensor.name} has ${tensor.data.length} values for shape ${tensor.dims.join('x')}.`);
    header.string(tensor.name);
    header.u32(tensor.dims.length);
    for (const dim of tensor.dims) header.u64(dim);
    header.u32(GGML_TYPE_F32);
    header.u64(data.length);
    data.push(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
    data.padTo(alignment);
  }
  header.padTo(alignment);
  return Buffer.concat([header.toBuffer(), data.toBuffer()]);
}
