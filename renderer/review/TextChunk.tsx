/**
 * One block of the highlighted text (HighlightedText.tsx, text-chunks.ts): its runs of text,
 * each a mark when a finding, the plan, a preview or the unchecked part covers it. Its
 * marks carry what the text's own handlers need (data-findings, data-planned, the
 * combination groups), so that a block's drawing depends on nothing that changes at
 * every render of the text.
 */
import { memo } from 'react';
import type { Finding, HighlightSegment } from '../../shared/review/findings.js';
import { rulerEntry, rulerKinds } from './block-ruler-marks.js';
import { coversSorted, previewCovering, type Mark, type PreviewMarks } from './sorted-marks.js';
import type { Chunk } from './text-chunks.js';
import { sameNumbers } from './unchanged-blocks.js';

/** A run of the text drawn alike, and the finding whose first run it is (that mark takes the focus). */
export interface Piece extends HighlightSegment {
  readonly anchor: number | undefined;
}

/** What every block draws from, besides its own pieces and previews. */
export interface Drawing {
  readonly text: string;
  readonly findings: readonly Finding[];
  readonly uncheckedFrom: number | undefined;
  /** The plan's runs that cut the text, shown or not (HighlightedText's PLAN_CUTS_LONG_TEXT). */
  readonly plan: readonly Mark[] | undefined;
}

/** The id of a finding's first mark is this followed by the finding's id. */
export const ANCHOR_PREFIX = 'finding-';

/**
 * One block of the text (text-chunks.ts). It is drawn again only when what it shows
 * changes: the text, the findings or the plan, its own pieces or previews
 * (unchanged-blocks.ts), the focus moving onto or off one of its findings, or the plan
 * shown or hidden when the block holds a planned word (`showPlan`; always false for a
 * block that holds none).
 */
export const TextChunk = memo(function TextChunk({
  chunk,
  drawing,
  previews,
  focusedId,
  showPlan,
  estimatedHeight,
}: {
  chunk: Chunk<Piece>;
  drawing: Drawing;
  /** The previews that overlap this block, in text order. */
  previews: PreviewMarks | undefined;
  focusedId: string | null;
  showPlan: boolean;
  estimatedHeight: number;
}) {
  const { text, findings, uncheckedFrom, plan } = drawing;
  // What the overview strip shows of this block while it is not laid out (block-ruler-marks.ts).
  const ruler: string[] = [];
  const shown = chunk.pieces.map((segment) => ({
    inPlan: showPlan && coversSorted(plan, segment.start, segment.end) >= 0,
    preview: previewCovering(previews, segment.start, segment.end),
  }));
  // A phrase that the plan, a preview or the unchecked part cuts in pieces draws as one mark:
  // the inner ends of neighbouring pieces that look alike are squared off, and an outline
  // round them is clipped there (app.css, join-l and join-r). Before, the pieces showed
  // notches between them, and the focus outline boxed each piece.
  const alike = (a: number, b: number): boolean => {
    const x = chunk.pieces[a];
    const y = chunk.pieces[b];
    if (x === undefined || y === undefined || (x.findings.length === 0 && x.groups.length === 0)) return false;
    return (
      sameNumbers(x.findings, y.findings) && sameNumbers(x.groups, y.groups) && shown[a]!.inPlan === shown[b]!.inPlan && shown[a]!.preview === shown[b]!.preview
    );
  };
  const drawn = chunk.pieces.map((segment, p) => {
    const slice = text.slice(segment.start, segment.end);
    const { inPlan, preview } = shown[p]!;
    // The replacement shows once, after the last run of the previewed words.
    const previewEnds = preview !== undefined && preview.end === segment.end;
    if (segment.findings.length === 0 && segment.groups.length === 0 && !inPlan && preview === undefined) {
      if (uncheckedFrom === undefined || segment.start < uncheckedFrom) return slice;
      return (
        <span key={segment.start} className="unchecked" data-testid="unchecked-text">
          {slice}
        </span>
      );
    }
    const covering = segment.findings.map((f) => findings[f]!);
    const singles = covering.filter((f) => f.kind === 'single');
    const minDf = Math.min(...singles.map((f) => f.documents));
    const combo = covering.some((f) => f.kind === 'combination');
    const entry = rulerEntry(segment.start - chunk.start, segment.end - segment.start, rulerKinds(inPlan, singles.length > 0, combo));
    if (entry !== undefined) ruler.push(entry);
    const classes = [
      singles.length > 0 ? `single df-${Math.min(minDf, 3)}` : '',
      combo ? 'combo' : '',
      focusedId !== null && covering.some((f) => f.id === focusedId) ? 'focused' : '',
      inPlan ? 'planned' : '',
      preview !== undefined ? 'previewed' : '',
      alike(p, p - 1) ? 'join-l' : '',
      alike(p, p + 1) ? 'join-r' : '',
    ].filter(Boolean);
    // By index in `findings` (a search for each was quadratic on a long text).
    const combinationIds = segment.findings.filter((f) => findings[f]!.kind === 'combination').map((f) => `g${f}`);
    const anchor = segment.anchor === undefined ? undefined : findings[segment.anchor]!;
    const mark = (
      <mark
        key={segment.start}
        id={anchor === undefined ? undefined : `${ANCHOR_PREFIX}${anchor.id}`}
        tabIndex={anchor === undefined ? undefined : -1}
        className={classes.join(' ')}
        data-start={segment.start}
        data-findings={segment.findings.join(' ')}
        data-planned={inPlan ? '' : undefined}
        data-combination={combinationIds.join(' ') || undefined}
        data-groups={segment.groups.map((g) => `g${g}`).join(' ') || undefined}
      >
        {slice}
      </mark>
    );
    if (!previewEnds) return mark;
    return (
      <span key={segment.start}>
        {mark}
        <ins className="preview" data-testid="preview">
          {preview!.after}
        </ins>
      </span>
    );
  });
  return (
    <span
      className="text-chunk"
      data-start={chunk.start}
      data-end={chunk.end}
      data-ruler={ruler.join(';')}
      style={{ containIntrinsicBlockSize: `auto ${estimatedHeight}px` }}
    >
      {drawn}
    </span>
  );
});
