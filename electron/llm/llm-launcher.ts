/**
 * How the app starts its model runtime process. Plain Node (CLI, tests, browser host)
 * uses child_process.fork; the Electron shell passes its own launcher built on
 * utilityProcess.fork, so nothing here imports 'electron'.
 */
import { fork } from 'node:child_process';
import type { FromChildMessage, ToChildMessage } from './llm-protocol.js';

/** A started runtime process, as the client sees it. */
export interface LlmChildProcess {
  postMessage(message: ToChildMessage): void;
  onMessage(listener: (message: FromChildMessage) => void): void;
  /** Called once when the process ends, however it ends. */
  onExit(listener: (exit: { code: number | null; signal: string | null }) => void): void;
  /** Lines the process wrote to stderr (llama.cpp prints its assertion failures there), when available. */
  onStderr?(listener: (text: string) => void): void;
  kill(): void;
}

/** The script to run and the Node flags it needs (`--import tsx` when running from sources). */
export interface LlmChildEntry {
  readonly path: string;
  readonly execArgv: readonly string[];
}

/**
 * Starts the runtime process. The Electron shell implements it roughly as:
 *
 *   const launcher: LlmChildLauncher = ({ path, execArgv }) => {
 *     const child = utilityProcess.fork(path, [], { execArgv: [...execArgv], stdio: 'pipe', serviceName: 'Unlinkable model runtime' });
 *     return {
 *       postMessage: (message) => child.postMessage(message),
 *       onMessage: (listener) => child.on('message', listener),
 *       onExit: (listener) => child.once('exit', (code) => listener({ code, signal: null })),
 *       onStderr: (listener) => child.stderr?.on('data', (chunk) => listener(String(chunk))),
 *       kill: () => child.kill(),
 *     };
 *   };
 */
export type LlmChildLauncher = (entry: LlmChildEntry) => LlmChildProcess;

/** Starts the runtime with child_process.fork: for the CLI, tests and any plain Node host. */
export const forkLauncher: LlmChildLauncher = ({ path, execArgv }) => {
  // stdout is ignored so nothing the runtime prints can mix into the CLI's output.
  const child = fork(path, [], { execArgv: [...execArgv], stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'json' });
  // A dead child makes send() fail asynchronously; the exit listener reports it instead.
  child.on('error', () => undefined);
  // Always drain stderr: a full pipe would block the runtime.
  const stderrListeners: ((text: string) => void)[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    for (const listener of stderrListeners) listener(chunk.toString('utf8'));
  });
  return {
    postMessage: (message) => {
      if (child.connected) child.send(message);
    },
    onMessage: (listener) => child.on('message', (message) => listener(message as FromChildMessage)),
    onExit: (listener) => child.once('exit', (code, signal) => listener({ code, signal })),
    onStderr: (listener) => void stderrListeners.push(listener),
    kill: () => {
      child.kill();
    },
  };
};
