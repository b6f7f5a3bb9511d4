/**
 * Beside the verdict: with a source set, only links to it count, so a mistyped but existing
 * id would give a clean verdict for the wrong document. Says so when another document
 * shares more of the opened text's rare phrases than the source set (the CLI warns the
 * same way); a click opens the settings, where the source is chosen.
 */
import type { ReviewDocument } from '../../shared/ipc/types.js';
import { sourceDoubtMessage } from '../../shared/linkage/suggest-source.js';
import { useSourceSuggestions } from './use-source-suggestions.js';

export function SourceDoubtChip({ document, onReview }: { document: ReviewDocument; onReview: () => void }) {
  const sourceId = document.settings.sourceId;
  const { doubt } = useSourceSuggestions(document, sourceId !== null);
  if (sourceId === null || doubt === undefined) return null;
  return (
    <button type="button" className="verdict linkable" data-testid="source-doubt" title={sourceDoubtMessage(sourceId, doubt)} onClick={onReview}>
      Is {sourceId} the source? {doubt.likely.id} shares more rare phrases ({doubt.likely.sharedRarePhrases} against {doubt.givenShares})
    </button>
  );
}
