/**
 * A file uploaded through the browser host's file picker leaves no copy behind once its
 * text is where it was going: a document opened in the workspace, or documents imported
 * into a collection. A failed open keeps the upload for another try (another record of
 * the same file).
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../../electron/services/handlers/index.js';
import { useAppWithCollection } from '../../helpers/app-services.js';
import { join } from '../../helpers/temp-dir.js';

const withApp = useAppWithCollection('unlinkable-open-upload-');
const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

describe('opening an uploaded file', () => {
  it('deletes the uploaded copy once the document is in the workspace', async () => {
    const { app, workspace } = await withApp([{ id: 'a', text: 'The applicant was born in Oslo.' }]);
    const handlers = createHandlers(app);
    const { uploadId } = await handlers['files:upload']({ name: 'judgment.txt', base64: base64('The applicant was born in [REDACTED].') });
    const uploaded = join(workspace, 'uploads', uploadId);
    expect(existsSync(uploaded)).toBe(true);
    const opened = await handlers['documents:open']({ source: { kind: 'upload', uploadId }, collectionPath: null });
    expect(opened).toMatchObject({ title: 'judgment', text: 'The applicant was born in [REDACTED].' });
    expect(existsSync(uploaded)).toBe(false);
  });

  it('keeps the upload when the open fails, so another record can be chosen', async () => {
    const { app, workspace } = await withApp([{ id: 'a', text: 'The applicant was born in Oslo.' }]);
    const handlers = createHandlers(app);
    const records = [
      { id: 'one', text: 'First [REDACTED].' },
      { id: 'two', text: 'Second [REDACTED].' },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n');
    const { uploadId } = await handlers['files:upload']({ name: 'records.jsonl', base64: base64(records) });
    await expect(handlers['documents:open']({ source: { kind: 'upload', uploadId, recordId: 'three' }, collectionPath: null })).rejects.toThrow();
    expect(existsSync(join(workspace, 'uploads', uploadId))).toBe(true);
    const opened = await handlers['documents:open']({ source: { kind: 'upload', uploadId, recordId: 'two' }, collectionPath: null });
    expect(opened.text).toBe('Second [REDACTED].');
    expect(existsSync(join(workspace, 'uploads', uploadId))).toBe(false);
  });
});

describe('importing uploaded files into a collection', () => {
  it('deletes the uploaded copies once the import is in the collection file', async () => {
    const { app, path, workspace } = await withApp([{ id: 'a', text: 'The applicant was born in Oslo.' }]);
    const handlers = createHandlers(app);
    const finished = async (jobId: string) => {
      for (;;) {
        const job = await handlers['jobs:get']({ jobId });
        if (job.state !== 'running') return job;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    const first = await handlers['files:upload']({
      name: 'more.jsonl',
      base64: base64(JSON.stringify({ id: 'b', text: 'The hearing took place in Bergen.' })),
    });
    const added = await finished((await handlers['collections:add']({ path, sources: [{ kind: 'upload', uploadId: first.uploadId }], replace: false })).id);
    expect(added.state).toBe('done');
    expect(existsSync(join(workspace, 'uploads', first.uploadId))).toBe(false);

    const second = await handlers['files:upload']({ name: 'new.txt', base64: base64('A new collection of one document.') });
    const created = await finished((await handlers['collections:create']({ name: 'Second', sources: [{ kind: 'upload', uploadId: second.uploadId }] })).id);
    expect(created.state).toBe('done');
    expect(existsSync(join(workspace, 'uploads', second.uploadId))).toBe(false);
  });
});
