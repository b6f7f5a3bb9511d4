/**
 * The preload: exposes exactly the contract's channels as window.api, and one event
 * subscription. No ipcRenderer, no generic invoke(channel) reaches the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CHANNEL_NAMES, EVENT_CHANNEL } from '../../shared/ipc/channels.js';

const api: Record<string, unknown> = {};
for (const channel of CHANNEL_NAMES) {
  api[channel] = (request: unknown) => ipcRenderer.invoke(channel, request);
}
api.onEvent = (listener: (event: unknown) => void) => {
  const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
  ipcRenderer.on(EVENT_CHANNEL, wrapped);
  return () => ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
};

contextBridge.exposeInMainWorld('api', Object.freeze(api));
