/**
 * Spans painted on the highlighted text with the CSS Custom Highlight API (a
 * `::highlight(name)` rule in app.css), not cut into it as elements: the find bar's matches
 * (find-highlights.ts) and the words a changed plan newly chose (plan-shift.ts). Cutting
 * them in would draw the blocks again (thousands of elements on a long judgment); ranges
 * over the text nodes change nothing in the document.
 */
import { useLayoutEffect } from 'react';
import { highlightRegistry, staticRanges, textNodesOf } from './text-node-ranges.js';

/** The element the highlighted text is drawn in, inside its scrolled frame. */
export function highlightedTextIn(frame: HTMLElement): HTMLElement | null {
  return frame.querySelector<HTMLElement>('[data-testid="document-text"]');
}

/**
 * One range per span (ascending, not overlapping), over the text nodes that hold the
 * document's own characters: the proposed replacements shown beside previewed words
 * (`ins.preview`) are not part of it.
 */
export function documentRanges(container: HTMLElement, spans: readonly { readonly start: number; readonly end: number }[]): StaticRange[] {
  return staticRanges(
    textNodesOf(container, (node) => node.parentElement?.closest('ins.preview') != null),
    spans,
  );
}

/**
 * Calls `paint` whenever the highlighted text inside `frame` is drawn anew: its
 * text nodes are then new, and ranges made over the old ones point at nothing. Only the
 * text is watched (a tooltip shown beside it changes nothing painted). The text element
 * itself is replaced when the clerk switches between the plan and the phrases
 * (HighlightedText.tsx): the frame's own children are watched for that. Returns what stops
 * the watching.
 */
export function watchHighlightedText(frame: HTMLElement, paint: () => void): () => void {
  let watched: Element | null = null;
  const textObserver = new MutationObserver(paint);
  const watchText = (): boolean => {
    const element = highlightedTextIn(frame);
    if (element === watched) return false;
    textObserver.disconnect();
    watched = element;
    if (element !== null) textObserver.observe(element, { childList: true, subtree: true, characterData: true });
    return true;
  };
  watchText();
  const frameObserver = new MutationObserver(() => watchText() && paint());
  frameObserver.observe(frame, { childList: true });
  return () => {
    textObserver.disconnect();
    frameObserver.disconnect();
  };
}

/**
 * Paints `spans` of the document (ascending, not overlapping) on the highlighted text
 * inside `frame` as the highlight `name`, and takes them off when they go. How many are
 * painted is written on the frame (data-painted-`name`), for tests and tools that cannot
 * read a highlight.
 */
export function usePaintedSpans(frame: HTMLElement | null, name: string, spans: readonly { readonly start: number; readonly end: number }[] | undefined): void {
  useLayoutEffect(() => {
    if (frame === null || spans === undefined || spans.length === 0) return;
    const highlights = highlightRegistry();
    const attribute = `data-painted-${name}`;
    const paint = (): void => {
      const container = highlightedTextIn(frame);
      const ranges = container === null ? [] : documentRanges(container, spans);
      highlights?.set(name, new Highlight(...ranges));
      frame.setAttribute(attribute, String(ranges.length));
    };
    paint();
    const stop = watchHighlightedText(frame, paint);
    return () => {
      stop();
      highlights?.delete(name);
      frame.removeAttribute(attribute);
    };
  }, [frame, name, spans]);
}
