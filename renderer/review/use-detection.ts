/**
 * The checks of the text on screen: single N-grams at once (within ~100 ms of an edit),
 * combinations in a background job that a newer text supersedes. Returns the best
 * result available, and whether it is the final word on exactly the text on screen:
 * nothing may claim "no linkable phrases" while a check of the current text is pending.
 *
 * A single-N-gram check that takes long (the first one after a large collection opened
 * in place) answers with what it has settled so far (CheckResult.partial); it is shown
 * at once, still 'checking', and asked for again until the engine has checked the rest.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CheckResult, ReviewSettings } from '../../shared/ipc/types.js';
import type { PartialCheck } from '../../shared/linkage/types.js';
import { call } from '../api/client.js';
import { detectionQueries, textKey } from '../api/queries.js';
import { updateJob, useJob } from '../jobs/job-store.js';

export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * 'checking': a check of the text on screen is still running (or about to); what is
 * shown may be older or partial. 'ready': the result is final for this text and these
 * settings. 'unavailable': no collection is chosen, or the check failed.
 */
export type DetectionStatus = 'checking' | 'ready' | 'unavailable';

export interface Detection {
  readonly result: CheckResult | undefined;
  /** The text the result describes (offsets refer to it). */
  readonly resultText: string | undefined;
  readonly status: DetectionStatus;
  readonly checkingCombinations: boolean;
  /** Share (0–1) of the combination search done, while it runs and has reported how far it is. */
  readonly combinationShare: number | undefined;
  /** How far the single-N-gram check of the text on screen has got, while it is partial. */
  readonly partial: PartialCheck | undefined;
  /**
   * While this text's single N-grams are shown and its combinations are still searched: the
   * last full check, whose combination members the caller keeps on screen meanwhile
   * (map-findings.ts, findingsOnText).
   */
  readonly carriedCombinations: { readonly text: string; readonly result: CheckResult } | undefined;
  readonly error: unknown;
}

/** A check and the text it describes. */
interface TextCheck {
  readonly text: string;
  readonly result: CheckResult;
}

/**
 * What to show: the full check of this text, else its single N-grams, else what the last
 * text showed (the caller moves it onto this one). That is the last full check when it was
 * made for the same text as the last single N-grams: those alone would take the combination
 * members off for a moment, and a long judgment would be drawn once more for it (about
 * 0.4 s on 35,000 words, after each accepted suggestion).
 */
export function bestCheck<C extends TextCheck>(
  full: C | undefined,
  singlesNow: C | undefined,
  lastFull: C | undefined,
  lastSingles: C | undefined,
): C | undefined {
  return full ?? singlesNow ?? (lastFull !== undefined && lastFull.text === lastSingles?.text ? lastFull : lastSingles);
}

export function useDetection(documentId: string, text: string, settings: ReviewSettings, typing: boolean): Detection {
  const checkedText = useDebounced(text, typing ? 80 : 0);
  const enabled = settings.collectionPath !== null;
  const singles = useQuery({
    ...detectionQueries.check(documentId, checkedText, settings),
    enabled,
    placeholderData: keepPreviousData,
    // A partial answer: ask again at once; the engine goes on from where it paused.
    refetchInterval: (query) => (query.state.data?.result.partial !== undefined ? 1 : false),
    refetchIntervalInBackground: true,
  });
  const key = `${textKey(checkedText)}|${JSON.stringify(settings)}`;
  const [combination, setCombination] = useState<{ key: string; jobId: string; text: string } | null>(null);
  const [combinationError, setCombinationError] = useState<{ key: string; error: unknown } | null>(null);

  useEffect(() => {
    // At arity 1 the combinations still run, in the background, for the cost of the other arities.
    if (!enabled) return;
    let cancelled = false;
    const timer = setTimeout(
      () => {
        call('detection:combinations', { documentId, text: checkedText, settings }).then(
          (job) => {
            updateJob(job);
            if (!cancelled) setCombination({ key, jobId: job.id, text: checkedText });
          },
          (error: unknown) => !cancelled && setCombinationError({ key, error }),
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
  const done = combination !== null && job?.state === 'done' ? { key: combination.key, text: combination.text, result: job.value as CheckResult } : undefined;
  const full = done?.key === key ? done : undefined;
  // The last full check, kept when a newer text's job replaces it (React's way of remembering a render's value).
  const [lastFull, setLastFull] = useState(done);
  if (done !== undefined && done.result !== lastFull?.result) setLastFull(done);
  const singlesNow = singles.data !== undefined && singles.data.text === text && !singles.isPlaceholderData ? singles.data : undefined;
  const partial = singlesNow?.result.partial;
  const best = bestCheck(full, singlesNow, lastFull, singles.data);
  const jobFailed = combination?.key === key && job?.state === 'failed';
  const error = singles.error ?? (combinationError?.key === key ? combinationError.error : null) ?? (jobFailed ? new Error(job?.error?.message) : null);
  // Final: the full check of exactly this text, or at arity 1 its single-N-gram check.
  const final = full !== undefined && full.text === text ? full : settings.arity === 1 && partial === undefined ? singlesNow : undefined;
  const status: DetectionStatus = !enabled || error !== null ? 'unavailable' : final !== undefined ? 'ready' : 'checking';
  return {
    result: (final ?? best)?.result,
    resultText: (final ?? best)?.text,
    status,
    // Not while a check has failed: nothing is running then, and a spinner would say otherwise.
    checkingCombinations: enabled && full === undefined && error === null,
    combinationShare:
      combination?.key === key && job?.state === 'running' && job.phase === 'combinations' && job.total > 0 ? Math.min(1, job.done / job.total) : undefined,
    partial: final === undefined ? partial : undefined,
    carriedCombinations: final === undefined && full === undefined && error === null && best !== undefined && best === singlesNow ? lastFull : undefined,
    error,
  };
}
