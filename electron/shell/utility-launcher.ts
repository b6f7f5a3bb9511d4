/**
 * Starts the model runtime as an Electron utility process: child_process.fork cannot
 * run once the runAsNode fuse is off, and a native crash there never takes the main
 * process, or the clerk's work, down with it.
 */
import { utilityProcess } from 'electron';
import type { LlmChildLauncher } from '../llm/llm-launcher.js';
import type { FromChildMessage } from '../llm/llm-protocol.js';

export const utilityLauncher: LlmChildLauncher = ({ path, execArgv }) => {
  const child = utilityProcess.fork(path, [], { execArgv: [...execArgv], stdio: 'pipe', serviceName: 'Unlinkable model runtime' });
  const stderrListeners: ((text: string) => void)[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    for (const listener of stderrListeners) listener(chunk.toString('utf8'));
  });
  child.stdout?.resume();
  return {
    postMessage: (message) => child.postMessage(message),
    onMessage: (listener) => child.on('message', (message: unknown) => listener(message as FromChildMessage)),
    onExit: (listener) => child.once('exit', (code) => listener({ code, signal: null })),
    onStderr: (listener) => void stderrListeners.push(listener),
    kill: () => void child.kill(),
  };
};
