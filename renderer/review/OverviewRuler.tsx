/**
 * A strip beside the text that shows where the findings are in the whole judgment (left
 * lane: rare phrases in red, combination members in amber; right lane: the plan's words
 * in violet), with the part on screen framed. Pressing or dragging on it scrolls there.
 * The positions are measured from the highlighted text itself, so they match the scroll
 * bar however the lines wrap. It is a pointer shortcut only (hidden from screen readers):
 * J and K reach every finding from the keyboard.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { rulerBars, scrollTopFor, type RulerBar } from './overview-ruler.js';
import { RulerMarks } from './ruler-marks.js';

interface Props {
  /** The scrolled frame around the highlighted text (null before it is on screen). */
  readonly frame: HTMLDivElement | null;
  /** Anything that changes what is highlighted (the strip is measured again when it does). */
  readonly revision: unknown;
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
    const marks = new RulerMarks(frame);
    const draw = () => {
      if (strip.current === null) return;
      setBars(rulerBars(marks.placed(), frame.scrollHeight, strip.current.clientHeight));
      place();
    };
    const measure = () => {
      marks.forget();
      marks.update();
      draw();
    };
    measure();
    // A new width rewraps the lines and moves every mark.
    const resized = new ResizeObserver(measure);
    resized.observe(frame);
    frame.addEventListener('scroll', place, { passive: true });
    // A block laid out as it nears the screen: its marks are measured, once a frame
    // however many blocks changed, and the strip drawn again if any was.
    let pending = 0;
    const blockChanged = () => {
      if (pending === 0) pending = requestAnimationFrame(() => ((pending = 0), marks.update() && draw()));
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
