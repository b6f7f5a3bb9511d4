/**
 * Which model made a suggestion: its name, architecture, quantization and SHA-256. Hashing
 * a 2.5 GB file takes seconds, so each file is hashed once per process, and again only
 * when its size or modification time changes.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { sha256OfFile, type HashOptions, type ModelInfo } from '../llm/gguf-metadata.js';
import type { ModelIdentity } from './types.js';

const hashes = new Map<string, Promise<string>>();

/** The SHA-256 of the file at `path`, cached by path, size and modification time. */
export async function cachedSha256(path: string, options: HashOptions = {}): Promise<string> {
  const absolute = resolve(path);
  const facts = await stat(absolute);
  const key = `${absolute}\u0000${facts.size}\u0000${facts.mtimeMs}`;
  let hash = hashes.get(key);
  if (hash === undefined) {
    hash = sha256OfFile(absolute, options);
    hashes.set(key, hash);
    // A cancelled or failed hash must not stay cached.
    hash.catch(() => hashes.delete(key));
  }
  return hash;
}

/** The identity recorded with proposals and runs. */
export function identityOf(info: ModelInfo, sha256: string | null): ModelIdentity {
  return { name: info.name ?? info.fileName, sha256, architecture: info.architecture, quantization: info.quantization };
}
