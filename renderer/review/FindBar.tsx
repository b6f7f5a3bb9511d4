/**
 * Find in the text (Ctrl+F): a field above the document, the count of matches, and
 * previous / next. Enter and F3 go to the next match, Shift with either to the previous;
 * Esc closes the bar and gives the keys back to the text.
 */
import { useEffect, useRef } from 'react';
import { findCount } from './find-in-text.js';
import type { FindState } from './use-find.js';

export function FindBar({ find }: { find: FindState }) {
  const { matches, shownIndex, focusRequest } = find;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [focusRequest]);
  const count = findCount(find.query, matches.length, shownIndex);
  return (
    <div className="find-bar row small" role="search" data-testid="find-bar">
      <input
        ref={input}
        type="search"
        aria-label="Find in the text"
        placeholder="Find in the text"
        value={find.query}
        onChange={(event) => find.setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === 'F3') {
            event.preventDefault();
            find.step(event.shiftKey ? -1 : 1);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            find.close();
          } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
            event.preventDefault();
            event.currentTarget.select();
          }
        }}
      />
      <span className="muted" role="status" data-testid="find-count">
        {count}
      </span>
      <button type="button" onClick={() => find.step(-1)} disabled={matches.length === 0} aria-label="Previous match" title="Shift+Enter">
        ↑
      </button>
      <button type="button" onClick={() => find.step(1)} disabled={matches.length === 0} aria-label="Next match" title="Enter">
        ↓
      </button>
      <button type="button" className="link" onClick={find.close} aria-label="Close find" title="Esc">
        ×
      </button>
    </div>
  );
}
