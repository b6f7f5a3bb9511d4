/**
 * Routes the contract's channels to the services. Every message is checked: it must
 * come from a window this app created, showing our own page.
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { CHANNEL_NAMES, EVENT_CHANNEL } from '../../shared/ipc/channels.js';
import { dispatch } from '../ipc/dispatch.js';
import type { AppServices } from '../services/app-services.js';
import { createHandlers } from '../services/handlers/index.js';
import { isTrustedFrameUrl } from './network-policy.js';

export function setupIpc(services: AppServices, windows: () => BrowserWindow[]): void {
  const handlers = createHandlers(services);
  const trusted = (event: IpcMainInvokeEvent): boolean =>
    windows().some((w) => w.webContents.id === event.sender.id) && isTrustedFrameUrl(event.senderFrame?.url);
  for (const channel of CHANNEL_NAMES) {
    ipcMain.handle(channel, (event, payload: unknown) => dispatch(handlers, channel, payload, trusted(event)));
  }
  services.onEvent((event) => {
    for (const window of windows()) if (!window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, event);
  });
}
