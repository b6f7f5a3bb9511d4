/**
 * The worker side of the protocol: routes requests to operations, reports progress,
 * turns errors into ErrorInfo, and aborts a request when the main process cancels it.
 */
import { parentPort } from 'node:worker_threads';
import { toErrorInfo } from '../../shared/errors.js';
import type { WorkerCancel, WorkerReply, WorkerRequest } from './worker-protocol.js';

/** What an operation receives besides its arguments. */
export interface OperationContext {
  readonly signal: AbortSignal;
  readonly progress: (phase: string, done: number, total: number) => void;
}

export type Operations = Record<string, (args: never, context: OperationContext) => unknown>;

/** The arguments an operation takes. */
export type OperationArgs<F> = F extends (args: infer A, context: OperationContext) => unknown ? A : never;
/** What an operation resolves with. */
export type OperationResult<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;

/** Serves `operations` on this worker thread's port. */
export function serveOperations(operations: Operations): void {
  const port = parentPort;
  if (port === null) throw new Error('serveOperations must run in a worker thread.');
  const running = new Map<number, AbortController>();
  const reply = (message: WorkerReply): void => port.postMessage(message);
  port.on('message', (message: WorkerRequest | WorkerCancel) => {
    if (message.op === 'cancel') {
      running.get((message as WorkerCancel).target)?.abort();
      return;
    }
    const request = message as WorkerRequest;
    const controller = new AbortController();
    running.set(request.id, controller);
    let lastProgress = 0;
    const context: OperationContext = {
      signal: controller.signal,
      progress: (phase, done, total) => {
        const now = Date.now();
        if (now - lastProgress < 100 && done < total) return;
        lastProgress = now;
        reply({ id: request.id, progress: { phase, done, total } });
      },
    };
    void (async () => {
      try {
        const operation = operations[request.op];
        if (operation === undefined) throw new Error(`Unknown operation ${request.op}`);
        const value = await operation(request.args as never, context);
        reply({ id: request.id, ok: true, value });
      } catch (error) {
        if (process.env.UNLINKABLE_DEBUG === '1') console.error(error);
        reply({ id: request.id, ok: false, error: toErrorInfo(error) });
      } finally {
        running.delete(request.id);
      }
    })();
  });
}
