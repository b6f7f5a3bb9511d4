/**
 * The rows of the findings list (FindingsPanel.tsx), in either view, and their blocks: the
 * list is drawn in blocks of rows so that the browser lays out only those near the screen.
 */
import type { FindingKind, PlanView } from '../../shared/ipc/types.js';
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
}

export type FindingsView = 'plan' | 'phrases';

/** The plan's rows: one per planned word or run of words, with what it breaks. */
export function planItems(plan: PlanView): Item[] {
  return plan.runs.map((run) => ({
    id: `p${run.start}-${run.end}`,
    kind: 'plan',
    start: run.start,
    end: run.end,
    text: run.text,
    detail: plannedRunReason(run, plan.cover),
  }));
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
