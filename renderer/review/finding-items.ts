/**
 * The rows of the findings list (FindingsPanel.tsx), in either view, and their blocks: the
 * list is drawn in blocks of rows so that the browser lays out only those near the screen.
 */
import type { Decision, FindingKind, PlanView } from '../../shared/ipc/types.js';
import { explainFinding, type Finding } from '../../shared/review/findings.js';
import { plannedRunReason } from '../../shared/linkage/plan/plan-summary.js';

/** One row of either view. */
export interface Item {
  readonly id: string;
  readonly kind: FindingKind;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** What the row says about it. */
  readonly detail: string;
  readonly finding?: Finding;
  /** A planned run with a word the plan newly chose when the kept words changed (plan-shift.ts). */
  readonly newlyPlanned?: boolean;
}

export type FindingsView = 'plan' | 'phrases';

/**
 * The plan's rows: one per planned word or run of words, with what it breaks, and whether
 * it holds a word of `newlyPlanned` (ascending spans inside the runs, as plan-shift.ts makes them).
 */
export function planItems(plan: PlanView, newlyPlanned: readonly { readonly start: number }[] = []): Item[] {
  let next = 0;
  return plan.runs.map((run) => {
    // Both ascending: the spans before this run are behind us.
    while (next < newlyPlanned.length && newlyPlanned[next]!.start < run.start) next++;
    const fresh = next < newlyPlanned.length && newlyPlanned[next]!.start < run.end;
    return {
      id: `p${run.start}-${run.end}`,
      kind: 'plan',
      start: run.start,
      end: run.end,
      text: run.text,
      detail: plannedRunReason(run, plan.cover),
      ...(fresh && { newlyPlanned: true }),
    };
  });
}

/** The phrases' rows: one per flagged phrase, with its first line of explanation. */
export function phraseItems(findings: readonly Finding[]): Item[] {
  return findings.map((f) => ({ id: f.id, kind: f.kind, start: f.start, end: f.end, text: f.text, detail: explainFinding(f)[0]!, finding: f }));
}

/** Rows to a block: the browser lays out only the blocks near the screen (app.css). */
const ITEMS_PER_BLOCK = 100;

/** A block of rows (ItemBlock.tsx). */
export interface Block {
  readonly items: readonly Item[];
  /** Index of the block's first row in the whole list. */
  readonly offset: number;
  readonly ids: ReadonlySet<string>;
}

/** The rows cut into blocks of ITEMS_PER_BLOCK. */
export function itemBlocks(items: readonly Item[]): Block[] {
  const blocks: Block[] = [];
  for (let offset = 0; offset < items.length; offset += ITEMS_PER_BLOCK) {
    const slice = items.slice(offset, offset + ITEMS_PER_BLOCK);
    blocks.push({ items: slice, offset, ids: new Set(slice.map((item) => item.id)) });
  }
  return blocks;
}

/**
 * The kept phrases that link by themselves: a rare phrase the check found lies within one.
 * No plan can break such a linkage (the plan's summary says that linkages remain that only
 * kept words could break); the kept list says which phrase it is. `findings` must be the
 * final check's of the text the decisions are on.
 */
export function keptStillLinking(decisions: readonly Decision[], findings: readonly Finding[]): Set<number> {
  const singles = findings.filter((f) => f.kind === 'single');
  return new Set(decisions.filter((d) => singles.some((f) => f.start >= d.start && f.end <= d.end)).map((d) => d.id));
}
