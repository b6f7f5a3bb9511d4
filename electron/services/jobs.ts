/**
 * Long work as jobs: start returns at once with an id; progress and the end are pushed
 * as events (progress at most ten times a second); cancel aborts the job's signal.
 */
import { randomUUID } from 'node:crypto';
import { AppError, toErrorInfo } from '../../shared/errors.js';
import type { AppEvent } from '../../shared/ipc/contract.js';
import type { JobInfo, JobKind } from '../../shared/ipc/types.js';

/** What a job's body receives. */
export interface JobContext {
  readonly signal: AbortSignal;
  progress(phase: string, done: number, total: number): void;
}

const KEEP_FINISHED = 200;

/**
 * The one running job per (kind, document) that a newer request supersedes: starting a
 * new one cancels the previous one.
 */
export class SupersedingJobs {
  private readonly latest = new Map<string, string>();

  constructor(private readonly jobs: JobRegistry) {}

  /** Starts `run` as the job for `key`, cancelling the job it replaces. */
  start(kind: JobKind, key: string, run: (context: JobContext) => Promise<unknown>): JobInfo {
    const previous = this.latest.get(`${kind}\u0000${key}`);
    if (previous !== undefined) this.jobs.cancel(previous);
    const job = this.jobs.start(kind, run);
    this.latest.set(`${kind}\u0000${key}`, job.id);
    return job;
  }
}

/** Paths the clerk chose in a native picker: the only paths a request may name for import or open. */
export class PickedPaths {
  private readonly paths = new Set<string>();

  add(paths: readonly string[]): void {
    for (const path of paths) this.paths.add(path);
  }

  /** Throws AppError('forbidden') unless the clerk picked `path`. */
  require(path: string, what: string): void {
    if (!this.paths.has(path)) throw new AppError('forbidden', `Only files chosen in the file picker can be ${what}.`);
  }
}

export class JobRegistry {
  private readonly jobs = new Map<string, { info: JobInfo; controller: AbortController }>();

  constructor(private readonly emit: (event: AppEvent) => void) {}

  start(kind: JobKind, run: (context: JobContext) => Promise<unknown>): JobInfo {
    const id = randomUUID();
    const controller = new AbortController();
    const entry = { controller, info: { id, kind, state: 'running', phase: 'starting', done: 0, total: 0, startedAt: new Date().toISOString() } as JobInfo };
    this.jobs.set(id, entry);
    let lastEmit = 0;
    const update = (patch: Partial<JobInfo>, force: boolean): void => {
      entry.info = { ...entry.info, ...patch };
      const now = Date.now();
      if (force || now - lastEmit >= 100) {
        lastEmit = now;
        this.emit({ type: 'job', job: entry.info });
      }
    };
    const context: JobContext = {
      signal: controller.signal,
      progress: (phase, done, total) => update({ phase, done, total }, phase !== entry.info.phase),
    };
    this.emit({ type: 'job', job: entry.info });
    void run(context).then(
      (value) => update({ state: 'done', value }, true),
      (error: unknown) => {
        const info = toErrorInfo(error);
        update(
          info.code === 'cancelled' || controller.signal.aborted
            ? { state: 'cancelled', error: { code: 'cancelled', message: 'Cancelled; nothing was changed.' } }
            : { state: 'failed', error: info },
          true,
        );
      },
    );
    this.prune();
    return entry.info;
  }

  get(id: string): JobInfo {
    const entry = this.jobs.get(id);
    if (entry === undefined) throw new AppError('not-found', 'That job is no longer known.');
    return entry.info;
  }

  cancel(id: string): void {
    this.jobs.get(id)?.controller.abort();
  }

  /** Cancels the running jobs of these kinds. */
  cancelKinds(kinds: readonly JobKind[]): void {
    for (const entry of this.jobs.values()) if (kinds.includes(entry.info.kind)) entry.controller.abort();
  }

  /** Cancels every running job (on quit). */
  cancelAll(): void {
    for (const entry of this.jobs.values()) entry.controller.abort();
  }

  private prune(): void {
    if (this.jobs.size <= KEEP_FINISHED) return;
    for (const [id, entry] of this.jobs) {
      if (entry.info.state !== 'running') this.jobs.delete(id);
      if (this.jobs.size <= KEEP_FINISHED) break;
    }
  }
}
