/**
 * The browser host: the same renderer and the same handlers as the Electron app, over
 * HTTP on 127.0.0.1 only, on a random port, with a secret token per run. Tests drive the
 * real UI through it; a clerk without Electron can use it.
 */
import { MIME_TYPES } from '../runtime/mime-types.js';
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { LIMITS } from '../../shared/ipc/contract.js';
import { dispatch } from '../ipc/dispatch.js';
import type { AppServices } from '../services/app-services.js';
import { createHandlers } from '../services/handlers/index.js';
import { CONTENT_SECURITY_POLICY, hostAllowed, originAllowed, tokenAllowed } from './host-security.js';

/** Largest request body: an upload of LIMITS.uploadBytes in base64, plus JSON overhead. */
const MAX_BODY = Math.ceil((LIMITS.uploadBytes * 4) / 3) + 64 * 1024;

export interface HostOptions {
  readonly services: AppServices;
  /** The built renderer (index.html and assets). */
  readonly rendererFolder: string;
  readonly port?: number;
  readonly token?: string;
  /**
   * How long after the last page's event stream closed the page counts as gone (default
   * 10 s: a reload opens a new stream well within it).
   */
  readonly pageGoneAfterMs?: number;
}

export interface RunningHost {
  readonly url: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
  response.end(body);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * The file under `root` a request path names, or null: outside the folder (../, encoded
 * or not, absolute paths, NUL bytes), malformed escapes, folders and missing files.
 */
export function staticFileFor(root: string, url: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split(/[?#]/u)[0] ?? '/');
  } catch {
    return null; // A malformed escape such as %E0%A4%A names nothing.
  }
  if (pathname.includes('\0')) return null;
  const relative = normalize(pathname === '/' ? '/index.html' : pathname).replace(/^([/\\])+/, '');
  const file = resolve(root, relative);
  if (!file.startsWith(resolve(root) + sep) || !existsSync(file) || !statSync(file).isFile()) return null;
  return file;
}

function serveStatic(root: string, url: string, response: ServerResponse): void {
  const file = staticFileFor(root, url);
  if (file === null) {
    send(response, 404, 'Not found');
    return;
  }
  response.writeHead(200, {
    'content-type': MIME_TYPES[extname(file)] ?? 'application/octet-stream',
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-cache',
  });
  createReadStream(file).pipe(response);
}

/** Starts the host on 127.0.0.1; resolves once it listens. */
export function startHost(options: HostOptions): Promise<RunningHost> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const handlers = createHandlers(options.services);
  let port = 0;
  const streams = new Set<ServerResponse>();
  let pageGoneTimer: NodeJS.Timeout | undefined;
  let closed = false;
  const unsubscribe = options.services.onEvent((event) => {
    const line = `data: ${JSON.stringify(event)}\n\n`;
    for (const stream of streams) stream.write(line);
  });

  const server = createServer((request, response) => {
    void (async () => {
      if (!hostAllowed(request, port)) return send(response, 403, 'This server only answers on 127.0.0.1.');
      const url = request.url ?? '/';
      if (!url.startsWith('/api/')) {
        if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'Method not allowed');
        return serveStatic(options.rendererFolder, url, response);
      }
      if (!originAllowed(request, port) || !tokenAllowed(request, token))
        return send(response, 401, JSON.stringify({ ok: false, error: { code: 'forbidden', message: 'Missing or wrong access token.' } }), 'application/json');
      if (url === '/api/events' && request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
        response.write(': connected\n\n');
        streams.add(response);
        clearTimeout(pageGoneTimer);
        const heartbeat = setInterval(() => response.write(': ping\n\n'), 15_000);
        request.on('close', () => {
          clearInterval(heartbeat);
          streams.delete(response);
          if (streams.size > 0) return;
          // No page is listening: unless one comes back soon (a reload), stop the work only a page waits for.
          pageGoneTimer = setTimeout(() => {
            if (streams.size === 0 && !closed) options.services.pageGone();
          }, options.pageGoneAfterMs ?? 10_000);
          pageGoneTimer.unref();
        });
        return;
      }
      const match = /^\/api\/invoke\/([a-z-]+:[a-z-]+)$/.exec(url);
      if (match === null || request.method !== 'POST') return send(response, 404, 'Not found');
      let payload: unknown;
      try {
        payload = JSON.parse(await readBody(request));
      } catch {
        return send(
          response,
          400,
          JSON.stringify({ ok: false, error: { code: 'invalid-input', message: 'The request body is not valid JSON or is too large.' } }),
          'application/json',
        );
      }
      const result = await dispatch(handlers, match[1]!, payload, true);
      send(response, 200, JSON.stringify(result), 'application/json');
    })();
  });

  // The page owns the idle connections: if the server closed one after its default 5 s,
  // a POST the browser sent on it at that moment would fail with nothing received, and
  // the page would say the host is not answering. Chromium closes idle sockets itself.
  server.keepAliveTimeout = 0;

  return new Promise((resolveHost, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.address();
      port = typeof address === 'object' && address !== null ? address.port : 0;
      resolveHost({
        url: `http://127.0.0.1:${port}/#token=${token}`,
        port,
        token,
        close: () =>
          new Promise<void>((done) => {
            closed = true;
            unsubscribe();
            clearTimeout(pageGoneTimer);
            for (const stream of streams) stream.end();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** Where the built renderer lives, relative to a bundle or source file. */
export function defaultRendererFolder(callerUrl: string): string {
  const here = new URL('.', callerUrl).pathname;
  const candidates = [join(here, 'renderer'), join(here, '..', '..', 'dist', 'renderer')];
  return candidates.find((c) => existsSync(join(c, 'index.html'))) ?? candidates[0]!;
}
