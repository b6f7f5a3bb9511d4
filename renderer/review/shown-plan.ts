/**
 * The plan's runs drawn on the text (HighlightedText.tsx), kept in step with the text on
 * screen while the plan of a new text is on its way, and the same array while they draw
 * the same.
 *
 * Why: accepting a suggestion changes the text at once, and its plan comes after a check
 * and a plan of the new text (seconds on a long judgment). Without a plan for the text,
 * every planned box went, and came back with the plan: each block with a planned word was
 * drawn twice more (on the 35,117-word text of BENCHMARKS.md, nearly all of them; the
 * plan's runs cut the text there in both views). So while a plan for the new text is on
 * its way, the last plan's runs move with the text, and runs the edit touched go, as
 * findings do (map-findings.ts) and previews (text-previews.ts). They only draw: the
 * plan's list, its count and "Accept the plan" wait for the plan of this very text.
 */
import { useState } from 'react';
import { diffTexts, mapSpan } from '../../shared/review/text-change.js';
import type { Mark } from './sorted-marks.js';

/** The runs drawn on a text, and what else the plan was made for (settings, kept words). */
export interface ShownPlan {
  readonly text: string;
  readonly basis: string;
  readonly runs: readonly Mark[] | undefined;
}

function sameRuns(a: readonly Mark[] | undefined, b: readonly Mark[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((run, i) => run.start === b[i]!.start && run.end === b[i]!.end);
}

/**
 * The runs to draw on `text`: the plan's when it is for `text` (`planRuns`), else, while a
 * plan for `text` is coming, those shown before moved onto it, else none. Only an edit
 * moves them: a plan for other settings or other kept words (`basis`) may differ anywhere,
 * and a kept word must not look planned while the plan is made again around it.
 */
export function nextShownPlan(shown: ShownPlan | undefined, planRuns: readonly Mark[] | undefined, coming: boolean, text: string, basis: string): ShownPlan {
  let runs: readonly Mark[] | undefined;
  if (planRuns !== undefined) runs = planRuns;
  else if (coming && shown?.runs !== undefined && shown.basis === basis) {
    const change = diffTexts(shown.text, text);
    runs = shown.runs.flatMap((run) => mapSpan(run, change) ?? []);
  }
  if (shown !== undefined && sameRuns(shown.runs, runs)) {
    // The same object while nothing changed: the hook sets what it returns as its state.
    if (shown.text === text && shown.basis === basis) return shown;
    runs = shown.runs;
  }
  return { text, basis, runs };
}

/** The plan's runs to draw on `text` (see the module comment). */
export function useShownPlan(planRuns: readonly Mark[] | undefined, coming: boolean, text: string, basis: string): readonly Mark[] | undefined {
  const [shown, setShown] = useState(() => nextShownPlan(undefined, planRuns, coming, text, basis));
  const wanted = nextShownPlan(shown, planRuns, coming, text, basis);
  // Kept from render to render (React's way of remembering what the last render drew).
  if (wanted !== shown) setShown(wanted);
  return wanted.runs;
}
