/**
 * The find bar's matches painted on the highlighted text with the CSS Custom Highlight API
 * (`::highlight(find)` in app.css), not as elements. Marks as elements cut the text again
 * at every key typed: on a 37,000-word judgment React rebuilt thousands of elements and
 * the browser laid the whole text out again, about 2 s a key (5 s for the first letter).
 * Ranges over the text nodes change nothing in the document (painted-spans.ts, and static
 * ones: text-node-ranges.ts says why).
 */
import { useLayoutEffect } from 'react';
import type { TextMatch } from './find-in-text.js';
import { documentRanges, highlightedTextIn, watchHighlightedText } from './painted-spans.js';
import { highlightRegistry } from './text-node-ranges.js';

/** The names app.css styles: every match, and the one shown. */
export const FIND_HIGHLIGHT = 'find';
export const CURRENT_FIND_HIGHLIGHT = 'find-current';

/** A live copy of a static range, for what only a live one can do (measure it). */
function liveRange(range: StaticRange): Range {
  const live = new Range();
  live.setStart(range.startContainer, range.startOffset);
  live.setEnd(range.endContainer, range.endOffset);
  return live;
}

/** Scrolls `frame` so that `range` is in its middle, unless it is already in view. */
function bringIntoView(frame: HTMLElement, range: StaticRange): void {
  const box = liveRange(range).getBoundingClientRect();
  const view = frame.getBoundingClientRect();
  if (box.top >= view.top && box.bottom <= view.bottom) return;
  frame.scrollTop += box.top - view.top - (view.height - box.height) / 2;
}

/**
 * Paints `matches` in the highlighted text inside `frame`, the one at `shownIndex` apart,
 * and scrolls to that one whenever it or the query changes. The ranges are made again
 * whenever the highlighted text is rendered anew (a check's result, the plan), since they
 * point into its text nodes. The start of the match shown is written on the frame
 * (data-find-current) for tests and tools that cannot read a highlight.
 */
export function useFindHighlights(frame: HTMLElement | null, matches: readonly TextMatch[] | undefined, shownIndex: number): void {
  useLayoutEffect(() => {
    if (frame === null) return;
    const highlights = highlightRegistry();
    const clear = (): void => {
      highlights?.delete(FIND_HIGHLIGHT);
      highlights?.delete(CURRENT_FIND_HIGHLIGHT);
      frame.removeAttribute('data-find-current');
    };
    /** Paints the matches; the range of the match shown, when there is one. */
    const paint = (): StaticRange | undefined => {
      const container = highlightedTextIn(frame);
      if (container === null || matches === undefined || matches.length === 0) {
        clear();
        return undefined;
      }
      const ranges = documentRanges(container, matches);
      highlights?.set(FIND_HIGHLIGHT, new Highlight(...ranges));
      const shown = ranges[shownIndex];
      if (shown === undefined) {
        highlights?.delete(CURRENT_FIND_HIGHLIGHT);
        frame.removeAttribute('data-find-current');
      } else {
        highlights?.set(CURRENT_FIND_HIGHLIGHT, new Highlight(shown));
        frame.setAttribute('data-find-current', String(matches[shownIndex]!.start));
      }
      return shown;
    };
    const shown = paint();
    if (shown !== undefined) bringIntoView(frame, shown);
    // Painted again whenever the highlighted text is drawn anew (painted-spans.ts).
    const stop = watchHighlightedText(frame, () => void paint());
    return () => {
      stop();
      clear();
    };
  }, [frame, matches, shownIndex]);
}
