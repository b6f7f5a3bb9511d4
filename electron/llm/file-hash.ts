/**
 * SHA-256 of a file, streamed: model files are gigabytes, so they are hashed a megabyte
 * at a time, with progress and cancellation between chunks.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { AppError, abortError, throwIfAborted } from '../../shared/errors.js';

/** Options for sha256OfFile. */
export interface HashOptions {
  /** Stops hashing; the promise then rejects with an AbortError. */
  readonly signal?: AbortSignal | undefined;
  /** Called after each chunk with the bytes hashed so far and the file size. */
  readonly onProgress?: ((bytesDone: number, totalBytes: number) => void) | undefined;
}

/** The lowercase hex SHA-256 of the file at `path`. Throws AppError('not-found') when it is missing. */
export async function sha256OfFile(path: string, options: HashOptions = {}): Promise<string> {
  const { signal, onProgress } = options;
  throwIfAborted(signal);
  let totalBytes: number;
  try {
    totalBytes = (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new AppError('not-found', `The file ${basename(path)} was not found. Check that it is still there, or choose it again.`, { cause: error });
    }
    throw error;
  }
  const hash = createHash('sha256');
  const stream = createReadStream(path, { highWaterMark: 1 << 20 });
  const onAbort = (): void => {
    stream.destroy(abortError());
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  let bytesDone = 0;
  try {
    for await (const chunk of stream) {
      hash.update(chunk as Buffer);
      bytesDone += (chunk as Buffer).length;
      onProgress?.(bytesDone, totalBytes);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  throwIfAborted(signal);
  return hash.digest('hex');
}
