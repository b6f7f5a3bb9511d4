/**
 * A disk that refuses a write says so: a save the workspace cannot hold answers "The disk
 * is full" (code disk-full), not "Something went wrong", and leaves what was saved as it
 * was. Real SQLite: its page limit stands in for a full disk (SQLITE_FULL, the same error).
 */
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/ipc/dispatch.js';
import { toErrorInfo } from '../../../shared/errors.js';
import { useAppWithCollection } from '../../helpers/app-services.js';
import { openedJudgment } from '../../helpers/opened-judgment.js';

const appWithCollection = useAppWithCollection('unlinkable-disk-full-');

describe('a full disk', () => {
  it('answers a save the workspace cannot hold with what to do, and keeps what was saved', async () => {
    const text = 'The applicant lives in Oslo.';
    const { app, handlers, document } = await openedJudgment(appWithCollection, text);
    app.db.pragma(`max_page_count = ${app.db.pragma('page_count', { simple: true }) as number}`);
    const typed = `${text} ${'More words typed by the clerk. '.repeat(20_000)}`;
    const edit = () =>
      dispatch(
        handlers,
        'documents:edit',
        { documentId: document.id, baseVersionId: document.versionId, text: typed, source: 'manual', description: 'typing' },
        true,
      );
    const refused = await edit();
    expect(refused).toEqual({ ok: false, error: { code: 'disk-full', message: expect.stringMatching(/^The disk is full\. The last change was not saved/) } });
    expect((await handlers['documents:get']({ documentId: document.id })).text).toBe(text);
    // Space again: the same save goes through.
    app.db.pragma('max_page_count = 1073741823');
    expect(await edit()).toMatchObject({ ok: true, value: { text: typed, versionNumber: 2 } });
  });

  it('names the other refusals of a disk, from SQLite and from Node', () => {
    const coded = (code: string) => Object.assign(new Error('x'), { code });
    expect(toErrorInfo(coded('ENOSPC')).code).toBe('disk-full');
    expect(toErrorInfo(coded('SQLITE_READONLY_DBMOVED')).code).toBe('not-writable');
    expect(toErrorInfo(coded('EROFS')).code).toBe('not-writable');
    expect(toErrorInfo(coded('SQLITE_IOERR_WRITE')).code).toBe('disk-error');
    expect(toErrorInfo(coded('SQLITE_CONSTRAINT')).code).toBe('internal');
  });
});
