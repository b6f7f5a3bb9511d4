/**
 * Secure defaults of the Electron shell: no navigation, no new windows, no webviews,
 * no permissions, and no network requests of any kind.
 */
import { app, type Session } from 'electron';
import { isAllowedRequest } from './network-policy.js';

/** Applies the rules to every web contents the app creates. */
export function setupContentsSecurity(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}

/** Denies permissions and cancels every request that is not the app's own. */
export function setupSessionSecurity(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !isAllowedRequest(details.url) }));
  // Belt and braces: no proxy resolution or DNS prefetch for anything.
  void session.setProxy({ mode: 'direct' });
}
