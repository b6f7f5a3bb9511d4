/**
 * One proposed rewrite as an inline diff, with its context: accept, edit or reject it.
 *
 * The card keeps no state of its own. The replacement being edited (its draft) is the
 * panel's, so that a card far from the screen can be left undrawn on a long text and drawn
 * again with the draft as it was (SuggestionsPanel.tsx). Every action goes through the
 * panel's one stable object, so that a card is drawn again only when its own props change.
 */
import { memo } from 'react';
import type { Suggestion } from '../../shared/ipc/types.js';

/** Characters of context shown on each side of the suggestion. */
const CONTEXT = 40;

/** What a card can do, through the panel. */
export interface CardActions {
  /** Accepts the suggestion, with the clerk's replacement when one was edited. */
  readonly accept: (suggestion: Suggestion, replacement?: string) => void;
  readonly reject: (suggestion: Suggestion) => void;
  /** Scrolls the text to the suggestion (it previews there). */
  readonly show: (suggestion: Suggestion) => void;
  /** Starts editing (the draft), changes the draft, or stops editing (undefined). */
  readonly draft: (suggestion: Suggestion, draft: string | undefined) => void;
}

/** The context on each side of a suggestion, with "…" where the text goes on. */
export function suggestionContext(text: string, suggestion: Suggestion): { before: string; after: string } {
  const start = Math.max(0, suggestion.start - CONTEXT);
  const end = suggestion.end + CONTEXT;
  return {
    before: (start > 0 ? '…' : '') + text.slice(start, suggestion.start),
    after: text.slice(suggestion.end, end) + (end < text.length ? '…' : ''),
  };
}

export const SuggestionCard = memo(function SuggestionCard({
  suggestion,
  before,
  after,
  draft,
  busy,
  actions,
}: {
  suggestion: Suggestion;
  /** The text just before and after the suggestion (suggestionContext). */
  before: string;
  after: string;
  /** The replacement being edited; undefined when the card is not being edited. */
  draft: string | undefined;
  busy: boolean;
  actions: CardActions;
}) {
  const editing = draft !== undefined;
  return (
    // A click anywhere on the card but its buttons shows the place in the text.
    <div
      className="suggestion"
      data-testid="suggestion"
      data-suggestion={suggestion.id}
      onClick={(event) => (event.target as HTMLElement).closest('button, textarea') === null && actions.show(suggestion)}
    >
      <div className="row small">
        <span className="badge">{suggestion.source === 'model' ? 'Model' : 'Placeholder'}</span>
        {suggestion.fallback && <span className="badge warn">Model failed: placeholder used</span>}
        <span className="muted">pass {suggestion.pass}</span>
        <button type="button" className="link" onClick={() => actions.show(suggestion)}>
          Show in text
        </button>
      </div>
      <p>
        {before}
        <del>{suggestion.before}</del>
        <ins>{editing ? draft : suggestion.after}</ins>
        {after}
      </p>
      {suggestion.reasoning && <p className="reasoning">{suggestion.reasoning}</p>}
      {editing && <textarea aria-label="Your replacement" value={draft} onChange={(e) => actions.draft(suggestion, e.target.value)} />}
      <div className="row">
        <button type="button" className="primary" disabled={busy} data-action="accept" onClick={() => actions.accept(suggestion, draft)}>
          {editing ? 'Accept edited' : 'Accept'}
        </button>
        <button type="button" disabled={busy} onClick={() => actions.draft(suggestion, editing ? undefined : suggestion.after)}>
          {editing ? 'Cancel edit' : 'Edit'}
        </button>
        <button type="button" disabled={busy} data-action="reject" onClick={() => actions.reject(suggestion)}>
          Reject
        </button>
      </div>
    </div>
  );
});
