/**
 * Parent side: one runtime process and the calls in flight to it. When the process dies
 * (a native abort in llama.cpp, a driver crash, the OS killing it) every call in flight
 * rejects with an error that says what happened; nothing here ever throws into the app's
 * event loop.
 */
import { fileURLToPath } from 'node:url';
import { AppError, type ErrorInfo } from '../../shared/errors.js';
import { childProcessEntry } from '../runtime/worker-entry.js';
import type { LlmChildLauncher, LlmChildProcess } from './llm-launcher.js';
import type { FromChildMessage, GenerationProgress, ToChildMessage } from './llm-protocol.js';

type WithoutId<M> = M extends unknown ? Omit<M, 'id'> : never;

/** A request without its id; the connection numbers them. */
export type ChildRequest = WithoutId<Exclude<ToChildMessage, { type: 'cancel' }>>;

interface Pending {
  readonly kind: ChildRequest['type'];
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly onProgress: ((progress: GenerationProgress) => void) | undefined;
}

const STDERR_TAIL_CHARS = 4000;

function describeExit(code: number | null, signal: string | null): string {
  if (code === 134 || signal === 'SIGABRT') return 'llama.cpp aborted on an internal check';
  if (signal !== null) return `it was stopped by signal ${signal}`;
  return `exit code ${code ?? 'unknown'}`;
}

/** The error for a call that was in flight when the process died. */
function crashError(kind: ChildRequest['type'], started: boolean, code: number | null, signal: string | null, stderrTail: string): AppError {
  const how = describeExit(code, signal);
  const cause = new Error(`Model runtime exited (code ${code ?? 'none'}, signal ${signal ?? 'none'}). Last stderr output:\n${stderrTail}`);
  if (!started) {
    return new AppError('model-failed', `The model runtime could not start (${how}). Reinstall Unlinkable; if that does not help, report the problem.`, {
      cause,
    });
  }
  if (kind === 'load') {
    return new AppError(
      'model-failed',
      `The model runtime crashed while loading the model (${how}). The file is probably damaged or not supported; choose another model.`,
      { cause },
    );
  }
  return new AppError('model-failed', `The model runtime stopped unexpectedly (${how}). Load the model again; if this happens again, choose another model.`, {
    cause,
  });
}

/** Turns an error sent by the child back into an Error (AbortError or AppError). */
function reviveError(info: ErrorInfo): Error {
  if (info.code === 'cancelled') {
    const error = new Error(info.message);
    error.name = 'AbortError';
    return error;
  }
  return new AppError(info.code, info.message);
}

/** One started runtime process. Create with `new`, which starts it. */
export class LlmConnection {
  private readonly child: LlmChildProcess;
  private readonly pending = new Map<number, Pending>();
  private readonly outbox: ToChildMessage[] = [];
  private nextId = 1;
  private ready = false;
  private stderrTail = '';
  /** False once the process has exited; a dead connection rejects every call. */
  alive = true;

  constructor(
    launcher: LlmChildLauncher,
    private readonly onLog: (level: 'warn' | 'error', message: string) => void,
    private readonly onExit: (connection: LlmConnection) => void,
  ) {
    const { url, execArgv } = childProcessEntry(import.meta.url, 'llm-child');
    this.child = launcher({ path: fileURLToPath(url), execArgv });
    this.child.onMessage((message) => this.receive(message));
    this.child.onStderr?.((text) => {
      this.stderrTail = (this.stderrTail + text).slice(-STDERR_TAIL_CHARS);
    });
    this.child.onExit(({ code, signal }) => this.exited(code, signal));
  }

  /** Sends a request; resolves with the child's answer. */
  request(message: ChildRequest, onProgress?: (progress: GenerationProgress) => void): { id: number; done: Promise<unknown> } {
    const id = this.nextId++;
    const done = new Promise<unknown>((resolve, reject) => {
      if (!this.alive) {
        reject(new AppError('model-failed', 'The model runtime has stopped. Load the model again.'));
        return;
      }
      this.pending.set(id, { kind: message.type, resolve, reject, onProgress });
      this.send({ ...message, id } as ToChildMessage);
    });
    return { id, done };
  }

  /** Asks the child to stop request `id`, and forgets it: its late answer is ignored. */
  cancel(id: number): void {
    if (this.pending.delete(id)) this.send({ type: 'cancel', id });
  }

  /** Ends the process on purpose; calls in flight reject with `reason`. */
  close(reason: Error): void {
    if (!this.alive) return;
    this.alive = false;
    this.rejectAll(() => reason);
    this.child.kill();
  }

  private send(message: ToChildMessage): void {
    if (!this.alive) return;
    if (this.ready) this.child.postMessage(message);
    else this.outbox.push(message);
  }

  private receive(message: FromChildMessage): void {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        for (const queued of this.outbox.splice(0)) this.child.postMessage(queued);
        return;
      case 'log':
        this.onLog(message.level, message.message);
        return;
      case 'progress':
        this.pending.get(message.id)?.onProgress?.(message.progress);
        return;
      case 'result':
      case 'error': {
        const pending = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.type === 'result') pending?.resolve(message.value);
        else pending?.reject(reviveError(message.error));
        return;
      }
    }
  }

  private exited(code: number | null, signal: string | null): void {
    if (!this.alive) return;
    this.alive = false;
    if (this.stderrTail.trim() !== '') this.onLog('error', this.stderrTail.trim());
    this.rejectAll((kind) => crashError(kind, this.ready, code, signal, this.stderrTail));
    this.onExit(this);
  }

  private rejectAll(errorFor: (kind: ChildRequest['type']) => Error): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const call of pending) call.reject(errorFor(call.kind));
  }
}
