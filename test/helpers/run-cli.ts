/** Runs the CLI from sources in a child process, as a user would run the binary. */
import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from '../spec-paths.js';

export interface CliResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Starts `unlinkable <args>`; the caller may watch output or kill it. */
export function startCli(args: string[], options: { stdin?: string; env?: NodeJS.ProcessEnv } = {}): { child: ChildProcess; done: Promise<CliResult> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/cli/cli-entry.ts', ...args], {
    cwd: projectRoot,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  if (options.stdin !== undefined) child.stdin!.end(options.stdin);
  else child.stdin!.end();
  const done = new Promise<CliResult>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done };
}

/** Runs `unlinkable <args>` to completion. */
export function runCli(args: string[], options: { stdin?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  return startCli(args, options).done;
}
