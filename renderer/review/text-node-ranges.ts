/**
 * Ranges over the text nodes that hold a document's characters, for the painted
 * highlights (find-highlights.ts, editor-highlights.ts): the text is split over many
 * nodes (marks, blocks: text-chunks.ts), and a span of the document may begin in one
 * node and end in another.
 */

/**
 * The page's registry of painted highlights. Chromium (Electron, the browser host) has it;
 * without it nothing is painted, and find still counts its matches and scrolls to them.
 */
export function highlightRegistry(): HighlightRegistry | undefined {
  return typeof CSS !== 'undefined' && 'highlights' in CSS ? CSS.highlights : undefined;
}

/** Where a span of the document lies among the nodes: node index and offset in it, at each end. */
export interface NodeSpan {
  readonly first: number;
  readonly startOffset: number;
  readonly last: number;
  readonly endOffset: number;
}

/**
 * Locates ascending, non-overlapping spans among nodes of the given lengths, in one pass.
 * A boundary between two nodes begins a span in the later node and ends one in the
 * earlier, so no range holds an empty end. Offsets past the last node are cut to its end;
 * with no nodes there is nothing to locate.
 */
export function locateSpans(lengths: readonly number[], spans: readonly { readonly start: number; readonly end: number }[]): NodeSpan[] {
  if (lengths.length === 0) return [];
  const starts: number[] = [];
  let total = 0;
  for (const length of lengths) {
    starts.push(total);
    total += length;
  }
  let at = 0;
  /** The node holding `offset` (the one it ends when `atEnd`), moving only forward. */
  const nodeAt = (offset: number, atEnd: boolean): number => {
    while (at + 1 < lengths.length && (atEnd ? starts[at]! + lengths[at]! < offset : starts[at + 1]! <= offset)) at++;
    return at;
  };
  return spans.map((span) => {
    const first = nodeAt(span.start, false);
    const startOffset = Math.min(span.start - starts[first]!, lengths[first]!);
    const last = nodeAt(span.end, true);
    const endOffset = Math.min(span.end - starts[last]!, lengths[last]!);
    return { first, startOffset, last, endOffset };
  });
}

/** The text nodes under `container`, in order, but those `skip` leaves out. */
export function textNodesOf(container: Node, skip: (node: Text) => boolean = () => false): Text[] {
  const nodes: Text[] = [];
  const walker = (container.ownerDocument ?? (container as Document)).createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) if (!skip(node as Text)) nodes.push(node as Text);
  return nodes;
}

/**
 * Static ranges for the spans over `nodes`. Static, not live: the document keeps every
 * live Range up to date on each change to any node, and with tens of thousands of them
 * (the 5,124 matches of "the" in a 37,097-word text, or its 20,000 highlighted pieces)
 * React's next re-render of the text took from seconds to minutes.
 */
export function staticRanges(nodes: readonly Text[], spans: readonly { readonly start: number; readonly end: number }[]): StaticRange[] {
  return locateSpans(
    nodes.map((node) => node.data.length),
    spans,
  ).map((at) => new StaticRange({ startContainer: nodes[at.first]!, startOffset: at.startOffset, endContainer: nodes[at.last]!, endOffset: at.endOffset }));
}
