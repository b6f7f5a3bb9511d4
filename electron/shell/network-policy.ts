/**
 * What the Electron window may load: its own files over app://unlinkable and the
 * developer tools. Everything else, any http(s), ws, file or ftp request, is cancelled:
 * the app must work air-gapped and must never send anything anywhere. Pure functions,
 * so tests check them without Electron.
 */
import { resolve, sep } from 'node:path';

export const APP_SCHEME = 'app';
export const APP_HOST = 'unlinkable';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** True for the only URLs the app may request. */
export function isAllowedRequest(url: string): boolean {
  return url.startsWith(`${APP_ORIGIN}/`) || url.startsWith('devtools://') || url.startsWith('chrome-devtools://');
}

/** True when an IPC message comes from a frame of our own page. */
export function isTrustedFrameUrl(url: string | undefined): boolean {
  return url !== undefined && url.startsWith(`${APP_ORIGIN}/`);
}

/**
 * The file an app:// URL names inside the renderer folder, or undefined when it would
 * leave the folder (path traversal) or names another host.
 */
export function resolveAppFile(root: string, url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return undefined;
  const pathname = decodeURIComponent(parsed.pathname);
  const file = resolve(root, `.${pathname === '/' ? '/index.html' : pathname}`);
  return file.startsWith(resolve(root) + sep) ? file : undefined;
}
