/**
 * Entry point of the model runtime process. llama.cpp runs here, never in the app's own
 * process: a native assertion (which aborts the whole process) or a crash in a GPU
 * driver then costs this process only, and the app reports it and carries on.
 *
 * Talks to its parent over Electron's utility-process port when started with
 * utilityProcess.fork, or over Node's IPC channel when started with child_process.fork.
 */
import { AppError, toErrorInfo } from '../../shared/errors.js';
import type { FromChildMessage, ToChildMessage } from './llm-protocol.js';
import { ModelRuntime } from './llm-runtime.js';

/** The parent connection, whichever kind of process we are. */
interface ParentChannel {
  send(message: FromChildMessage): void;
  onMessage(listener: (message: ToChildMessage) => void): void;
}

/** Electron's `process.parentPort`, typed here so nothing imports 'electron'. */
interface ElectronParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

function connectToParent(): ParentChannel {
  const parentPort = (process as unknown as { parentPort?: ElectronParentPort }).parentPort;
  if (parentPort !== undefined) {
    return {
      send: (message) => parentPort.postMessage(message),
      onMessage: (listener) => parentPort.on('message', (event) => listener(event.data as ToChildMessage)),
    };
  }
  const send = process.send?.bind(process);
  if (send === undefined) throw new Error('llm-child must be started by the app (no IPC channel).');
  // Without a parent there is nobody to serve: exit rather than linger.
  process.on('disconnect', () => process.exit(0));
  return {
    send: (message) => void send(message),
    onMessage: (listener) => process.on('message', (message) => listener(message as ToChildMessage)),
  };
}

// On a failed native assertion ggml attaches gdb to print a backtrace, which takes
// seconds and says nothing a person can act on; the assertion line itself is kept.
process.env.GGML_NO_BACKTRACE ??= '1';

const channel = connectToParent();
const runtime = new ModelRuntime((level, message) => channel.send({ type: 'log', level, message }));
const cancellers = new Map<number, AbortController>();
let queue: Promise<void> = Promise.resolve();

/** Runs `operation` after every earlier one, and replies with its result or error. */
function enqueue(id: number, operation: () => Promise<unknown>): void {
  queue = queue.then(async () => {
    try {
      channel.send({ type: 'result', id, value: await operation() });
    } catch (error) {
      if (!(error instanceof AppError) && !(error instanceof Error && error.name === 'AbortError')) {
        // Where it failed, but not the message: a library's message could quote a prompt.
        const frames = error instanceof Error ? (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at ')) : [];
        channel.send({ type: 'log', level: 'error', message: `Runtime operation failed with ${(error as Error).name ?? typeof error}\n${frames.join('\n')}` });
      }
      const wrapped =
        error instanceof Error && error.name !== 'AbortError' && !(error instanceof AppError)
          ? new AppError('model-failed', 'The model failed while working. Try again; if it happens again, load the model again or choose another.')
          : error;
      channel.send({ type: 'error', id, error: toErrorInfo(wrapped) });
    } finally {
      cancellers.delete(id);
    }
  });
}

channel.onMessage((message) => {
  switch (message.type) {
    case 'load':
      enqueue(message.id, () => runtime.load(message.path, message.options));
      return;
    case 'generate': {
      const controller = new AbortController();
      cancellers.set(message.id, controller);
      enqueue(message.id, () =>
        runtime.generate(message.requests, controller.signal, (progress) => channel.send({ type: 'progress', id: message.id, progress })),
      );
      return;
    }
    case 'embed':
    case 'perplexity': {
      const controller = new AbortController();
      cancellers.set(message.id, controller);
      enqueue(message.id, () =>
        message.type === 'embed' ? runtime.embed(message.texts, controller.signal, message.maxWindows) : runtime.perplexity(message.text, controller.signal),
      );
      return;
    }
    case 'cancel':
      // Not queued: it must reach a generation that is running now.
      cancellers.get(message.id)?.abort();
      return;
    case 'unload':
      enqueue(message.id, () => runtime.unload());
      return;
  }
});
channel.send({ type: 'ready' });
