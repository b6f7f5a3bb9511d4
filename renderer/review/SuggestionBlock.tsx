/**
 * A block of suggestion cards (SuggestionsPanel.tsx), in an element of its own that the
 * browser may skip laying out while it is far from the screen. A block that is not `drawn`
 * holds no cards, only their estimated height: "Suggest placeholders" on a 35,000-word text
 * proposes about 6,000 rewrites, and drawing every card (74,000 elements) took 1.7 s each
 * time the tab opened, and again after each card accepted.
 */
import { memo } from 'react';
import type { Suggestion } from '../../shared/ipc/types.js';
import { SuggestionCard, suggestionContext, type CardActions } from './SuggestionCard.js';

/** About one card's height, for blocks not drawn yet: a header, two or three lines of diff, the buttons. */
const ESTIMATED_CARD_HEIGHT = 150;

export const SuggestionBlock = memo(function SuggestionBlock({
  suggestions,
  text,
  drawn,
  drafts,
  busy,
  actions,
}: {
  suggestions: readonly Suggestion[];
  /** The document's text, for each card's context. */
  text: string;
  drawn: boolean;
  /** The replacements being edited, by suggestion id. */
  drafts: ReadonlyMap<number, string>;
  busy: boolean;
  actions: CardActions;
}) {
  const estimated = suggestions.length * ESTIMATED_CARD_HEIGHT;
  if (!drawn) return <div className="suggestions-block" style={{ blockSize: `${estimated}px` }} />;
  return (
    <div className="suggestions-block" style={{ containIntrinsicBlockSize: `auto ${estimated}px` }}>
      {suggestions.map((suggestion) => {
        const { before, after } = suggestionContext(text, suggestion);
        return (
          <SuggestionCard
            key={suggestion.id}
            suggestion={suggestion}
            before={before}
            after={after}
            draft={drafts.get(suggestion.id)}
            busy={busy}
            actions={actions}
          />
        );
      })}
    </div>
  );
});
