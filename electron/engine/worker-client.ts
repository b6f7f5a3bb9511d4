/**
 * The main-process side of a worker thread: typed requests with progress and
 * cancellation. If the worker dies, pending requests fail with a clear error and the
 * next request starts a fresh worker.
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { abortError, AppError, type ErrorCode } from '../../shared/errors.js';
import { workerThreadEntry } from '../runtime/worker-entry.js';
import type { OperationArgs, OperationResult, Operations } from './worker-host.js';
import type { WorkerReply } from './worker-protocol.js';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  onProgress?: ((phase: string, done: number, total: number) => void) | undefined;
}

/** Options of one request. */
export interface RequestOptions {
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((phase: string, done: number, total: number) => void) | undefined;
}

/**
 * A client of one worker entry, typed by the operations object the worker serves: a
 * request's arguments and result are the operation's own (see engine-worker.ts).
 */
export class WorkerClient<Ops extends Operations = Operations> {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(
    private readonly callerUrl: string,
    private readonly entryName: string,
    /** V8 limits of the worker (default: Node's). */
    private readonly resourceLimits?: ResourceLimits,
  ) {}

  private start(): Worker {
    if (this.worker !== undefined) return this.worker;
    const { url, options } = workerThreadEntry(this.callerUrl, this.entryName);
    const worker = new Worker(url, this.resourceLimits === undefined ? options : { ...options, resourceLimits: this.resourceLimits });
    worker.on('message', (reply: WorkerReply) => this.onReply(reply));
    worker.on('error', () => undefined);
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [, p] of this.pending)
        p.reject(new AppError('internal', `The background engine stopped unexpectedly (exit ${code}). Nothing saved was lost; try again.`));
      this.pending.clear();
    });
    // Idle workers must not keep a process alive; busy ones must (see request).
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private onReply(reply: WorkerReply): void {
    const pending = this.pending.get(reply.id);
    if (pending === undefined) return;
    if ('progress' in reply) {
      pending.onProgress?.(reply.progress.phase, reply.progress.done, reply.progress.total);
      return;
    }
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker?.unref();
    if (reply.ok) pending.resolve(reply.value);
    else if (reply.error.code === 'cancelled') pending.reject(abortError());
    else pending.reject(new AppError(reply.error.code as ErrorCode, reply.error.message));
  }

  /** Sends `op` with `args`; resolves with the worker's value. */
  request<K extends keyof Ops & string>(op: K, args: OperationArgs<Ops[K]>, options: RequestOptions = {}): Promise<OperationResult<Ops[K]>> {
    type T = OperationResult<Ops[K]>;
    if (options.signal?.aborted) return Promise.reject(abortError());
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, onProgress: options.onProgress });
      worker.ref();
      options.signal?.addEventListener('abort', () => worker.postMessage({ op: 'cancel', target: id }), { once: true });
      worker.postMessage({ id, op, args });
    });
  }

  async dispose(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker !== undefined) await worker.terminate();
  }
}
