/**
 * One block of the highlighted text (HighlightedText.tsx, text-chunks.ts): its runs of text,
 * each a mark when a finding, the plan, a preview or the unchecked part covers it. What it
 * draws is worked out beforehand, relative to the block (block-drawing.ts), so that a block
 * that draws as it did is not drawn again, wherever the text before it has moved it to.
 * Its marks carry what the text's own handlers need (data-findings, data-planned, the
 * combination groups), so that its drawing depends on nothing that changes at every render
 * of the text.
 */
import { memo } from 'react';
import type { BlockContent } from './block-drawing.js';
import { BLOCK_CLASS } from './text-chunks.js';

/** The id of a finding's first mark is this followed by the finding's id. */
export const ANCHOR_PREFIX = 'finding-';

/**
 * Where a mark begins in the text: its block's start and its own offset in the block
 * (marks carry only the offset, which an edit before the block does not change).
 */
export function markStart(mark: HTMLElement): number {
  const block = mark.closest<HTMLElement>(`.${BLOCK_CLASS}`);
  return Number(block?.dataset.start ?? 0) + Number(mark.dataset.offset ?? 0);
}

/** The first mark in `container` that begins at or after `start` in the text, block by block. */
export function firstMarkFrom(container: ParentNode, start: number): HTMLElement | null {
  for (const block of container.querySelectorAll<HTMLElement>(`.${BLOCK_CLASS}`)) {
    if (Number(block.dataset.end) <= start) continue;
    const offset = start - Number(block.dataset.start);
    for (const mark of block.querySelectorAll<HTMLElement>('mark')) if (Number(mark.dataset.offset) >= offset) return mark;
  }
  return null;
}

/**
 * The runs of one block. Drawn again only when what it shows changes (a new `content`
 * object, which block-drawing.ts keeps the same while the block draws alike), or when the
 * focus moves onto or off one of its findings.
 */
export const TextChunk = memo(function TextChunk({ content, focusedId }: { content: BlockContent; focusedId: string | null }) {
  let start = 0;
  return content.runs.map((run) => {
    const offset = start;
    start = run.end;
    const slice = content.text.slice(offset, run.end);
    if (run.look === 'plain') return slice;
    if (run.look === 'unchecked')
      return (
        <span key={offset} className="unchecked" data-testid="unchecked-text">
          {slice}
        </span>
      );
    const focused = focusedId !== null && run.findings.split(' ').includes(focusedId);
    const mark = (
      <mark
        key={offset}
        id={run.anchor === undefined ? undefined : `${ANCHOR_PREFIX}${run.anchor}`}
        tabIndex={run.anchor === undefined ? undefined : -1}
        className={focused ? `${run.classes} focused` : run.classes}
        data-offset={offset}
        data-findings={run.findings}
        data-planned={run.planned ? '' : undefined}
        data-combination={run.combinations || undefined}
        data-groups={run.groups || undefined}
      >
        {slice}
      </mark>
    );
    if (run.after === undefined) return mark;
    return (
      <span key={offset}>
        {mark}
        <ins className="preview" data-testid="preview">
          {run.after}
        </ins>
      </span>
    );
  });
});
