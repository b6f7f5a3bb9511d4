/**
 * Finding the mark that covers a run of the text, among thousands (the plan's runs, the
 * previews of pending suggestions): by binary search over marks in text order. A search
 * of every mark for every run was quadratic: with the 6,152 placeholders suggested for a
 * 35,000-word text, drawing the text once took about 2.8 s, each time a card was accepted.
 */

/** A stretch of text to mark besides the findings. */
export interface Mark {
  readonly start: number;
  readonly end: number;
}

/** A pending replacement to preview. */
export interface Preview extends Mark {
  readonly after: string;
}

/**
 * The index of the mark covering the run [start, end) (a piece of the text, never empty)
 * among marks in ascending order that do not overlap; -1 when none does.
 */
export function coversSorted(marks: readonly Mark[] | undefined, start: number, end: number): number {
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

/** Previews in text order, and whether two of them overlap. */
export interface PreviewMarks {
  readonly marks: readonly Preview[];
  readonly overlapping: boolean;
}

/**
 * The previews ordered by where they start. The workspace keeps pending suggestions apart
 * (a new one makes those it overlaps stale) and lists them in text order, but the drawing
 * must not depend on it: where two overlap, every run looks at them all, in this order.
 */
export function previewMarks(previews: readonly Preview[]): PreviewMarks {
  const marks = [...previews].sort((a, b) => a.start - b.start || a.end - b.end);
  const overlapping = marks.some((mark, i) => i > 0 && mark.start < marks[i - 1]!.end);
  return { marks, overlapping };
}

/** The first preview, in text order, that covers the run [start, end) (never empty). */
export function previewCovering<P extends Preview>(
  previews: { readonly marks: readonly P[]; readonly overlapping: boolean } | undefined,
  start: number,
  end: number,
): P | undefined {
  if (previews === undefined) return undefined;
  const index = previews.overlapping ? previews.marks.findIndex((m) => m.start <= start && m.end >= end) : coversSorted(previews.marks, start, end);
  return index >= 0 ? previews.marks[index] : undefined;
}
