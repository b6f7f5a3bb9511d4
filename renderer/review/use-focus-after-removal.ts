/**
 * After the clerk acts on a row of a list so that the row goes (a phrase of the findings
 * list replaced or kept, a suggestion accepted or rejected), the focus goes on to the row
 * that takes its place: the next one in the text. Before, the row went with the edit and
 * the focus with it, to the page: P, P, P down the findings, or Accept, Accept down the
 * suggestions, needed a click back into the list after each one.
 *
 * The list is drawn several times over before it settles (for the findings: the old check
 * moved onto the new text, its single N-grams, its combinations, the new plan), and a row
 * may be drawn anew in each, so the focus is put back on the next row after each drawing,
 * until the list has settled. It is never taken from anywhere else: once the clerk has
 * moved the focus out of the list or to another row, the list leaves it there.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';

/** A row of the list: its id, and where its phrase starts in the text. */
export interface ListRow {
  readonly id: string;
  readonly start: number;
}

interface Resume {
  /** The removed row's start in the text, and its id (its row may still be drawn for a while). */
  readonly start: number;
  readonly id: string;
  /** The row the focus was last put on. */
  target: string | null;
  /** Whether the list has been unsettled since (the edit's check began). */
  unsettled: boolean;
}

/** The row to go on to: the first at or after where the removed one began, or else the last. */
export function nextRowAfter(items: readonly ListRow[], start: number, removedId: string): number {
  const index = items.findIndex((item) => item.start >= start && item.id !== removedId);
  return index >= 0 ? index : items.length - 1;
}

/**
 * `focusRow(index)` moves the focus to a row (drawing its block first if need be), and
 * `rowOf` says which row an element of the list belongs to (undefined: to none, as a form
 * the row opened). Returns the function to call when a row is about to go.
 */
export function useFocusAfterRemoval(
  list: HTMLElement | null,
  items: readonly ListRow[],
  settled: boolean,
  focusRow: (index: number) => void,
  rowOf: (element: HTMLElement) => string | undefined,
): (removed: ListRow) => void {
  const resume = useRef<Resume | null>(null);
  useLayoutEffect(() => {
    const r = resume.current;
    if (r === null) return;
    if (!settled) r.unsettled = true;
    const active = document.activeElement as HTMLElement | null;
    const lost = active === null || active === document.body;
    const onRow = active === null ? undefined : rowOf(active);
    if (!lost && (!(list?.contains(active) ?? false) || (onRow !== r.id && onRow !== r.target && onRow !== undefined))) {
      // The clerk has gone on elsewhere.
      resume.current = null;
      return;
    }
    if (lost && items.length > 0) {
      const index = nextRowAfter(items, r.start, r.id);
      r.target = items[index]!.id;
      focusRow(index);
    }
    // Done once the list has settled without the row (until it goes, the focus may still be
    // on it, and go to the page with it).
    if (r.unsettled && settled && !items.some((item) => item.id === r.id)) resume.current = null;
  });
  return useCallback((removed: ListRow) => {
    resume.current = { start: removed.start, id: removed.id, target: null, unsettled: false };
  }, []);
}
