/**
 * A document opened from an uploaded file (the browser host's file picker) leaves no copy of
 * the file behind once its text is in the workspace; a failed open keeps the upload for
 * another try (another record of the same file).
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
