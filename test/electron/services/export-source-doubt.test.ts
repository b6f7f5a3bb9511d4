/**
 * The export weighs the source set against the other documents at the document's own k
 * and longest N-gram, as the review screen and `unlinkable check` do: a doubt that only
 * exists at k = 3 must reach the gate and the report of a document checked at k = 3, and
 * must not appear at k = 2. Real collection file, real engine, the export handler itself.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../../electron/services/handlers/index.js';
import { useAppWithCollection } from '../../helpers/app-services.js';
import { join } from '../../helpers/temp-dir.js';

const appWithCollection = useAppWithCollection('unlinkable-export-doubt-');

// Only "alpha" holds the first sentence. "beta" and "gamma" both hold the other two, so
// those are rare at k = 3 (two documents) but not at k = 2.
const text = 'The quarry near Vellmar flooded twice in spring. The tenants of the mill refused every offer. A ferry crossed the lake at dawn.';
const documents = [
  { id: 'alpha', text: 'The quarry near Vellmar flooded twice in spring. Nothing else happened.' },
  { id: 'beta', text: 'The tenants of the mill refused every offer. A ferry crossed the lake at dawn. Then it rained.' },
  { id: 'gamma', text: 'Later. The tenants of the mill refused every offer. A ferry crossed the lake at dawn.' },
  { id: 'delta', text: 'An unrelated appeal was dismissed as manifestly ill-founded.' },
];
const doubtReason = /beta shares more of the text's rare phrases than alpha \(\d+ against \d+\)/;

describe('export:run and a doubt about the source', () => {
  it('names the doubt at k = 3, where it exists, and not at k = 2', async () => {
    const { app, path, workspace } = await appWithCollection(documents);
    const handlers = createHandlers(app);
    const opened = await handlers['documents:open']({ source: { kind: 'text', title: 'Judgment', text }, collectionPath: path });
    const settings = { ...opened.settings, arity: 1 as const, maxN: 8, sourceId: 'alpha', collectionPath: path };
    const exportWithout = (folder: string) =>
      handlers['export:run']({ documentId: opened.id, folder, formats: ['json'], justification: null, reviewer: 'A. Clerk', onExisting: 'refuse' });

    // k = 2: alpha holds the only rare phrase; a justification is needed (a source is set), for that reason alone.
    await handlers['documents:settings']({ documentId: opened.id, settings: { ...settings, k: 2 } });
    const atTwo = await exportWithout(join(workspace, 'out-2')).catch((error: unknown) => error);
    expect(atTwo).toMatchObject({ code: 'export-blocked' });
    expect((atTwo as Error).message).toMatch(/checked only for linkage to alpha/);
    expect((atTwo as Error).message).not.toMatch(doubtReason);

    // k = 3: beta's two sentences are rare too, and outnumber alpha's one.
    await handlers['documents:settings']({ documentId: opened.id, settings: { ...settings, k: 3 } });
    const atThree = await exportWithout(join(workspace, 'out-3')).catch((error: unknown) => error);
    expect(atThree).toMatchObject({ code: 'export-blocked' });
    expect((atThree as Error).message).toMatch(doubtReason);

    // With a justification the files are written, and the report keeps the reason.
    const folder = join(workspace, 'out-3');
    const result = await handlers['export:run']({
      documentId: opened.id,
      folder,
      formats: ['json'],
      justification: 'The registrar confirmed alpha is the source of this judgment.',
      reviewer: 'A. Clerk',
      onExisting: 'refuse',
    });
    const reportFile = result.files.find((file) => file.endsWith('.json'));
    expect(reportFile).toBeDefined();
    const report = JSON.parse(readFileSync(reportFile!, 'utf8')) as { linkage: { why: string[] }; settings: { k: number }; justification: string };
    expect(report.settings.k).toBe(3);
    expect(report.linkage.why.some((reason) => doubtReason.test(reason))).toBe(true);
    expect(report.justification).toMatch(/registrar/);
  });
});
