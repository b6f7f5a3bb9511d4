/** The app's services on a fresh workspace holding one real collection file, disposed after each test. */
import { afterEach } from 'vitest';
import { CollectionIndex } from '../../electron/index-store/collection-index.js';
import { createCollection } from '../../electron/index-store/collection-writer.js';
import { AppServices } from '../../electron/services/app-services.js';
import { recordsOf } from './records.js';
import { join, useTempDir } from './temp-dir.js';

export interface AppWithCollection {
  readonly app: AppServices;
  /** The collection file, remembered by the app as if the clerk had opened it. */
  readonly path: string;
  readonly workspace: string;
}

/** Call at the top of a test file; each call of the result builds a new workspace. */
export function useAppWithCollection(prefix: string): (documents: { id: string; text: string }[]) => Promise<AppWithCollection> {
  const tempDir = useTempDir(prefix);
  let services: AppServices | undefined;
  afterEach(async () => {
    await services?.dispose();
    services = undefined;
  });
  return async (documents) => {
    const workspace = tempDir();
    const path = join(workspace, 'court.unl');
    await createCollection(path, recordsOf(documents), { name: 'court' });
    const app = new AppServices({ workspaceFolder: workspace, shell: 'browser', version: 'test' });
    services = app;
    const reader = CollectionIndex.open(path);
    app.collections.remember(reader.readInfo());
    reader.close();
    return { app, path, workspace };
  };
}
