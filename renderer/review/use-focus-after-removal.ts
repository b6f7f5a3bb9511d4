/**
 * After the clerk replaces or keeps the phrase of a row in the findings list, the focus
 * goes on to the row that takes its place: the next one in the text. Before, the row went
 * with the edit and the focus with it, to the page: P, P, P down the list needed a click
 * back into it after each one.
 *
 * The list is drawn several times over before it settles (the old check moved onto the
 * new text, its single N-grams, its combinations, the new plan), and a row may be drawn
 * anew in each, so the focus is put back on the next row after each drawing, until the
 * list has settled. It is never taken from anywhere else: once the clerk has moved the
 * focus out of the list or to another row, the list leaves it there.
 */
import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Item } from './finding-items.js';

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
export function nextRowAfter(items: readonly Item[], start: number, removedId: string): number {
  const index = items.findIndex((item) => item.start >= start && item.id !== removedId);
  return index >= 0 ? index : items.length - 1;
}

/**
 * `focusRow(index)` moves the focus to a row (drawing its block first if need be). Returns
 * the function to call when a row's phrase is about to be replaced or kept.
 */
export function useFocusAfterRemoval(
  list: RefObject<HTMLElement | null>,
  items: readonly Item[],
  settled: boolean,
  focusRow: (index: number) => void,
): (removed: Item) => void {
  const resume = useRef<Resume | null>(null);
  useLayoutEffect(() => {
    const r = resume.current;
    if (r === null) return;
    if (!settled) r.unsettled = true;
    const active = document.activeElement as HTMLElement | null;
    const lost = active === null || active === document.body;
    const onRow = active?.dataset.item;
    if (!lost && (!(list.current?.contains(active) ?? false) || (onRow !== r.id && onRow !== r.target && onRow !== undefined))) {
      // The clerk has gone on elsewhere.
      resume.current = null;
      return;
    }
    if (lost && items.length > 0) {
      const index = nextRowAfter(items, r.start, r.id);
      r.target = items[index]!.id;
      focusRow(index);
    }
    if (r.unsettled && settled) resume.current = null;
  });
  return useCallback((removed: Item) => {
    resume.current = { start: removed.start, id: removed.id, target: null, unsettled: false };
  }, []);
}
