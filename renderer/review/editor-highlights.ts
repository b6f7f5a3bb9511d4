/**
 * The highlights behind the text being edited (TextEditor.tsx), painted with the CSS
 * Custom Highlight API (`::highlight(edit-…)` in app.css) over the backdrop's text, not
 * as marks. With marks, a keystroke on the 37,097-word text of 60 judgments took about
 * 8 s: every finding after it moves (map-findings.ts), the check that follows gives each a
 * new id, and React took out and put back some 20,000 marks both times. Ranges cost
 * nothing in the document (static ones: text-node-ranges.ts); they are made again whenever
 * the text or the findings change. The text is a node per block (text-chunks.ts): with all
 * 20,000 ranges in one node, the browser took about 0.4 s a keystroke to prepare their
 * painting, and about 0.05 s in blocks. The editor passes only the findings over the blocks
 * near the screen (blocks-near-screen.ts says why), and the ranges are made again as the
 * clerk scrolls.
 */
import { useLayoutEffect } from 'react';
import type { Finding, HighlightSegment } from '../../shared/review/findings.js';
import { highlightRegistry, staticRanges, textNodesOf } from './text-node-ranges.js';

/** The names app.css styles: a rare phrase, a combination member, and a piece that is both. */
export const EDIT_HIGHLIGHTS = { single: 'edit-single', combination: 'edit-combination', both: 'edit-both' } as const;

/** Which highlight a piece of the text goes into, or none. */
export function highlightOf(segment: HighlightSegment, findings: readonly Finding[]): keyof typeof EDIT_HIGHLIGHTS | undefined {
  if (segment.findings.length === 0) return undefined;
  let single = false;
  let combination = false;
  for (const f of segment.findings) {
    if (findings[f]!.kind === 'single') single = true;
    else combination = true;
  }
  return single && combination ? 'both' : single ? 'single' : 'combination';
}

/**
 * Paints `segments` (of `text`, which `backdrop` holds in its text nodes, in order) until
 * the next change. A segment past the text nodes' end (findings of an older text) is cut there.
 */
export function useEditorHighlights(backdrop: HTMLElement | null, text: string, segments: readonly HighlightSegment[], findings: readonly Finding[]): void {
  useLayoutEffect(() => {
    const highlights = highlightRegistry();
    if (highlights === undefined || backdrop === null) return;
    const nodes = textNodesOf(backdrop);
    const length = nodes.reduce((sum, node) => sum + node.data.length, 0);
    const kinds: (keyof typeof EDIT_HIGHLIGHTS)[] = [];
    const spans: HighlightSegment[] = [];
    for (const segment of segments) {
      const kind = highlightOf(segment, findings);
      if (kind === undefined || segment.start >= length) continue;
      kinds.push(kind);
      spans.push(segment);
    }
    const painted = { single: new Highlight(), combination: new Highlight(), both: new Highlight() };
    staticRanges(nodes, spans).forEach((range, i) => painted[kinds[i]!].add(range));
    for (const kind of ['single', 'combination', 'both'] as const) highlights.set(EDIT_HIGHLIGHTS[kind], painted[kind]);
    return () => {
      for (const name of Object.values(EDIT_HIGHLIGHTS)) highlights.delete(name);
    };
  }, [backdrop, text, segments, findings]);
}
