/**
 * window.api for the browser host: the same channels over HTTP to 127.0.0.1, and events
 * over a streamed response. Used when the page is not inside Electron.
 */
import { CHANNEL_NAMES } from '../../shared/ipc/channels.js';
import type { Api, AppEvent, IpcResult } from '../../shared/ipc/contract.js';

const UNREACHABLE: IpcResult<never> = {
  ok: false,
  error: { code: 'internal', message: 'Unlinkable is not answering: its host may have stopped. Start it again; nothing saved was lost.' },
};

async function invoke(token: string, channel: string, request: unknown): Promise<IpcResult<unknown>> {
  try {
    const response = await fetch(`/api/invoke/${channel}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(request ?? {}),
    });
    if (response.status === 401)
      return { ok: false, error: { code: 'forbidden', message: 'This page lost its access key. Open the address the host printed again.' } };
    return (await response.json()) as IpcResult<unknown>;
  } catch {
    return UNREACHABLE;
  }
}

function subscribe(token: string, listener: (event: AppEvent) => void): () => void {
  let stopped = false;
  let controller = new AbortController();
  const run = async (delay: number): Promise<void> => {
    while (!stopped) {
      try {
        const response = await fetch('/api/events', { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        delay = 500;
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let split: number;
          while ((split = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, split);
            buffer = buffer.slice(split + 2);
            for (const line of block.split('\n')) if (line.startsWith('data: ')) listener(JSON.parse(line.slice(6)) as AppEvent);
          }
        }
      } catch {
        // Reconnect below.
      }
      if (stopped) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 10_000);
      controller = new AbortController();
    }
  };
  void run(500);
  return () => {
    stopped = true;
    controller.abort();
  };
}

export function createHttpApi(token: string): Api {
  const api: Record<string, unknown> = {};
  for (const channel of CHANNEL_NAMES) api[channel] = (request: unknown) => invoke(token, channel, request);
  const listeners = new Set<(event: AppEvent) => void>();
  let unsubscribe: (() => void) | undefined;
  api.onEvent = (listener: (event: AppEvent) => void) => {
    listeners.add(listener);
    unsubscribe ??= subscribe(token, (event) => listeners.forEach((l) => l(event)));
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        unsubscribe?.();
        unsubscribe = undefined;
      }
    };
  };
  return api as unknown as Api;
}
