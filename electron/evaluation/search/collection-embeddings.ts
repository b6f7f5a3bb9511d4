/**
 * Embeddings of every collection document, for the semantic linkage attack. Embedding a
 * few thousand documents takes long even on a GPU, so vectors are appended to a cache
 * file as they come (one JSON line per document) and an interrupted run picks up there.
 */
import { AppError, throwIfAborted } from '../../../shared/errors.js';
import type { CollectionEmbeddings } from './rankers.js';
import { appendJsonl, readJsonlLog } from '../../runtime/jsonl-log.js';

/** Documents embedded per call. */
const BATCH = 8;

function encode(vector: Float32Array): string {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64');
}

function decode(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

function readCache(path: string): Map<string, Float32Array> {
  const vectors = new Map<string, Float32Array>();
  for (const entry of readJsonlLog(path) as { id?: unknown; v?: unknown }[]) {
    if (typeof entry.id === 'string' && typeof entry.v === 'string') vectors.set(entry.id, decode(entry.v));
  }
  return vectors;
}

/** Options of {@link embedCollection}. */
export interface EmbedCollectionOptions {
  readonly cachePath: string;
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((done: number, total: number) => void) | undefined;
}

/** The embeddings of documents `ids` (texts from `textOf`), from the cache where present. */
export async function embedCollection(
  ids: readonly string[],
  textOf: (id: string) => string | undefined,
  embed: (texts: string[]) => Promise<Float32Array[]>,
  options: EmbedCollectionOptions,
): Promise<CollectionEmbeddings> {
  const cached = readCache(options.cachePath);
  const missing = ids.filter((id) => !cached.has(id));
  for (let from = 0; from < missing.length; from += BATCH) {
    throwIfAborted(options.signal);
    const batch = missing.slice(from, from + BATCH);
    const texts = batch.map((id) => {
      const text = textOf(id);
      if (text === undefined) throw new AppError('index-corrupt', `The collection lists document "${id}" but has no text for it.`);
      return text;
    });
    const vectors = await embed(texts);
    batch.forEach((id, i) => cached.set(id, vectors[i]!));
    appendJsonl(
      options.cachePath,
      batch.map((id, i) => ({ id, v: encode(vectors[i]!) })),
    );
    options.onProgress?.(ids.length - missing.length + from + batch.length, ids.length);
  }
  const dimensions = cached.get(ids[0] ?? '')?.length ?? 0;
  const matrix = new Float32Array(ids.length * dimensions);
  const dense = new Map<string, number>();
  ids.forEach((id, d) => {
    const vector = cached.get(id)!;
    if (vector.length !== dimensions)
      throw new AppError('invalid-input', `${options.cachePath} mixes embeddings of different models. Delete it and run again.`);
    let norm = 0;
    for (const x of vector) norm += x * x;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let i = 0; i < dimensions; i++) matrix[d * dimensions + i] = vector[i]! * scale;
    dense.set(id, d);
  });
  return { ids, dimensions, matrix, denseNumberOf: (id) => dense.get(id) };
}
