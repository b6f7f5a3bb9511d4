/**
 * A strip beside the text that shows where the findings are in the whole judgment (left
 * lane: rare phrases in red, combination members in amber; right lane: the plan's words
 * in violet), with the part on screen framed. Pressing or dragging on it scrolls there.
 * The positions are measured from the highlighted text itself, so they match the scroll
 * bar however the lines wrap. It is a pointer shortcut only (hidden from screen readers):
 * J and K reach every finding from the keyboard.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { rulerBars, scrollTopFor, type RulerBar, type RulerKind, type RulerMark } from './overview-ruler.js';

interface Props {
  /** The scrolled frame around the highlighted text (null before it is on screen). */
  readonly frame: HTMLDivElement | null;
  /** Anything that changes what is highlighted (the strip is measured again when it does). */
  readonly revision: unknown;
}

/** A highlighted element's kinds on the strip: a planned word that is also a finding shows in both lanes. */
function kindsOf(element: HTMLElement): RulerKind[] {
  const kinds: RulerKind[] = [];
  if (element.classList.contains('planned')) kinds.push('planned');
  if (element.classList.contains('single')) kinds.push('single');
  else if (element.classList.contains('combo')) kinds.push('combo');
  return kinds;
}

/** Whether the browser has skipped laying out a block's content (content-visibility: auto, text-chunks.ts). */
function skipped(block: Element): boolean {
  const inside = block.firstElementChild;
  return inside !== null && typeof inside.checkVisibility === 'function' && !inside.checkVisibility({ contentVisibilityAuto: true });
}

/**
 * Where the marks are. In a block the browser has laid out, each is measured. In one it
 * has skipped, measuring would lay out the whole text again (seconds on a long judgment),
 * so a mark is placed by its share of the block's characters within the block's box.
 */
function marksIn(frame: HTMLElement): RulerMark[] {
  const contentTop = frame.getBoundingClientRect().top + frame.clientTop - frame.scrollTop;
  const marks: RulerMark[] = [];
  const selector = 'mark.single, mark.combo, mark.planned';
  const blocks = frame.querySelectorAll<HTMLElement>('.text-chunk');
  for (const block of blocks) {
    const elements = block.querySelectorAll<HTMLElement>(selector);
    if (elements.length === 0) continue;
    if (!skipped(block)) {
      for (const element of elements) {
        const box = element.getBoundingClientRect();
        for (const kind of kindsOf(element)) marks.push({ top: box.top - contentTop, height: box.height, kind });
      }
      continue;
    }
    const box = block.getBoundingClientRect();
    const start = Number(block.dataset.start);
    const length = Math.max(1, Number(block.dataset.end) - start);
    for (const element of elements) {
      const share = (Number(element.dataset.start) - start) / length;
      const height = Math.max(1, (box.height * (element.textContent?.length ?? 0)) / length);
      for (const kind of kindsOf(element)) marks.push({ top: box.top - contentTop + box.height * share, height, kind });
    }
  }
  return marks;
}

export function OverviewRuler({ frame, revision }: Props) {
  const strip = useRef<HTMLDivElement>(null);
  const [bars, setBars] = useState<RulerBar[]>([]);
  const [view, setView] = useState({ top: 0, height: 0 });
  const dragging = useRef(false);

  useLayoutEffect(() => {
    if (frame === null) return;
    const place = () => {
      const height = strip.current?.clientHeight ?? 0;
      if (frame.scrollHeight === 0) return;
      setView({ top: (frame.scrollTop / frame.scrollHeight) * height, height: (frame.clientHeight / frame.scrollHeight) * height });
    };
    const measure = () => {
      if (strip.current === null) return;
      setBars(rulerBars(marksIn(frame), frame.scrollHeight, strip.current.clientHeight));
      place();
    };
    measure();
    // A new width rewraps the lines and moves every mark.
    const resized = new ResizeObserver(measure);
    resized.observe(frame);
    frame.addEventListener('scroll', place, { passive: true });
    // A block laid out (or skipped) as it nears (or leaves) the screen: its marks are
    // measured now (or placed by share), once a frame however many blocks changed.
    let pending = 0;
    const blockChanged = () => {
      if (pending === 0) pending = requestAnimationFrame(() => ((pending = 0), measure()));
    };
    frame.addEventListener('contentvisibilityautostatechange', blockChanged, { capture: true });
    return () => {
      resized.disconnect();
      frame.removeEventListener('scroll', place);
      frame.removeEventListener('contentvisibilityautostatechange', blockChanged, { capture: true });
      cancelAnimationFrame(pending);
    };
  }, [frame, revision]);

  const scrollToPointer = (clientY: number) => {
    const box = strip.current?.getBoundingClientRect();
    if (frame === null || box === undefined || box.height === 0) return;
    frame.scrollTo({ top: scrollTopFor((clientY - box.top) / box.height, frame.scrollHeight, frame.clientHeight) });
  };

  return (
    <div
      ref={strip}
      className="overview-ruler"
      data-testid="overview-ruler"
      aria-hidden="true"
      title="Where the findings are: press to go there"
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        scrollToPointer(event.clientY);
      }}
      onPointerMove={(event) => dragging.current && scrollToPointer(event.clientY)}
      onPointerUp={() => (dragging.current = false)}
      onPointerCancel={() => (dragging.current = false)}
    >
      <div className="overview-view" data-testid="overview-view" style={{ top: view.top, height: Math.max(4, view.height) }} />
      {bars.map((bar) => (
        <div
          key={`${bar.lane}-${bar.top}`}
          className={`overview-bar ${bar.lane} ${bar.kind}`}
          data-kind={bar.kind}
          style={{ top: bar.top, height: bar.height }}
        />
      ))}
    </div>
  );
}
