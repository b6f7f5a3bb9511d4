/**
 * What changed in the plan when the clerk kept a planned word, or withdrew a kept one: the
 * text is the same, but the plan is made again around the kept words and may choose quite
 * other words. On the demo judgment echr-001-79071, keeping one planned word took the plan
 * from 357 words to 445, and on a court judgment one keep moved 170 planned words out and
 * 171 in (2026-12-07). Without this, the clerk saw only a different set of boxes.
 *
 * Compared word by word (the plan's tokens, PlannedRunView.words), as the plan counts them,
 * so that the figures add up: after = before + newly planned − no longer planned − kept.
 */
import { useState } from 'react';
import type { PlannedRunView } from '../../shared/ipc/types.js';
import type { Mark } from './sorted-marks.js';

export interface PlanShift {
  /** Words planned before and now. */
  readonly before: number;
  readonly after: number;
  /** The newly planned words, the adjacent ones of a run joined: what the text shades. */
  readonly newlyPlanned: readonly Mark[];
  readonly newlyPlannedWords: number;
  /** Words planned before and no longer, other than the kept ones. */
  readonly releasedWords: number;
  /** Words planned before that are kept now. */
  readonly keptWords: number;
}

/** A character range of the text (a kept phrase). */
interface Range {
  readonly start: number;
  readonly end: number;
}

/** Each planned word's start, mapped to its end. */
function plannedWords(runs: readonly PlannedRunView[]): Map<number, number> {
  const words = new Map<number, number>();
  for (const run of runs) for (let w = 0; w < run.words.length; w += 2) words.set(run.words[w]!, run.words[w + 1]!);
  return words;
}

/** How the plan `after` differs from `before`, two plans of the same text (see the module comment). */
export function planShift(before: readonly PlannedRunView[], after: readonly PlannedRunView[], kept: readonly Range[]): PlanShift {
  const old = plannedWords(before);
  const now = plannedWords(after);
  const newlyPlanned: Mark[] = [];
  let newlyPlannedWords = 0;
  for (const run of after) {
    let open: { start: number; end: number } | undefined;
    for (let w = 0; w < run.words.length; w += 2) {
      const start = run.words[w]!;
      const end = run.words[w + 1]!;
      if (old.has(start)) {
        open = undefined;
        continue;
      }
      newlyPlannedWords++;
      // Joined to the last new word when nothing planned before comes between them.
      if (open !== undefined) open.end = end;
      else newlyPlanned.push((open = { start, end }));
    }
  }
  let releasedWords = 0;
  let keptWords = 0;
  for (const [start, end] of old) {
    if (now.has(start)) continue;
    if (kept.some((range) => range.start < end && range.end > start)) keptWords++;
    else releasedWords++;
  }
  return { before: old.size, after: now.size, newlyPlanned, newlyPlannedWords, releasedWords, keptWords };
}

/** The last plan ready for the text on screen, what it was made for, and the shift that led to it. */
export interface SeenPlan {
  readonly plan: readonly PlannedRunView[];
  readonly text: string;
  /** The settings the plan was made with. */
  readonly settings: string;
  /** The kept phrases' ids it was made around. */
  readonly keptIds: string;
  readonly shift: PlanShift | undefined;
}

/**
 * What to remember once `runs`, the plan of `text` made around the kept phrases `keptIds`
 * (at `kept`), is ready: with the shift from the plan seen before it when that one was for
 * the same text and settings and other kept phrases, and none otherwise (a first plan, an
 * edit, other settings, a new check of the same text). `seen` itself while `runs` is the
 * plan it holds, and while no plan is ready.
 */
export function nextSeenPlan(
  seen: SeenPlan | undefined,
  runs: readonly PlannedRunView[] | undefined,
  text: string,
  settings: string,
  keptIds: string,
  kept: readonly Range[],
): SeenPlan | undefined {
  if (runs === undefined || seen?.plan === runs) return seen;
  const comparable = seen !== undefined && seen.text === text && seen.settings === settings && seen.keptIds !== keptIds;
  return { plan: runs, text, settings, keptIds, shift: comparable ? planShift(seen.plan, runs, kept) : undefined };
}

/**
 * The shift that led to the plan `runs` (see nextSeenPlan); undefined while no plan of the
 * text is ready. It stays with its plan: going to the phrases and back shows it again,
 * and the next plan of any kind replaces it.
 */
export function usePlanShift(
  runs: readonly PlannedRunView[] | undefined,
  text: string,
  settings: string,
  keptIds: string,
  kept: readonly Range[],
): PlanShift | undefined {
  const [seen, setSeen] = useState<SeenPlan | undefined>(undefined);
  const next = nextSeenPlan(seen, runs, text, settings, keptIds, kept);
  // Remembered from render to render, as React remembers what the last render drew.
  if (next !== seen) setSeen(next);
  return runs === undefined ? undefined : next?.shift;
}
