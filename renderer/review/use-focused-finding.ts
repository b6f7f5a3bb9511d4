/**
 * The finding focused in the text, and where it began: once an edit has taken it, J and K
 * go on from that place (next-finding.ts) instead of from the judgment's first finding.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { movedPlace, type FocusPlace } from './next-finding.js';

export interface FocusedFinding {
  readonly focusedId: string | null;
  /** Where the focused finding began, moved with each change of the text. */
  readonly focusPlace: { readonly current: FocusPlace | null };
  /** The same function until the text changes: the highlighted text (memo) is not drawn again for it. */
  readonly focusFinding: (id: string, start: number) => void;
  /** The focus left the text: J starts again from the first finding. */
  readonly leaveText: () => void;
}

export function useFocusedFinding(text: string): FocusedFinding {
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const focusPlace = useRef<FocusPlace | null>(null);
  const leaveText = useCallback(() => {
    focusPlace.current = null;
    setFocusedId(null);
  }, []);
  useEffect(() => {
    if (focusPlace.current !== null) focusPlace.current = movedPlace(focusPlace.current, text);
  }, [text]);
  const focusFinding = useCallback(
    (id: string, start: number) => {
      focusPlace.current = { at: start, text };
      setFocusedId(id);
    },
    [text],
  );
  return { focusedId, focusPlace, focusFinding, leaveText };
}
