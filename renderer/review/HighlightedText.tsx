/**
 * The document with its findings highlighted: singles in red (darker when fewer
 * documents hold them), combination members in amber, and on hover or focus the whole
 * combination outlined; the words of the edit plan boxed in violet; pending suggestions
 * previewed in place (the words struck through, the replacement after them); matches of
 * the find bar marked, the one shown more strongly; text a
 * paused check has not reached yet dimmed (use-detection.ts). Each
 * finding's first run can take focus, so findings can be reached from the list and the
 * keyboard. The tooltip says the exact phrase, its documents and its partners.
 */
import { memo, useMemo, useRef, useState } from 'react';
import { explainFinding, highlightSegments, type Finding } from '../../shared/review/findings.js';

/** A stretch of text to mark besides the findings. */
export interface Mark {
  readonly start: number;
  readonly end: number;
}

/** A pending replacement to preview. */
export interface Preview extends Mark {
  readonly after: string;
}

interface Props {
  readonly text: string;
  readonly findings: readonly Finding[];
  /** Where the text not yet checked begins, while the check is partial (dimmed from there). */
  readonly uncheckedFrom?: number | undefined;
  /** Words of the edit plan (boxed), ascending and not overlapping, as the plan's runs are. */
  readonly planned?: readonly Mark[];
  readonly previews?: readonly Preview[];
  /**
   * What the findings panel lists ('plan' or 'phrases'): the text is a new element for each.
   * When the clerk switches, nearly every mark changes, and React inserting tens of
   * thousands of new marks into the old element looks for each one's next sibling past all
   * the new ones (quadratic: about 3 s of the switch on a 37,000-word text); into a new
   * element it appends them. Not when the plan arrives: that would take the focus from a
   * mark the clerk is on.
   */
  readonly view?: string;
  readonly focusedId: string | null;
  readonly onFocusFinding: (id: string) => void;
  readonly onLeaveText?: () => void;
}

const covers = (marks: readonly Mark[] | undefined, start: number, end: number): number => (marks ?? []).findIndex((m) => m.start <= start && m.end >= end);

/** The same for marks in ascending order that do not overlap, by binary search (a long judgment has thousands). */
function coversSorted(marks: readonly Mark[] | undefined, start: number, end: number): number {
  if (marks === undefined) return -1;
  let lo = 0;
  let hi = marks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (marks[mid]!.start <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && marks[lo - 1]!.end >= end ? lo - 1 : -1;
}

export const HighlightedText = memo(function HighlightedText({
  text,
  findings,
  uncheckedFrom,
  planned,
  previews,
  view,
  focusedId,
  onFocusFinding,
  onLeaveText,
}: Props) {
  const container = useRef<HTMLPreElement>(null);
  const [tooltip, setTooltip] = useState<{ x: number; y: number; lines: string[] } | null>(null);
  const segments = useMemo(() => {
    // Plan and preview boundaries cut the text too, as zero-width pseudo-findings.
    const unchecked = uncheckedFrom === undefined ? [] : [{ start: uncheckedFrom, end: text.length }];
    const extra = [...(planned ?? []), ...(previews ?? []), ...unchecked].map((m): Finding => ({
      id: '',
      kind: 'single',
      start: m.start,
      end: m.end,
      text: '',
      documents: 0,
      documentIds: [],
      members: [],
    }));
    const cut = highlightSegments(text.length, [...findings, ...extra]);
    return cut.map((s) => ({ ...s, findings: s.findings.filter((f) => f < findings.length) }));
  }, [text.length, findings, planned, previews, uncheckedFrom]);
  const firstRun = useMemo(() => {
    const seen = new Set<number>();
    return segments.map((s) => {
      const fresh = s.findings.filter((f) => !seen.has(f));
      fresh.forEach((f) => seen.add(f));
      return fresh;
    });
  }, [segments]);

  const light = (groups: string | undefined, on: boolean) => {
    if (!groups || container.current === null) return;
    for (const g of groups.split(' ')) {
      container.current.querySelectorAll(`[data-groups~="${g}"], [data-combination~="${g}"]`).forEach((el) => el.classList.toggle('group-lit', on));
    }
  };

  const show = (element: HTMLElement) => {
    const ids = (element.dataset.findings ?? '').split(' ').filter(Boolean).map(Number);
    const lines = ids.flatMap((i) => explainFinding(findings[i]!));
    if (element.dataset.planned !== undefined) lines.push('Planned: changing this word breaks linkages (see the plan).');
    if (lines.length === 0) return;
    const rect = element.getBoundingClientRect();
    setTooltip({ x: rect.left, y: rect.bottom + 6, lines });
    light(element.dataset.combination, true);
  };
  const hide = (element: HTMLElement) => {
    setTooltip(null);
    light(element.dataset.combination, false);
  };

  return (
    <>
      <pre
        key={view}
        ref={container}
        className="document-text"
        data-testid="document-text"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onLeaveText?.();
        }}
      >
        {segments.map((segment, i) => {
          const slice = text.slice(segment.start, segment.end);
          const inPlan = coversSorted(planned, segment.start, segment.end) >= 0;
          const previewIndex = covers(previews, segment.start, segment.end);
          const preview = previewIndex >= 0 ? previews![previewIndex] : undefined;
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
          const classes = [
            singles.length > 0 ? `single df-${Math.min(minDf, 3)}` : '',
            covering.some((f) => f.kind === 'combination') ? 'combo' : '',
            covering.some((f) => f.id === focusedId) ? 'focused' : '',
            inPlan ? 'planned' : '',
            preview !== undefined ? 'previewed' : '',
          ].filter(Boolean);
          // By index in `findings` (a search for each was quadratic on a long text).
          const combinationIds = segment.findings.filter((f) => findings[f]!.kind === 'combination').map((f) => `g${f}`);
          const anchor = firstRun[i]!.length > 0 ? findings[firstRun[i]![0]!]! : undefined;
          const mark = (
            <mark
              key={segment.start}
              id={anchor === undefined ? undefined : `finding-${anchor.id}`}
              tabIndex={anchor === undefined ? undefined : -1}
              className={classes.join(' ')}
              data-start={segment.start}
              data-findings={segment.findings.join(' ')}
              data-planned={inPlan ? '' : undefined}
              data-combination={combinationIds.join(' ') || undefined}
              data-groups={segment.groups.map((g) => `g${g}`).join(' ') || undefined}
              aria-label={covering.length > 0 ? `${slice}: ${covering.flatMap(explainFinding).join(' ')}` : undefined}
              onMouseEnter={(event) => show(event.currentTarget)}
              onMouseLeave={(event) => hide(event.currentTarget)}
              onFocus={(event) => {
                show(event.currentTarget);
                if (anchor !== undefined) onFocusFinding(anchor.id);
              }}
              onBlur={(event) => hide(event.currentTarget)}
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
        })}
      </pre>
      {tooltip !== null && (
        <div className="tooltip" role="tooltip" style={{ left: tooltip.x, top: tooltip.y }}>
          {tooltip.lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      )}
    </>
  );
});

/** What the colours mean. */
export function Legend({ showPlan }: { showPlan: boolean }) {
  return (
    <div className="legend small" data-testid="legend" aria-label="What the highlights mean">
      <span>
        <mark className="single df-1">rare phrase</mark> found in fewer than k documents (darker: fewer)
      </span>
      <span>
        <mark className="combo">combination member</mark> with other phrases, found together in fewer than k documents
      </span>
      {showPlan && (
        <span>
          <mark className="planned">planned word</mark> changing it breaks linkages
        </span>
      )}
      <span>
        <del>previewed</del>
        <ins className="preview">suggestion</ins>
      </span>
    </div>
  );
}
