// The section of BENCHMARKS.md on the long text in the review screen, from
// bench/ui-long-text.ts. No issue sets a target for it; it is measured so that a change
// that slows the review of a long text shows.

export type UiLongTextResults =
  | { readonly skipped: string }
  | {
      readonly skipped?: undefined;
      readonly words: number;
      /** Highlighted stretches of the text once the plan is shown. */
      readonly marks: number;
      /** From the drop to the check's findings on screen, and to the plan ready. */
      readonly findingsShownSeconds: number;
      readonly planShownSeconds: number;
      /** Switching the findings panel, each until painted. */
      readonly toPhrasesMs: number;
      readonly toPlanMs: number;
      /** Scrolling 20,000 px, 100 px a frame: the mean frame, and the longest task (0 when none passed 50 ms). */
      readonly scrollFrameMs: number;
      readonly scrollLongestTaskMs: number;
      /** J to the next finding, until painted. */
      readonly nextFindingMs: number;
      /** A frame in the editor while only a small element repaints (median of 60). */
      readonly editingFrameMs: number;
      /** One key typed in the editor, until painted. */
      readonly keystrokeMedianMs: number;
      readonly keystrokeMaxMs: number;
      /** The Changes tab once the plan is accepted, until painted, and the additions it shows (absent in runs before 2026-12-06). */
      readonly changesTabMs?: number;
      readonly changesShown?: number;
      /**
       * "Suggest placeholders": the cards on screen, the suggestions made, the Suggestions tab
       * opened again, and one card accepted until the list has one fewer (absent in runs
       * before 2026-12-06); from 2026-12-07, one card rejected before the accept.
       */
      readonly suggestions?: {
        readonly shownMs: number;
        readonly count: number;
        readonly tabAgainMs: number;
        readonly acceptOneMs: number;
        readonly rejectOneMs?: number;
      };
      readonly chromium: string;
    };

const s = (ms: number): string => (ms / 1000).toFixed(2);

export function renderUiLongTextSection(r: UiLongTextResults | undefined): string {
  const title = '## The long text in the review screen';
  if (r === undefined) return `${title}\n\nNot measured in this run.\n`;
  if (r.skipped !== undefined) return `${title}\n\nNot measured in this run: ${r.skipped}.\n`;
  return `${title}

The same text as above (${r.words.toLocaleString('en-US')} words), dropped on the review screen of the browser host against the demo collection, in Chromium ${r.chromium} (bench/ui-long-text.ts). The plan view shows ${r.marks.toLocaleString('en-US')} highlighted stretches. Times run to the next painted frame. No target is set; the text and the lists are drawn in blocks laid out only near the screen (renderer/review/text-chunks.ts), a list of more than 2,000 findings (FindingsPanel.tsx) or 200 suggestions (SuggestionsPanel.tsx) draws only what is near the screen, and these figures show whether that still holds.

| what the clerk does | time |
| --- | --- |
| drops the text: its findings on screen | ${r.findingsShownSeconds.toFixed(1)} s |
| … and the plan ready | ${r.planShownSeconds.toFixed(1)} s |
| scrolls 20,000 px, 100 px a frame: mean frame, longest task | ${r.scrollFrameMs.toFixed(0)} ms, ${r.scrollLongestTaskMs === 0 ? 'none over 50 ms' : `${r.scrollLongestTaskMs.toFixed(0)} ms`} |
| switches from the plan to the phrases | ${s(r.toPhrasesMs)} s |
| J to the next finding | ${s(r.nextFindingMs)} s |
| switches back to the plan | ${s(r.toPlanMs)} s |
| a frame while editing, when only the caret or a spinner repaints (median of 60) | ${r.editingFrameMs.toFixed(0)} ms |
| types a key in the editor (median of 5, slowest) | ${s(r.keystrokeMedianMs)} s, ${s(r.keystrokeMaxMs)} s |
${
  r.suggestions === undefined
    ? ''
    : `| asks for placeholder suggestions: ${r.suggestions.count.toLocaleString('en-US')} cards, those near the screen drawn | ${s(r.suggestions.shownMs)} s |
| opens the Suggestions tab again | ${s(r.suggestions.tabAgainMs)} s |
${
  r.suggestions.rejectOneMs === undefined
    ? ''
    : `| rejects one suggestion, until the list has one fewer | ${s(r.suggestions.rejectOneMs)} s |
`
}| accepts one suggestion, until the list has one fewer | ${s(r.suggestions.acceptOneMs)} s |
`
}${
    r.changesTabMs === undefined || r.changesShown === undefined
      ? ''
      : `| accepts the plan, then opens the Changes tab: the text word by word, ${r.changesShown.toLocaleString('en-US')} additions shown | ${s(r.changesTabMs)} s |
`
  }`;
}
