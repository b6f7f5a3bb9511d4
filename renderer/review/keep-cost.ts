/**
 * What keeping a phrase would do to the plan, worked out while the clerk writes the reason
 * (KeepForm.tsx), so that the cost of a keep is known before it is made. Planned around a
 * kept word, the plan may choose quite other words: on a demo judgment one keep took it
 * from 357 words to 445 (plan-shift.ts). The engine plans the text as if the phrase were
 * kept too ('detection:plan' with `alsoKeep`, a job that leaves the plan itself alone);
 * the form's closing, or another phrase, cancels it.
 */
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { JobInfo, PlanView, ReviewSettings } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { textKey } from '../api/queries.js';
import { updateJob, useJob } from '../jobs/job-store.js';
import { planShift, type PlanShift } from './plan-shift.js';

interface Range {
  readonly start: number;
  readonly end: number;
}

/** What the preview plans from: the text on screen, its settings and kept phrases, and its plan when one is ready. */
export interface KeepCostBasis {
  readonly documentId: string;
  readonly text: string;
  readonly settings: ReviewSettings;
  /** The plan of `text` as it is; without one there is nothing to compare with, and nothing is asked. */
  readonly plan: PlanView | undefined;
  readonly kept: readonly Range[];
}

export const KeepCostContext = createContext<KeepCostBasis | undefined>(undefined);

export type KeepCost =
  | { readonly status: 'none' }
  | { readonly status: 'working'; readonly job: JobInfo | undefined }
  | { readonly status: 'ready'; readonly shift: PlanShift; readonly clean: boolean }
  | { readonly status: 'failed' };

/** How keeping `range` of the text would move the plan (see the module comment). */
export function useKeepCost(range: Range): KeepCost {
  const basis = useContext(KeepCostContext);
  const kept = basis?.kept ?? [];
  const planned = basis?.plan !== undefined;
  // Everything the preview depends on, so that a new text, setting or keep asks anew.
  const key =
    basis === undefined || !planned
      ? undefined
      : `${basis.documentId}|${textKey(basis.text)}|${JSON.stringify(basis.settings)}|${range.start}-${range.end}|${kept.map((k) => `${k.start}-${k.end}`).join(',')}`;
  const [started, setStarted] = useState<{ key: string; jobId: string } | { key: string; failed: true } | null>(null);
  useEffect(() => {
    if (key === undefined || basis === undefined) return;
    let closed = false;
    let jobId: string | undefined;
    const cancelJob = (id: string) => void call('jobs:cancel', { jobId: id }).catch(() => undefined);
    call('detection:plan', { documentId: basis.documentId, text: basis.text, settings: basis.settings, alsoKeep: { start: range.start, end: range.end } }).then(
      (job) => {
        updateJob(job);
        if (closed) cancelJob(job.id);
        else {
          jobId = job.id;
          setStarted({ key, jobId: job.id });
        }
      },
      () => !closed && setStarted({ key, failed: true }),
    );
    return () => {
      closed = true;
      // A job that already ended ignores the cancel.
      if (jobId !== undefined) cancelJob(jobId);
    };
    // `key` covers the basis and the range.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const current = started !== null && started.key === key ? started : undefined;
  const job = useJob(current !== undefined && 'jobId' in current ? current.jobId : undefined);
  const preview = job?.state === 'done' ? (job.value as PlanView) : undefined;
  const before = basis?.plan;
  const shift = useMemo(
    () => (preview === undefined || before === undefined ? undefined : planShift(before.runs, preview.runs, [...kept, range])),
    // `kept` and `range` are in the key of the job that made `preview`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [preview, before],
  );
  if (key === undefined) return { status: 'none' };
  if (current !== undefined && 'failed' in current) return { status: 'failed' };
  if (job?.state === 'failed') return { status: 'failed' };
  // Cancelled by the engine's owner (the page left, the host stopping): nothing to say.
  if (job?.state === 'cancelled') return { status: 'none' };
  if (shift !== undefined) return { status: 'ready', shift, clean: preview!.clean };
  return { status: 'working', job };
}
