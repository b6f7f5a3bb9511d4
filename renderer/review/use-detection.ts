/**
 * The checks of the text on screen: single N-grams at once (within ~100 ms of an edit),
 * combinations in a background job that a newer text supersedes. Returns the best
 * result available for exactly this text.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CheckResult, ReviewSettings } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { detectionQueries, textKey } from '../api/queries.js';
import { updateJob, useJob } from '../jobs/job-store.js';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface Detection {
  readonly result: CheckResult | undefined;
  /** The text the result describes (offsets refer to it). */
  readonly resultText: string | undefined;
  readonly checkingCombinations: boolean;
  readonly error: unknown;
}

export function useDetection(documentId: string, text: string, settings: ReviewSettings, typing: boolean): Detection {
  const checkedText = useDebounced(text, typing ? 80 : 0);
  const enabled = settings.collectionPath !== null;
  const singles = useQuery({ ...detectionQueries.check(documentId, checkedText, settings), enabled, placeholderData: keepPreviousData });
  const key = `${textKey(checkedText)}|${JSON.stringify(settings)}`;
  const [combination, setCombination] = useState<{ key: string; jobId: string; text: string } | null>(null);
  const [combinationError, setCombinationError] = useState<unknown>(null);

  useEffect(() => {
    if (!enabled || settings.arity === 1) return;
    let cancelled = false;
    const timer = setTimeout(
      () => {
        call('detection:combinations', { documentId, text: checkedText, settings }).then(
          (job) => {
            updateJob(job);
            if (!cancelled) setCombination({ key, jobId: job.id, text: checkedText });
          },
          (error: unknown) => !cancelled && setCombinationError(error),
        );
      },
      typing ? 400 : 0,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // `key` covers the text and the settings.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled, documentId]);

  const job = useJob(combination?.jobId);
  const full = combination?.key === key && job?.state === 'done' ? { text: combination.text, result: job.value as CheckResult } : undefined;
  const best = full ?? singles.data;
  return {
    result: best?.result,
    resultText: best?.text,
    checkingCombinations: enabled && settings.arity > 1 && full === undefined && job?.state !== 'failed',
    error: singles.error ?? combinationError ?? (job?.state === 'failed' && combination?.key === key ? new Error(job.error?.message) : null),
  };
}
