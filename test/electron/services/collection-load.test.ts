/**
 * The index of the most recent collection loads in the background at start, as a job the
 * app's top bar follows (app:info names it): progress in shards, and the collection's
 * info at the end.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CollectionIndex } from '../../../electron/index-store/collection-index.js';
import { createCollection } from '../../../electron/index-store/collection-writer.js';
import { AppServices } from '../../../electron/services/app-services.js';
import { appHandlers } from '../../../electron/services/handlers/app-handlers.js';
import type { JobInfo } from '../../../shared/ipc/types.js';
import { recordsOf } from '../../helpers/records.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('unlinkable-load-');
let services: AppServices | undefined;
afterEach(async () => {
  await services?.dispose();
  services = undefined;
});

const documents = Array.from({ length: 6 }, (_, i) => ({ id: `judgment-${i}`, text: `The court in city ${i} dismissed the appeal of applicant ${i}.` }));

describe('loading the recent collection at start', () => {
  it('runs as a job with progress in shards, named by app:info, and ends with the collection', async () => {
    const workspace = tempDir();
    const path = join(workspace, 'court.unl');
    await createCollection(path, recordsOf(documents), { name: 'court', shardTokens: 10 });
    const app = new AppServices({ workspaceFolder: workspace, shell: 'browser', version: 'test' });
    services = app;
    const events: JobInfo[] = [];
    app.onEvent((event) => event.type === 'job' && events.push(event.job));

    app.loadRecentCollection();
    expect(app.collectionLoadJobId).toBeNull(); // Nothing remembered yet: nothing to load.

    const reader = CollectionIndex.open(path);
    app.collections.remember(reader.readInfo());
    reader.close();
    app.loadRecentCollection();
    const jobId = app.collectionLoadJobId!;
    expect(jobId).not.toBeNull();
    expect(await appHandlers(app)['app:info']({})).toMatchObject({ collectionLoadJobId: jobId });
    await expect.poll(() => app.jobs.get(jobId).state, { timeout: 30_000 }).toBe('done');
    const job = app.jobs.get(jobId);
    expect(job).toMatchObject({ kind: 'collection-load', phase: 'loading', done: 6, total: 6 });
    expect(job.value).toMatchObject({ path, shardCount: 6, documentCount: 6 });
    expect(events.filter((e) => e.id === jobId).at(-1)).toMatchObject({ state: 'done' });
  });
});
