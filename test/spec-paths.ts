/** Where the shared corpora and golden vectors live: ../shared beside the checkout. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const sharedRoot = process.env.UNLINKABLE_SHARED ?? resolve(projectRoot, '..', 'shared');
export const specDir = join(sharedRoot, 'spec');
export const dataDir = join(sharedRoot, 'data');
export const hasSharedData = existsSync(join(dataDir, 'court', 'collection.jsonl.gz'));

/** Says why a test on the shared corpora is skipped (called where one is). */
export function warnIfNoSharedData(what: string): void {
  if (!hasSharedData) console.warn(`Skipping ${what}: ../shared/data is not beside this checkout (set UNLINKABLE_SHARED to its folder).`);
}
