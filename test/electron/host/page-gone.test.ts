/**
 * A closed tab left its plan running for minutes in the engine, in the way of the next
 * page's checks. When the browser host has had no page listening to its events for a
 * while, it stops the checks and plans that only a page was waiting for; a page that
 * comes back in time (a reload) keeps them, and other jobs always go on.
 */
import { request, type ClientRequest } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../../../electron/host/host-server.js';
import type { JobKind } from '../../../shared/ipc/types.js';
import { useAppWithCollection } from '../../helpers/app-services.js';
import { join } from '../../helpers/temp-dir.js';

const appWithCollection = useAppWithCollection('unlinkable-page-gone-');
let host: RunningHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

/** Opens the page's event stream; resolves once the host has answered it. */
function openEvents(running: RunningHost): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const events = request(
      {
        host: '127.0.0.1',
        port: running.port,
        path: '/api/events',
        headers: { authorization: `Bearer ${running.token}`, origin: `http://127.0.0.1:${running.port}` },
      },
      (response) => {
        expect(response.statusCode).toBe(200);
        response.once('data', () => resolve(events));
      },
    );
    events.on('error', () => undefined);
    events.once('error', reject);
    events.end();
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the browser host when the page goes away', () => {
  it('stops the page’s checks and plans once no page has listened for a while, and nothing else', async () => {
    const { app } = await appWithCollection([{ id: 'a', text: 'The applicant was held in Sincan prison.' }]);
    host = await startHost({ services: app, rendererFolder: mkdtempSync(join(tmpdir(), 'unlinkable-renderer-')), pageGoneAfterMs: 100 });
    const untilCancelled = (kind: JobKind) =>
      app.jobs.start(kind, ({ signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))));
    const stateOf = (id: string) => app.jobs.get(id).state;

    // A reload: the stream closes and another opens within the grace period.
    const first = await openEvents(host);
    const plan = untilCancelled('plan');
    first.destroy();
    await pause(20);
    const second = await openEvents(host);
    await pause(300);
    expect(stateOf(plan.id)).toBe('running');

    // The tab closes: no page comes back.
    const check = untilCancelled('combinations');
    const model = untilCancelled('suggestions');
    const collection = untilCancelled('collection-add');
    second.destroy();
    await expect.poll(() => stateOf(plan.id)).toBe('cancelled');
    expect(stateOf(check.id)).toBe('cancelled');
    expect(stateOf(model.id)).toBe('running');
    expect(stateOf(collection.id)).toBe('running');
    app.jobs.cancelAll();
  });
});
