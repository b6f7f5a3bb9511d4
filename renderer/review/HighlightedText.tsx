/**
 * The document with its findings highlighted: singles in red (darker when fewer
 * documents hold them), combination members in amber, and on hover or focus the whole
 * combination outlined; the words of the edit plan boxed in violet; pending suggestions
 * previewed in place (the words struck through, the replacement after them); matches of
 * the find bar marked, the one shown more strongly; text a
 * paused check has not reached yet dimmed (use-detection.ts). Each
 * finding's first run can take focus, so findings can be reached from the list and the
 * keyboard. The tooltip says the exact phrase, its documents and its partners.
 *
 * The text is drawn in blocks that the browser lays out only near the screen, and that
 * are drawn again only when their own marks change (text-chunks.ts and block-drawing.ts
 * say why).
 */
import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Finding } from '../../shared/review/findings.js';
import { drawText, explainMark, type DrawnBlock } from './block-drawing.js';
import { BLOCK_CLASS, chunkStarts, estimatedChunkHeight } from './text-chunks.js';
import { previewMarks, type Mark, type Preview } from './sorted-marks.js';
import { ANCHOR_PREFIX, markStart, TextChunk } from './TextChunk.js';
import { useTextMetrics } from './use-text-metrics.js';

interface Props {
  readonly text: string;
  readonly findings: readonly Finding[];
  /** Where the text not yet checked begins, while the check is partial (dimmed from there). */
  readonly uncheckedFrom?: number | undefined;
  /**
   * The runs of the edit plan made for this text, ascending and not overlapping, as the
   * plan's runs are. On a long text they cut the text whether or not they are shown (see
   * PLAN_CUTS_LONG_TEXT).
   */
  readonly plan?: readonly Mark[] | undefined;
  /** Whether the plan's words are boxed. */
  readonly showPlan?: boolean;
  readonly previews?: readonly Preview[];
  readonly focusedId: string | null;
  /** A finding's first mark took the focus: its id, and where it starts in the text. */
  readonly onFocusFinding: (id: string, start: number) => void;
  readonly onLeaveText?: () => void;
}

/**
 * From this many characters (about 15,000 words), the plan's runs cut the text in both
 * views, so that showing or hiding the plan (the findings panel's Plan and Phrases) keeps
 * every mark and redraws only the blocks that hold a planned word, changing their marks'
 * class: drawn anew, the 37,000-word text's 39,000 marks took 0.3–0.45 s more at each
 * switch. The cost: in the Phrases view a phrase with a planned word inside shows as
 * several marks side by side, with its outline in parts when it has the focus. A shorter
 * text is cut by the plan only where it is shown.
 */
const PLAN_CUTS_LONG_TEXT = 100_000;

export const HighlightedText = memo(function HighlightedText({
  text,
  findings,
  uncheckedFrom,
  plan,
  showPlan = false,
  previews,
  focusedId,
  onFocusFinding,
  onLeaveText,
}: Props) {
  const container = useRef<HTMLPreElement>(null);
  const tooltipId = useId();
  const hovered = useRef<HTMLElement | null>(null);
  const [tooltip, setTooltip] = useState<Tooltip | null>(null);
  /** The mark the tooltip explains: it follows that mark as the text scrolls. */
  const explained = useRef<HTMLElement | null>(null);
  const starts = useMemo(() => chunkStarts(text), [text]);
  const cuts = showPlan || text.length >= PLAN_CUTS_LONG_TEXT ? plan : undefined;
  const ordered = useMemo(() => (previews === undefined ? undefined : previewMarks(previews).marks), [previews]);
  // Each block's drawing, the same object as before where it draws alike: a rejected card
  // or an accepted one draws its own block again, not the whole text (block-drawing.ts).
  const drawnBefore = useRef<readonly DrawnBlock[] | undefined>(undefined);
  const blocks = useMemo(
    () => (drawnBefore.current = drawText({ text, findings, starts, cuts, showPlan, previews: ordered, uncheckedFrom }, drawnBefore.current)),
    [text, findings, starts, cuts, showPlan, ordered, uncheckedFrom],
  );
  // The findings by id, for the tooltip: made when a mark is first explained, not at each
  // new set of findings (about 40,000 of them on a long text, after every check).
  const findingsById = useMemo(() => {
    let byId: Map<string, Finding> | undefined;
    return () => (byId ??= new Map(findings.map((f) => [f.id, f])));
  }, [findings]);
  const metrics = useTextMetrics(container, text);
  const heights = useMemo(() => starts.map((start, c) => estimatedChunkHeight(text, start, starts[c + 1] ?? text.length, metrics)), [text, starts, metrics]);

  const light = (groups: string | undefined, on: boolean) => {
    if (!groups || container.current === null) return;
    for (const g of groups.split(' ')) {
      container.current.querySelectorAll(`[data-groups~="${g}"], [data-combination~="${g}"]`).forEach((el) => el.classList.toggle('group-lit', on));
    }
  };

  // The tooltip is also the shown mark's accessible description (aria-describedby), so a
  // screen reader hears the explanation when J or the list focuses a mark. The marks carry
  // no label of their own: ARIA prohibits naming the mark role, and building one for each
  // of tens of thousands of marks slowed a long text's drawing (switching the 37,000-word
  // text to the phrases took 1.65 s with them, 1.37 s without, one run each).
  const show = (element: HTMLElement) => {
    const lines = explainMark(element.dataset.findings, findingsById());
    if (element.dataset.planned !== undefined) lines.push('Planned: changing this word breaks linkages (see the plan).');
    if (lines.length === 0) return;
    // One mark is described at a time: pointing at another while one has the focus moves it.
    if (explained.current !== null && explained.current !== element) explained.current.removeAttribute('aria-describedby');
    explained.current = element;
    setTooltip({ ...besideMark(element), lines });
    element.setAttribute('aria-describedby', tooltipId);
    light(element.dataset.combination, true);
  };
  const hide = (element: HTMLElement) => {
    // Pointing away from a mark gives the tooltip back to the mark that has the focus, if any
    // (when the focus leaves a mark, it is no longer the active element).
    const focused = markOf(document.activeElement);
    const back = focused !== null && container.current?.contains(focused) ? focused : null;
    element.removeAttribute('aria-describedby');
    light(element.dataset.combination, false);
    if (back !== null) {
      show(back);
      return;
    }
    explained.current = null;
    setTooltip(null);
  };
  // J, K and the list scroll the text smoothly after the mark takes the focus, and the clerk
  // may scroll with the tooltip shown: it is placed again at each scroll, while shown.
  const shown = tooltip !== null;
  useEffect(() => {
    if (!shown) return;
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const element = explained.current;
        if (element === null || !element.isConnected) return;
        const place = besideMark(element);
        // Other scrolls (the findings list) leave it where it is: nothing to draw again.
        setTooltip((old) => (old === null || (old.x === place.x && old.y === place.y && old.offScreen === place.offScreen) ? old : { ...old, ...place }));
      });
    };
    // Scroll events do not bubble: caught on the way down, from whatever scrolls.
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [shown]);
  // The marks' events are handled here, for all of them, so that a block's drawing does not
  // depend on this component's handlers (which are new at every render).
  const markOf = (target: EventTarget | null): HTMLElement | null => (target instanceof Element ? target.closest<HTMLElement>('mark') : null);

  return (
    <>
      <pre
        ref={container}
        className="document-text"
        data-testid="document-text"
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          // Leaving the text takes the focus off the mark, and so its tooltip away.
          markOf(event.target)?.blur();
          onLeaveText?.();
        }}
        onMouseOver={(event) => {
          const mark = markOf(event.target);
          if (mark === hovered.current) return;
          if (hovered.current !== null) hide(hovered.current);
          hovered.current = mark;
          if (mark !== null) show(mark);
        }}
        onMouseOut={(event) => {
          if (hovered.current === null || markOf(event.relatedTarget) === hovered.current) return;
          hide(hovered.current);
          hovered.current = null;
        }}
        onFocus={(event) => {
          const mark = markOf(event.target);
          if (mark === null) return;
          show(mark);
          if (mark.id.startsWith(ANCHOR_PREFIX)) onFocusFinding(mark.id.slice(ANCHOR_PREFIX.length), markStart(mark));
        }}
        onBlur={(event) => {
          const mark = markOf(event.target);
          if (mark !== null) hide(mark);
        }}
      >
        {blocks.map(({ start, end, content, ids, ruler }, c) => (
          // By place in the list, as block-drawing.ts matches them: an edit before a block
          // changes its start, not what it draws.
          <span
            key={c}
            className={BLOCK_CLASS}
            data-start={start}
            data-end={end}
            data-ruler={ruler}
            style={{ containIntrinsicBlockSize: `auto ${heights[c]!}px` }}
          >
            <TextChunk content={content} focusedId={focusedId !== null && ids.has(focusedId) ? focusedId : null} />
          </span>
        ))}
      </pre>
      {tooltip !== null && (
        <div
          className="tooltip"
          role="tooltip"
          id={tooltipId}
          data-testid="mark-tooltip"
          style={{ left: tooltip.x, top: tooltip.y, visibility: tooltip.offScreen ? 'hidden' : undefined }}
        >
          {tooltip.lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      )}
    </>
  );
});

/** What the tooltip says and where: below its mark, hidden while the mark is scrolled out of the text's frame. */
interface Tooltip {
  readonly x: number;
  readonly y: number;
  readonly offScreen: boolean;
  readonly lines: string[];
}

/** Where the tooltip of `element` goes now. */
function besideMark(element: HTMLElement): Omit<Tooltip, 'lines'> {
  const rect = element.getBoundingClientRect();
  const frame = element.closest('.text-frame')?.getBoundingClientRect();
  const offScreen = frame !== undefined && (rect.bottom <= frame.top || rect.top >= frame.bottom);
  return { x: rect.left, y: rect.bottom + 6, offScreen };
}
