/** The job rules that live in services/jobs.ts: superseding, cancel outcomes, and the picked-path gate. */
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../shared/ipc/contract.js';
import type { JobInfo } from '../../../shared/ipc/types.js';
import { AppError } from '../../../shared/errors.js';
import { JobRegistry, PickedPaths, SupersedingJobs } from '../../../electron/services/jobs.js';

function registry(): { jobs: JobRegistry; events: AppEvent[] } {
  const events: AppEvent[] = [];
  return { jobs: new JobRegistry((event) => events.push(event)), events };
}

/** A job body that runs until cancelled, then rejects as aborted work does. */
function untilCancelled(started: string[], name: string) {
  return (context: { signal: AbortSignal }) =>
    new Promise<never>((_, reject) => {
      started.push(name);
      context.signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
    });
}

async function settled(jobs: JobRegistry, id: string): Promise<JobInfo> {
  for (let i = 0; i < 100; i++) {
    const info = jobs.get(id);
    if (info.state !== 'running') return info;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return jobs.get(id);
}

describe('SupersedingJobs', () => {
  it('cancels the job a newer one for the same key replaces, and only that one', async () => {
    const { jobs } = registry();
    const superseding = new SupersedingJobs(jobs);
    const started: string[] = [];
    const first = superseding.start('combinations', 'doc-1', untilCancelled(started, 'first'));
    const other = superseding.start('combinations', 'doc-2', untilCancelled(started, 'other'));
    const second = superseding.start('combinations', 'doc-1', async () => 'second done');
    expect(started).toEqual(['first', 'other']);
    expect((await settled(jobs, first.id)).state).toBe('cancelled');
    expect(await settled(jobs, second.id)).toMatchObject({ state: 'done', value: 'second done' });
    expect(jobs.get(other.id).state).toBe('running');
    // A job of another kind for the same document is not superseded.
    const plan = superseding.start('plan', 'doc-2', async () => 'plan');
    expect((await settled(jobs, plan.id)).state).toBe('done');
    expect(jobs.get(other.id).state).toBe('running');
    jobs.cancelAll();
    expect((await settled(jobs, other.id)).state).toBe('cancelled');
  });

  it('reports a failure as failed, with its message, and a cancel as cancelled', async () => {
    const { jobs, events } = registry();
    const failing = jobs.start('plan', async () => {
      throw new AppError('invalid-input', 'That text is empty.');
    });
    expect(await settled(jobs, failing.id)).toMatchObject({ state: 'failed', error: { code: 'invalid-input', message: 'That text is empty.' } });
    const cancelled = jobs.start('plan', untilCancelled([], 'x'));
    jobs.cancel(cancelled.id);
    expect(await settled(jobs, cancelled.id)).toMatchObject({ state: 'cancelled', error: { code: 'cancelled' } });
    // Every state change reached the listeners.
    const states = events.filter((e) => e.type === 'job').map((e) => (e as { job: JobInfo }).job.state);
    expect(states).toEqual(['running', 'failed', 'running', 'cancelled']);
  });
});

describe('PickedPaths', () => {
  it('lets through only the exact paths the clerk picked', () => {
    const picked = new PickedPaths();
    picked.add(['/home/clerk/judgment.txt']);
    expect(() => picked.require('/home/clerk/judgment.txt', 'opened')).not.toThrow();
    for (const path of ['/home/clerk/other.txt', '/home/clerk/judgment.txt/', '/home/clerk/../clerk/judgment.txt', '/etc/passwd']) {
      expect(() => picked.require(path, 'opened'), path).toThrow(/Only files chosen in the file picker can be opened/);
    }
  });
});
