/**
 * The single gate every request passes, whatever the front door: the sender must be
 * trusted, the channel must exist, the payload must match its schema; the result is
 * {ok, value} or {ok: false, error: {code, message}}. Nothing here logs payloads: they
 * hold document text.
 */
import { toErrorInfo } from '../../shared/errors.js';
import { contract, type ChannelName, type IpcResult } from '../../shared/ipc/contract.js';
import type { Handlers } from '../services/app-services.js';

function isChannel(name: string): name is ChannelName {
  return Object.prototype.hasOwnProperty.call(contract, name);
}

/** Validates and runs one request. `trusted` is the front door's verdict on the sender. */
export async function dispatch(handlers: Handlers, channel: string, payload: unknown, trusted: boolean): Promise<IpcResult<unknown>> {
  if (!trusted) return { ok: false, error: { code: 'forbidden', message: 'Request refused: it did not come from the Unlinkable window.' } };
  if (!isChannel(channel)) return { ok: false, error: { code: 'invalid-input', message: `Unknown request "${channel.slice(0, 60)}".` } };
  const parsed = contract[channel].request.safeParse(payload ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
    return { ok: false, error: { code: 'invalid-input', message: `Invalid ${channel} request${where}: ${issue?.message ?? 'bad payload'}.` } };
  }
  try {
    const handler = handlers[channel] as (request: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    const info = toErrorInfo(error);
    if (info.code === 'internal') {
      // Name and stack only: messages of unexpected errors can quote their input.
      const stack = error instanceof Error ? (error.stack ?? '').split('\n').slice(1, 6).join('\n') : '';
      process.stderr.write(`unlinkable: internal error in ${channel} (${error instanceof Error ? error.name : typeof error})\n${stack}\n`);
    }
    return { ok: false, error: info };
  }
}
