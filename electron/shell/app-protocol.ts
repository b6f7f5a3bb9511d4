/**
 * Serves the renderer from app://unlinkable/, with the strict Content-Security-Policy,
 * never outside the renderer folder.
 */
import { MIME_TYPES } from '../runtime/mime-types.js';
import { protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../host/host-security.js';
import { APP_SCHEME, resolveAppFile } from './network-policy.js';

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/** Must run once the app is ready. */
export function serveRenderer(rendererFolder: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(rendererFolder, request.url);
    if (file === undefined) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: { 'content-type': MIME_TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': CONTENT_SECURITY_POLICY },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
