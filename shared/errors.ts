/**
 * Errors a person can act on. Every failure that reaches a clerk or a CLI user carries a
 * stable code (for programs and tests) and a message that says what happened and what
 * to do next. Messages never quote document text: logs must not leak it.
 */

/** Stable error codes, shared by the CLI, the IPC contract and the UI. */
export type ErrorCode =
  | 'invalid-input'
  | 'invalid-settings'
  | 'not-found'
  | 'already-exists'
  | 'not-an-index'
  | 'index-corrupt'
  | 'index-version'
  | 'duplicate-id'
  | 'unsupported-file'
  | 'empty-file'
  | 'binary-file'
  | 'not-utf8'
  | 'too-large'
  | 'cancelled'
  | 'model-invalid'
  | 'model-failed'
  | 'export-blocked'
  | 'conflict'
  | 'forbidden'
  | 'disk-full'
  | 'not-writable'
  | 'disk-error'
  | 'internal';

/** An error with a code and a message meant for people. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

/** The serialisable form of an error, as IPC and JSON output carry it. */
export interface ErrorInfo {
  readonly code: ErrorCode;
  readonly message: string;
}

/** Converts anything thrown into ErrorInfo; unknown errors become 'internal'. */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  if (error instanceof Error && error.name === 'SettingsError') return { code: 'invalid-settings', message: error.message };
  if (error instanceof Error && error.name === 'PlaceholderPatternError') return { code: 'invalid-settings', message: error.message };
  if (error instanceof Error && error.name === 'AbortError') return { code: 'cancelled', message: 'The operation was cancelled.' };
  const storage = storageFailure(error);
  if (storage !== undefined) return storage;
  return { code: 'internal', message: 'Something went wrong inside Unlinkable. Nothing saved was lost; try again, and report the problem if it repeats.' };
}

/**
 * A disk that refused a write, from SQLite's or Node's error code: the clerk can act on
 * these (free space, choose another folder), so they are not "something went wrong".
 */
function storageFailure(error: unknown): ErrorInfo | undefined {
  const code = typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : '';
  const notSaved = 'The last change was not saved; what was saved before is unchanged.';
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT')
    return { code: 'disk-full', message: `The disk is full. ${notSaved} Free some space on it, then try again.` };
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM')
    return { code: 'not-writable', message: `Unlinkable was refused access to a file or folder it needed (a read-only disk, or no permission). ${notSaved}` };
  if (code.startsWith('SQLITE_IOERR') || code === 'EIO')
    return { code: 'disk-error', message: `The disk could not be written (an input/output error). ${notSaved} Check the disk, then try again.` };
  return undefined;
}

/** An AbortError as DOM and Node both name it. */
export function abortError(): Error {
  const error = new Error('The operation was cancelled.');
  error.name = 'AbortError';
  return error;
}

/** Anything with an `aborted` flag: an AbortSignal, or a flag in shared memory. */
export interface AbortLike {
  readonly aborted: boolean;
}

/** Throws an AbortError when the signal has fired. */
export function throwIfAborted(signal: AbortLike | undefined): void {
  if (signal?.aborted) throw abortError();
}
