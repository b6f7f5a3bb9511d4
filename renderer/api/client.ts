/**
 * The renderer's access to the main process: window.api in Electron (from the preload),
 * or the HTTP equivalent in the browser host. `call` unwraps results and throws
 * ApiError for failures, which React Query and the error banners show to the clerk.
 */
import type { Api, ChannelName, RequestOf, ResponseOf } from '../../shared/ipc/contract.js';
import { createHttpApi } from './http-api.js';
import { readHostToken } from './token.js';

declare global {
  interface Window {
    api?: Api;
  }
}

/** A failure as the main process described it. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function resolveApi(): Api {
  if (window.api !== undefined) return window.api;
  const token = readHostToken();
  if (token === null) throw new ApiError('forbidden', 'This page has no access key. Open the address printed by "npm start" or "npm run serve".');
  return createHttpApi(token);
}

let api: Api | undefined;

/** True in the browser host, false in Electron's window (where the preload gives window.api). */
export function inBrowserHost(): boolean {
  return window.api === undefined;
}

export function getApi(): Api {
  api ??= resolveApi();
  return api;
}

/** Calls a channel and returns its value, or throws ApiError. */
export async function call<C extends ChannelName>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
  const fn = getApi()[channel] as (
    request: RequestOf<C>,
  ) => Promise<{ ok: true; value: ResponseOf<C> } | { ok: false; error: { code: string; message: string } }>;
  const result = await fn(request);
  if (!result.ok) throw new ApiError(result.error.code, result.error.message);
  return result.value;
}

/** Reads a File as base64 (uploads cross IPC and HTTP as JSON). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}
