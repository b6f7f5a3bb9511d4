/**
 * What a model file is, and whether it can be loaded, decided from its GGUF header alone.
 * This runs in the app's own process before llama.cpp ever sees the file: llama.cpp
 * aborts the whole process on some malformed files, so we refuse those here with an
 * error a person can act on.
 */
import { basename } from 'node:path';
import { AppError } from '../../shared/errors.js';
import { GgufFormatError } from './gguf-reader.js';
import { NotGgufError, readGgufFile, type GgufFile, type GgufValue } from './gguf-file.js';
import { fileTypeName } from './gguf-types.js';
import {
  REQUIRED_TOKENIZER_KEYS,
  isSupportedArchitecture,
  modelKindOf,
  requiredHyperparameters,
  supportedFamilies,
  type ModelKind,
} from './model-architectures.js';

export { sha256OfFile, type HashOptions } from './file-hash.js';

/** Facts about a model file, for the model picker and for logs. Plain data (IPC-safe). */
export interface ModelInfo {
  /** File name without folders (paths can name people). */
  readonly fileName: string;
  /** `general.name`, when the file has one. */
  readonly name: string | undefined;
  /** `general.architecture`, e.g. "qwen3". */
  readonly architecture: string;
  /** 'generator' (writes text) or 'embedder' (a BERT-type encoder: embeddings only). */
  readonly kind: ModelKind;
  /** Sum of all tensor elements. */
  readonly parameterCount: number;
  /** e.g. "Q4_K_M", "F16", "F32". */
  readonly quantization: string;
  /** The context length the model was trained for. */
  readonly contextLength: number;
  readonly embeddingLength: number;
  readonly blockCount: number;
  readonly vocabularySize: number;
  readonly hasChatTemplate: boolean;
  readonly fileSizeBytes: number;
  readonly ggufVersion: number;
}

const MESSAGE_NOT_GGUF = (file: string): string =>
  `${file} is not a GGUF model file. Choose a model in GGUF format (a .gguf file, for example a Qwen3 model quantized as Q4_K_M).`;
const MESSAGE_INCOMPLETE = (file: string): string =>
  `${file} is incomplete: it ends before its model data does, probably because a download or copy was interrupted. Download or copy it again.`;
const MESSAGE_DAMAGED = (file: string, detail: string): string =>
  `${file} is damaged and cannot be loaded (${detail}). Download it again, or choose another model.`;

/** Only letters, digits and a few separators, so a hostile header cannot inject text into messages. */
function printable(value: string, maxLength = 40): string {
  const cleaned = value.replace(/[^\w.,:()\- ]/g, '?').slice(0, maxLength);
  return cleaned.length > 0 ? cleaned : '?';
}

/** A usable value: a positive number, a non-empty string, or a non-empty array (per-layer values). */
function isPresent(value: GgufValue | undefined): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0;
  if (typeof value === 'string') return value.length > 0;
  if (typeof value === 'object') return value.length > 0;
  return false;
}

function numberOf(file: GgufFile, key: string): number {
  const value = file.metadata.get(key);
  if (typeof value === 'number') return value;
  // Per-layer arrays: report the first layer's value.
  const first = typeof value === 'object' ? value.items?.[0] : undefined;
  return typeof first === 'number' ? first : 0;
}

/** The dominant tensor type by bytes, for files without `general.file_type`. */
function dominantTensorType(file: GgufFile): string {
  const bytesByType = new Map<string, number>();
  for (const tensor of file.tensors) bytesByType.set(tensor.type.name, (bytesByType.get(tensor.type.name) ?? 0) + tensor.bytes);
  return [...bytesByType].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'unknown';
}

/**
 * Checks a parsed header: an allowed architecture, every key llama.cpp requires for it,
 * and tensor data that lies within the file. Returns the model's facts, or throws
 * AppError('model-invalid').
 */
export function describeGgufModel(file: GgufFile, fileName: string): ModelInfo {
  const architecture = file.metadata.get('general.architecture');
  if (typeof architecture !== 'string' || architecture.length === 0) {
    throw new AppError('model-invalid', MESSAGE_DAMAGED(fileName, 'it does not say which model architecture it holds'));
  }
  if (!isSupportedArchitecture(architecture)) {
    throw new AppError(
      'model-invalid',
      `${fileName} holds a model of architecture "${printable(architecture)}", which Unlinkable does not support. Choose a ${supportedFamilies()} model in GGUF format.`,
    );
  }
  const splitCount = file.metadata.get('split.count');
  if (typeof splitCount === 'number' && splitCount > 1) {
    throw new AppError(
      'model-invalid',
      `${fileName} is one part of a model split into ${splitCount} files. Merge the parts into one file (llama-gguf-split --merge), or choose a single-file model.`,
    );
  }
  const missing = [...requiredHyperparameters(architecture), ...REQUIRED_TOKENIZER_KEYS].filter((key) => !isPresent(file.metadata.get(key)));
  if (missing.length > 0) {
    throw new AppError(
      'model-invalid',
      `${fileName} lacks settings llama.cpp needs to run it (${missing.join(', ')}); it was probably converted incorrectly. Download another copy of the model.`,
    );
  }
  const vocabulary = file.metadata.get('tokenizer.ggml.tokens');
  if (typeof vocabulary === 'object' && (vocabulary.duplicates ?? 0) > 0) {
    throw new AppError(
      'model-invalid',
      `${fileName} lists ${vocabulary.duplicates} token${vocabulary.duplicates === 1 ? '' : 's'} of its vocabulary twice, which llama.cpp cannot load (it aborts); it was probably converted incorrectly. Download or convert the model again.`,
    );
  }
  if (file.tensors.length === 0) throw new AppError('model-invalid', MESSAGE_DAMAGED(fileName, 'it contains no weights'));
  const alignment = numberOf(file, 'general.alignment') || 32;
  for (const tensor of file.tensors) {
    if (tensor.offset % alignment !== 0) throw new AppError('model-invalid', MESSAGE_DAMAGED(fileName, `tensor ${printable(tensor.name)} is misaligned`));
    if (file.dataOffset + tensor.offset + tensor.bytes > file.fileSize) throw new AppError('model-invalid', MESSAGE_INCOMPLETE(fileName));
  }

  const fileType = file.metadata.get('general.file_type');
  const name = file.metadata.get('general.name');
  const tokens = file.metadata.get('tokenizer.ggml.tokens');
  return {
    fileName,
    name: typeof name === 'string' ? name : undefined,
    architecture,
    kind: modelKindOf(architecture),
    parameterCount: file.tensors.reduce((sum, tensor) => sum + tensor.dims.reduce((product, dim) => product * dim, 1), 0),
    quantization: (typeof fileType === 'number' ? fileTypeName(fileType) : undefined) ?? dominantTensorType(file),
    contextLength: numberOf(file, `${architecture}.context_length`),
    embeddingLength: numberOf(file, `${architecture}.embedding_length`),
    blockCount: numberOf(file, `${architecture}.block_count`),
    vocabularySize: typeof tokens === 'object' ? tokens.length : 0,
    hasChatTemplate: typeof file.metadata.get('tokenizer.chat_template') === 'string',
    fileSizeBytes: file.fileSize,
    ggufVersion: file.version,
  };
}

/**
 * Reads and checks the model file at `path` without loading it. Throws AppError:
 * 'not-found' when there is no such file, 'model-invalid' when it is empty, not GGUF,
 * cut short, damaged, of an unsupported architecture or missing required settings.
 */
export async function inspectModelFile(path: string): Promise<ModelInfo> {
  const fileName = basename(path);
  let file: GgufFile;
  try {
    file = await readGgufFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new AppError('not-found', `The model file ${fileName} was not found. Check that it is still there, or choose it again.`, { cause: error });
    if (code === 'EISDIR') throw new AppError('model-invalid', `${fileName} is a folder, not a model file. Choose the .gguf file inside it.`, { cause: error });
    if (code === 'EACCES' || code === 'EPERM')
      throw new AppError('model-invalid', `Unlinkable may not read ${fileName}. Check the file's permissions, or copy it somewhere you own.`, { cause: error });
    if (error instanceof NotGgufError) {
      const message = error.empty ? `${fileName} is empty (0 bytes). Download or copy the model again.` : MESSAGE_NOT_GGUF(fileName);
      throw new AppError('model-invalid', message, { cause: error });
    }
    if (error instanceof GgufFormatError) {
      const message = error.reason === 'truncated' ? MESSAGE_INCOMPLETE(fileName) : MESSAGE_DAMAGED(fileName, printable(error.message, 160));
      throw new AppError('model-invalid', message, { cause: error });
    }
    throw error;
  }
  return describeGgufModel(file, fileName);
}
