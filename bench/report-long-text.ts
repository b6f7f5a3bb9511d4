// The long-text section of BENCHMARKS.md, from bench/long-text.ts. No issue sets a target
// for it; it is measured so that a change that slows a long review shows.

export interface LongTextResults {
  /** De-identified judgments joined into the text, and its words. */
  judgments: number;
  words: number;
  /** The check at the app's settings: seconds, flagged spans and flagged combinations. */
  checkSeconds: number;
  spans: number;
  combinations: number;
  /** The edit plan in the app's rounds, and the longest time between two of its steps. */
  planSeconds: number;
  longestPauseMs: number;
  planned: number;
  clean: boolean;
  /** The plan's edit ratio, and the seconds it takes to compute. */
  editRatio: number;
  ratioSeconds: number;
  /** The check of a text that repeats itself: `judgments` judgments, `copies` times over (absent before 2026-12-06). */
  repeated?: { judgments: number; copies: number; words: number; checkSeconds: number; spans: number; combinations: number };
}

const f = (n: number, digits = 1): string => n.toFixed(digits);

export function renderLongTextSection(r: LongTextResults | undefined): string {
  if (r === undefined) return '## A long text\n\nNot measured in this run.\n';
  return `## A long text (the first ${r.judgments} de-identified judgments as one text, against the court index)

What a clerk waits for with a very long text (${r.words.toLocaleString('en-US')} words), reviewed as the app reviews a text it has no source for (k = 2, arity ≤ 3, N ≤ 8): the check, then the edit plan in steps with the app's rounds, then the plan's edit ratio, which the plan panel shows. No target is set; the figures are here so that a change that slows a long review shows (bench/long-text.ts).

| step | seconds | what it found |
| --- | --- | --- |
| check | ${f(r.checkSeconds)} | ${r.spans.toLocaleString('en-US')} rare phrases, ${r.combinations.toLocaleString('en-US')} combinations |
| edit plan | ${f(r.planSeconds)} | ${r.planned.toLocaleString('en-US')} words to change, ${r.clean ? 'nothing links after it' : '**something still links after it**'}; longest time between two steps ${f(r.longestPauseMs, 0)} ms |
| edit ratio of the plan | ${f(r.ratioSeconds, 2)} | ${f(r.editRatio, 3)} |
${
  r.repeated === undefined
    ? ''
    : `| check of a text that repeats itself (the first ${r.repeated.judgments} judgments ${r.repeated.copies} times over, ${r.repeated.words.toLocaleString('en-US')} words) | ${f(r.repeated.checkSeconds)} | ${r.repeated.spans.toLocaleString('en-US')} rare phrases, ${r.repeated.combinations.toLocaleString('en-US')} combinations |\n`
}`;
}
