// A judgment opened through the real handlers against a collection of one unrelated
// document: where the service tests of one document begin.
import { createHandlers } from '../../electron/services/handlers/index.js';
import type { AppWithCollection } from './app-services.js';

/** The services, their handlers, `text` opened as a document, and the workspace folder. */
export async function openedJudgment(appWithCollection: (documents: { id: string; text: string }[]) => Promise<AppWithCollection>, text: string) {
  const { app, path, workspace } = await appWithCollection([{ id: 'other', text: 'An unrelated judgment.' }]);
  const handlers = createHandlers(app);
  const document = await handlers['documents:open']({ source: { kind: 'text', title: 'Judgment', text }, collectionPath: path });
  return { app, handlers, document, workspace };
}
