/**
 * Which blocks of a text (text-chunks.ts) are on screen or within a screen of it, for the
 * painted highlights behind the editor (editor-highlights.ts); and which blocks of rows of
 * a long findings list (FindingsPanel.tsx), whose rows are drawn only there.
 *
 * Why: Chromium prepares every painted highlight range again at each frame it paints,
 * whatever changed. With the 30,000 ranges of a 37,000-word text, a frame took about 80 ms
 * instead of 17 even when only the caret blinked or a spinner turned, and typing waited
 * for those frames. The ranges of the blocks near the screen, a screen above and below
 * included, are a few hundred to two thousand, and a frame takes 17–24 ms again.
 */
import { useEffect, useState } from 'react';
import { BLOCK_CLASS } from './text-chunks.js';

/** Blocks `first` to `last`, both included; none when `last` < `first`. */
export interface BlockWindow {
  readonly first: number;
  readonly last: number;
}

export const NO_BLOCKS: BlockWindow = { first: 0, last: -1 };

/** How far beyond the scrolling frame a block still counts as near: a frame's height above and below. */
const NEAR_MARGIN = '100% 0px';

/** Which children of the container are blocks, and which ancestor scrolls them. */
export interface BlockLayout {
  /** The blocks' class. */
  readonly blockClass: string;
  /** The scrolling frame, the nearest ancestor that matches (else the window). */
  readonly frame: string;
  /** What counts as near until the browser has said. */
  readonly initial: BlockWindow;
}

const TEXT_BLOCKS: BlockLayout = { blockClass: BLOCK_CLASS, frame: '.text-frame', initial: NO_BLOCKS };

/**
 * The blocks of `container` (its children of the layout's class, `count` of them) within a
 * screen of what its scrolling frame shows; the layout's `initial` until the browser has
 * said. Where the browser cannot say (no IntersectionObserver), all of them.
 */
export function useBlocksNearScreen(container: HTMLElement | null, count: number, layout: BlockLayout = TEXT_BLOCKS): BlockWindow {
  const [near, setNear] = useState<BlockWindow>(layout.initial);
  const { blockClass, frame } = layout;
  useEffect(() => {
    if (container === null || !canObserve()) return;
    const blocks = new Map<Element, number>();
    [...container.children].filter((child) => child.classList.contains(blockClass)).forEach((block, c) => blocks.set(block, c));
    const shown = new Set<number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const c = blocks.get(entry.target);
          if (c === undefined) continue;
          if (entry.isIntersecting) shown.add(c);
          else shown.delete(c);
        }
        // Near blocks are consecutive; the span of them is what is painted.
        const next = shown.size === 0 ? NO_BLOCKS : { first: Math.min(...shown), last: Math.max(...shown) };
        setNear((old) => (old.first === next.first && old.last === next.last ? old : next));
      },
      { root: container.closest(frame), rootMargin: NEAR_MARGIN },
    );
    blocks.forEach((_, block) => observer.observe(block));
    return () => observer.disconnect();
  }, [container, count, blockClass, frame]);
  return canObserve() ? near : { first: 0, last: count - 1 };
}

const canObserve = (): boolean => typeof IntersectionObserver !== 'undefined';

/** The stretch of the text that the blocks of `window` hold, [start, end), with blocks beginning at `starts`. */
export function windowSpan(window: BlockWindow, starts: readonly number[], textLength: number): { start: number; end: number } {
  if (window.last < window.first) return { start: 0, end: 0 };
  return { start: starts[window.first] ?? textLength, end: starts[window.last + 1] ?? textLength };
}
