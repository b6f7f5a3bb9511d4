/**
 * The edit plan of the text on screen (the fewest words to change, or the paper's rule),
 * as a background job that a newer text supersedes. It starts only once the check of the
 * current text is final, and again when the clerk keeps a word (decisionsKey changes).
 * A plan no longer wanted (another text, the Phrases view, another document) is cancelled:
 * on a long judgment it runs for minutes, and the engine's time is the next check's. The
 * clerk may also stop it, and start it again. A plan made to the end is kept while its
 * text, settings, kept words and check stay the same: going to the Phrases view and back
 * shows it again at once, where it was made anew (about 7 s on a 37,000-word text).
 */
import { useCallback, useEffect, useState } from 'react';
import type { PlanView, ReviewSettings } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { textKey } from '../api/queries.js';
import { updateJob, useJob } from '../jobs/job-store.js';

export interface Plan {
  readonly plan: PlanView | undefined;
  /** The text the plan is for. */
  readonly planText: string | undefined;
  /** 'stopped': the clerk stopped this text's plan (`again` starts it anew). */
  readonly status: 'waiting' | 'planning' | 'ready' | 'failed' | 'stopped';
  readonly job: ReturnType<typeof useJob>;
  readonly error: unknown;
  /** Stops the plan being made. */
  readonly stop: () => void;
  /** Plans the same text again after a stop. */
  readonly again: () => void;
}

/**
 * `basis` is the check the plan starts from (any value that is new for each check): a plan
 * made from an earlier check, of the same text, is made again when a plan is next wanted.
 */
export function usePlan(documentId: string, text: string, settings: ReviewSettings, enabled: boolean, decisionsKey: string, basis: unknown): Plan {
  // A new attempt after a stop is a new key, so that the stopped job is no longer current.
  const [attempt, setAttempt] = useState(0);
  const key = `${textKey(text)}|${JSON.stringify(settings)}|${decisionsKey}|${attempt}`;
  const [started, setStarted] = useState<{ key: string; jobId: string; text: string; basis: unknown } | null>(null);
  const [error, setError] = useState<{ key: string; error: unknown } | null>(null);
  const job = useJob(started?.jobId);
  // A plan of another check of this text is not shown where it would be acted on. While no
  // plan is wanted (the clerk edits the text, whose every pause is checked anew, or lists
  // the phrases), the last one of this text stays, as the text it is for stays.
  const current = started?.key === key && (started.basis === basis || !enabled);
  // Made to the end for this very text, settings, kept words and check: nothing to do again.
  const kept = current && job?.state === 'done';
  useEffect(() => {
    if (!enabled || kept) return;
    let cancelled = false;
    let jobId: string | undefined;
    const cancelJob = (id: string) => void call('jobs:cancel', { jobId: id }).catch(() => undefined);
    call('detection:plan', { documentId, text, settings }).then(
      (job) => {
        updateJob(job);
        if (cancelled) cancelJob(job.id);
        else {
          jobId = job.id;
          setStarted({ key, jobId: job.id, text, basis });
        }
      },
      (failure: unknown) => !cancelled && setError({ key, error: failure }),
    );
    return () => {
      cancelled = true;
      // A job that already ended ignores the cancel.
      if (jobId !== undefined) cancelJob(jobId);
    };
    // `key` covers the text, the settings and the decisions. Not `kept`: a plan that ends
    // while wanted must not be cancelled (the cleanup) and asked for again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled, documentId, basis]);
  const failed = (error?.key === key ? error.error : null) ?? (current && job?.state === 'failed' ? new Error(job.error?.message) : null);
  const plan = current && job?.state === 'done' ? (job.value as PlanView) : undefined;
  const stopped = current && job?.state === 'cancelled';
  const stop = useCallback(() => {
    if (started !== null) void call('jobs:cancel', { jobId: started.jobId }).catch(() => undefined);
  }, [started]);
  const again = useCallback(() => setAttempt((n) => n + 1), []);
  return {
    plan,
    planText: plan === undefined ? undefined : started!.text,
    status: failed !== null ? 'failed' : plan !== undefined ? 'ready' : stopped ? 'stopped' : enabled ? 'planning' : 'waiting',
    job: current ? job : undefined,
    error: failed,
    stop,
    again,
  };
}
