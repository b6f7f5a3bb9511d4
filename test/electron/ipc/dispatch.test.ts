import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/ipc/dispatch.js';
import type { Handlers } from '../../../electron/services/app-services.js';
import { CHANNEL_NAMES } from '../../../shared/ipc/channels.js';
import { CHANNELS } from '../../../shared/ipc/contract.js';
import { AppError } from '../../../shared/errors.js';

const calls: unknown[] = [];
const handlers = new Proxy({} as Handlers, {
  get: (_target, channel: string) => async (request: unknown) => {
    calls.push([channel, request]);
    if (channel === 'documents:delete') throw new AppError('not-found', 'That document is no longer in the workspace.');
    if (channel === 'jobs:cancel') throw new TypeError('boom with secret document text');
    return 'value';
  },
});
const id = '0b8f5a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('dispatch', () => {
  it('lists exactly the contract channels in the preload list', () => {
    expect([...CHANNEL_NAMES].sort()).toEqual([...CHANNELS].sort());
  });

  it('refuses untrusted senders before anything runs', async () => {
    calls.length = 0;
    expect(await dispatch(handlers, 'app:info', {}, false)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(calls).toEqual([]);
  });

  it('refuses unknown channels and invalid payloads with a clear message', async () => {
    expect(await dispatch(handlers, 'fs:readFile', {}, true)).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await dispatch(handlers, '__proto__', {}, true)).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const extraKey = await dispatch(handlers, 'app:info', { evil: true }, true);
    expect(extraKey).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const badK = await dispatch(
      handlers,
      'documents:settings',
      { documentId: id, settings: { k: 1, arity: 3, maxN: 8, sourceId: null, collectionPath: null } },
      true,
    );
    expect(badK).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining('settings.k') } });
    const badId = await dispatch(handlers, 'documents:get', { documentId: '../../etc/passwd' }, true);
    expect(badId).toMatchObject({ ok: false });
    const nulPath = await dispatch(handlers, 'collections:open', { path: '/tmp/a\u0000b' }, true);
    expect(nulPath).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const hugeText = await dispatch(
      handlers,
      'detection:check',
      { documentId: id, text: 'x'.repeat(25_000_001), settings: { k: 2, arity: 1, maxN: 8, sourceId: null, collectionPath: '/c.unl' } },
      true,
    );
    expect(hugeText).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('passes valid payloads through and wraps results and errors', async () => {
    expect(await dispatch(handlers, 'documents:get', { documentId: id }, true)).toEqual({ ok: true, value: 'value' });
    expect(await dispatch(handlers, 'documents:delete', { documentId: id }, true)).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'That document is no longer in the workspace.' },
    });
    const internal = await dispatch(handlers, 'jobs:cancel', { jobId: id }, true);
    expect(internal).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(internal)).not.toContain('secret');
  });
});
