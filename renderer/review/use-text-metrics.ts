import { useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import { DEFAULT_TEXT_METRICS, type TextMetrics } from './text-chunks.js';

/**
 * The line height and the characters a line holds, measured from the text element, for
 * the heights of the blocks not drawn yet. Measured again when its width changes.
 */
export function useTextMetrics(container: RefObject<HTMLElement | null>, text: string): TextMetrics {
  const [metrics, setMetrics] = useState<TextMetrics>(DEFAULT_TEXT_METRICS);
  // A sample of the text, for the mean width of its characters.
  const sample = useMemo(() => text.slice(0, 4000).replace(/\s+/g, ' '), [text]);
  useLayoutEffect(() => {
    const element = container.current;
    if (element === null) return;
    const measure = () => {
      const style = getComputedStyle(element);
      const width = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const lineHeight = parseFloat(style.lineHeight);
      const context = document.createElement('canvas').getContext('2d');
      if (context === null || !(width > 0) || !(lineHeight > 0) || sample.length === 0) return;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const charWidth = context.measureText(sample).width / sample.length;
      if (!(charWidth > 0)) return;
      const charsPerLine = Math.max(8, Math.floor(width / charWidth));
      setMetrics((old) => (old.lineHeight === lineHeight && old.charsPerLine === charsPerLine ? old : { lineHeight, charsPerLine }));
    };
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    return () => resized.disconnect();
  }, [container, sample]);
  return metrics;
}
