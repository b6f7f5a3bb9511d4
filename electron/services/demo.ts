/**
 * The bundled demo: on first start, a small court collection is built into the
 * workspace and a few de-identified judgments are opened for review, so that a new user
 * sees a highlighted judgment at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createImportClient } from '../engine/engine-clients.js';
import { getPreference, setPreference } from '../workspace/workspace-db.js';
import type { AppServices } from './app-services.js';

/** Seeds the workspace from `demoFolder` once; later starts leave the clerk's work alone. */
export async function seedDemo(services: AppServices, demoFolder: string): Promise<void> {
  if (getPreference(services.db, 'demo-seeded') === '1') return;
  const source = join(demoFolder, 'collection.jsonl.gz');
  if (!existsSync(source)) return;
  const path = join(services.collectionsFolder, 'demo-court-collection.unl');
  if (!existsSync(path)) {
    const worker = createImportClient();
    try {
      await worker.request('create', { path, inputs: [source], name: 'Demo court collection' });
    } finally {
      await worker.dispose();
    }
  }
  services.collections.remember(await services.engine.request('info', { path }));
  const records = readFileSync(join(demoFolder, 'deidentified.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as { id: string; original_id?: string; text: string });
  for (const record of records.reverse()) {
    services.reviews.create({
      title: record.id,
      text: record.text,
      origin: `demo record ${record.id}`,
      originalId: record.original_id ?? null,
      settings: services.defaultSettings(path),
    });
  }
  setPreference(services.db, 'demo-seeded', '1');
}
