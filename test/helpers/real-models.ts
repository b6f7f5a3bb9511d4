/**
 * The real small models of models/real/ (made by `npm run models:fetch`) for the tests
 * that run them. A test never downloads: when a file is missing or its bytes are not the
 * pinned ones, its tests skip and say why, once, on stderr.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REAL_MODELS_FOLDER, realModelFor, type RealModelRole } from '../../models/real-models.js';

export interface RealModelCheck {
  /** Absolute path of the verified file, or null when it cannot be used. */
  readonly path: string | null;
  /** Why not (null when `path` is set). */
  readonly reason: string | null;
}

const root = new URL('../..', import.meta.url).pathname;
const verified = new Map<RealModelRole, RealModelCheck>();

/** The model of `role` in models/real/, checked by size and SHA-256 (once per process). */
export function realModel(role: RealModelRole): RealModelCheck {
  const known = verified.get(role);
  if (known !== undefined) return known;
  const model = realModelFor(role);
  const path = join(root, REAL_MODELS_FOLDER, model.file);
  let check: RealModelCheck;
  if (!existsSync(path)) check = { path: null, reason: `${model.file} is not in ${REAL_MODELS_FOLDER}/ (run "npm run models:fetch")` };
  else if (statSync(path).size !== model.sizeBytes)
    check = { path: null, reason: `${model.file} has ${statSync(path).size} bytes, not the pinned ${model.sizeBytes} (run "npm run models:fetch" again)` };
  else if (createHash('sha256').update(readFileSync(path)).digest('hex') !== model.sha256)
    check = { path: null, reason: `${model.file} does not match its pinned SHA-256 (run "npm run models:fetch" again)` };
  else check = { path, reason: null };
  if (check.reason !== null) process.stderr.write(`Skipping the tests on ${model.label}: ${check.reason}.\n`);
  verified.set(role, check);
  return check;
}
