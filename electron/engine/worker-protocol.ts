/**
 * The message protocol between the main process and its worker threads: a request
 * carries an id; the worker answers with progress messages and one result.
 */
import type { ErrorInfo } from '../../shared/errors.js';

export interface WorkerRequest {
  readonly id: number;
  readonly op: string;
  readonly args: unknown;
}

/** Asks the worker to stop request `target`. */
export interface WorkerCancel {
  readonly op: 'cancel';
  readonly target: number;
}

export type WorkerReply =
  | { readonly id: number; readonly progress: { readonly phase: string; readonly done: number; readonly total: number } }
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: ErrorInfo };
