/**
 * The find bar's state for the document on screen (FindBar.tsx, find-in-text.ts): whether
 * it is open, the query, its matches in the text and the one shown. A change of text keeps
 * the query and finds again; the match shown stays in range.
 */
import { useMemo, useRef, useState } from 'react';
import { findInText, stepMatch, type TextMatch } from './find-in-text.js';

export interface FindState {
  readonly open: boolean;
  readonly query: string;
  readonly matches: readonly TextMatch[];
  /** Index of the match shown, or −1 when there is none. */
  readonly shownIndex: number;
  /** Counts the requests to put the keys in the bar's field (FindBar focuses it on each). */
  readonly focusRequest: number;
  /** Opens the bar (or keeps it open) and asks for the keys in its field, its text selected. */
  readonly show: () => void;
  readonly setQuery: (query: string) => void;
  readonly step: (step: 1 | -1) => void;
  readonly close: () => void;
}

export function useFind(text: string): FindState {
  const [open, setOpen] = useState(false);
  const [query, setQueryState] = useState('');
  const [chosen, setChosen] = useState(-1);
  // Where the keys were before the bar opened: they go back there when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const matches = useMemo(() => (open ? findInText(text, query) : []), [open, text, query]);
  const shownIndex = matches.length === 0 ? -1 : Math.min(Math.max(chosen, 0), matches.length - 1);
  const [focusRequest, setFocusRequest] = useState(0);
  return {
    open,
    query,
    matches,
    shownIndex,
    focusRequest,
    show: () => {
      if (!open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpen(true);
      setFocusRequest((n) => n + 1);
    },
    setQuery: (next) => {
      setQueryState(next);
      setChosen(0);
    },
    step: (step) => setChosen(stepMatch(shownIndex, matches.length, step)),
    close: () => {
      setOpen(false);
      opener.current?.focus();
    },
  };
}
