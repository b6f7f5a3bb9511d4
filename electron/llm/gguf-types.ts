/**
 * Tables from the GGUF format and ggml: tensor element types with their storage sizes,
 * and the file-type names llama.cpp's quantizer writes to `general.file_type`. Kept here
 * (rather than asked of node-llama-cpp) so the parent process can check a file without
 * loading any native code.
 */

/** A tensor element type: its name, and how many bytes a block of `block` values takes. */
export interface GgmlTypeInfo {
  readonly name: string;
  readonly block: number;
  readonly bytes: number;
}

/**
 * ggml tensor types by id. Ids missing here were retired from ggml (Q4_2, Q4_3, the
 * repacked Q4_0_x_y and IQ4_NL_x_y types) and llama.cpp refuses them, so do we.
 * Verified against node-llama-cpp 3.21.1's bindings (getBlockSizeForGgmlType/getTypeSizeForGgmlType).
 */
const GGML_TYPES: ReadonlyMap<number, GgmlTypeInfo> = new Map(
  (
    [
      [0, 'F32', 1, 4],
      [1, 'F16', 1, 2],
      [2, 'Q4_0', 32, 18],
      [3, 'Q4_1', 32, 20],
      [6, 'Q5_0', 32, 22],
      [7, 'Q5_1', 32, 24],
      [8, 'Q8_0', 32, 34],
      [9, 'Q8_1', 32, 36],
      [10, 'Q2_K', 256, 84],
      [11, 'Q3_K', 256, 110],
      [12, 'Q4_K', 256, 144],
      [13, 'Q5_K', 256, 176],
      [14, 'Q6_K', 256, 210],
      [15, 'Q8_K', 256, 292],
      [16, 'IQ2_XXS', 256, 66],
      [17, 'IQ2_XS', 256, 74],
      [18, 'IQ3_XXS', 256, 98],
      [19, 'IQ1_S', 256, 50],
      [20, 'IQ4_NL', 32, 18],
      [21, 'IQ3_S', 256, 110],
      [22, 'IQ2_S', 256, 82],
      [23, 'IQ4_XS', 256, 136],
      [24, 'I8', 1, 1],
      [25, 'I16', 1, 2],
      [26, 'I32', 1, 4],
      [27, 'I64', 1, 8],
      [28, 'F64', 1, 8],
      [29, 'IQ1_M', 256, 56],
      [30, 'BF16', 1, 2],
      [34, 'TQ1_0', 256, 54],
      [35, 'TQ2_0', 256, 66],
      [39, 'MXFP4', 32, 17],
      [40, 'NVFP4', 64, 36],
      [41, 'Q1_0', 128, 18],
      [42, 'Q2_0', 64, 18],
    ] as const
  ).map(([id, name, block, bytes]) => [id, { name, block, bytes }]),
);

/** The storage facts of a tensor type, or undefined for an unknown or retired id. */
export function ggmlType(id: number): GgmlTypeInfo | undefined {
  return GGML_TYPES.get(id);
}

/** Names of `general.file_type` values, as llama.cpp's quantize tool spells them. */
const FILE_TYPE_NAMES: ReadonlyMap<number, string> = new Map([
  [0, 'F32'],
  [1, 'F16'],
  [2, 'Q4_0'],
  [3, 'Q4_1'],
  [4, 'Q4_1_SOME_F16'],
  [7, 'Q8_0'],
  [8, 'Q5_0'],
  [9, 'Q5_1'],
  [10, 'Q2_K'],
  [11, 'Q3_K_S'],
  [12, 'Q3_K_M'],
  [13, 'Q3_K_L'],
  [14, 'Q4_K_S'],
  [15, 'Q4_K_M'],
  [16, 'Q5_K_S'],
  [17, 'Q5_K_M'],
  [18, 'Q6_K'],
  [19, 'IQ2_XXS'],
  [20, 'IQ2_XS'],
  [21, 'Q2_K_S'],
  [22, 'IQ3_XS'],
  [23, 'IQ3_XXS'],
  [24, 'IQ1_S'],
  [25, 'IQ4_NL'],
  [26, 'IQ3_S'],
  [27, 'IQ3_M'],
  [28, 'IQ2_S'],
  [29, 'IQ2_M'],
  [30, 'IQ4_XS'],
  [31, 'IQ1_M'],
  [32, 'BF16'],
  [36, 'TQ1_0'],
  [37, 'TQ2_0'],
  [38, 'MXFP4_MOE'],
  [39, 'NVFP4'],
  [40, 'Q1_0'],
  [41, 'Q2_0'],
]);

/** The quantization name for a `general.file_type` value, or undefined when unknown. */
export function fileTypeName(fileType: number): string | undefined {
  return FILE_TYPE_NAMES.get(fileType);
}

/**
 * Bytes a tensor of the given shape occupies, or undefined when the shape cannot be
 * stored in that type (the row length must be a whole number of blocks).
 */
export function tensorByteSize(type: GgmlTypeInfo, dims: readonly number[]): number | undefined {
  const [rowLength = 1, ...rest] = dims;
  if (rowLength % type.block !== 0) return undefined;
  const rows = rest.reduce((product, dim) => product * dim, 1);
  return (rowLength / type.block) * type.bytes * rows;
}
