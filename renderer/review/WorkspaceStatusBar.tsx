/**
 * The line under the document: how far the check has come (or what it found, and how fast),
 * whether typing is saved, what Undo or Redo just did, and the version on screen.
 */
import type { ReviewDocument } from '../../shared/ipc/types.js';
import type { Autosave } from './use-autosave.js';
import type { Detection } from './use-detection.js';

export function WorkspaceStatusBar(props: {
  document: ReviewDocument;
  detection: Detection;
  /** The text on screen (the draft while editing): the check's share is of it. */
  text: string;
  /** The editor's save state, while editing. */
  autosave: Autosave | null;
  /** What Undo or Redo last did, if anything. */
  done: string | null;
}) {
  const { document, detection, text, autosave, done } = props;
  return (
    <div className="statusbar" data-testid="statusbar">
      {detection.checkingCombinations && (
        <span data-testid="checking-combinations">
          <span className="spinner" /> Checking combinations…
          {detection.combinationShare !== undefined && ` ${Math.round(detection.combinationShare * 100)} %`}
        </span>
      )}
      {autosave !== null && (
        <span data-testid="save-state">
          {autosave.saving
            ? 'Saving…'
            : autosave.saveError !== null
              ? 'Not saved yet: trying again every few seconds'
              : autosave.dirty
                ? 'Unsaved changes'
                : 'All changes saved'}
        </span>
      )}
      {detection.partial !== undefined && (
        <span data-testid="check-progress">
          <span className="spinner" /> Checked {Math.floor((100 * detection.partial.uncheckedFrom) / Math.max(1, text.length))} % of the text…
        </span>
      )}
      {detection.result !== undefined && detection.partial === undefined && detection.status !== 'unavailable' && (
        <span>
          {detection.result.summary.tokens.toLocaleString()} words · {detection.result.summary.ngrams.toLocaleString()} phrases checked in{' '}
          {Math.round(detection.result.milliseconds)} ms
        </span>
      )}
      {/* Always there, so that a screen reader hears what Undo or Redo did when it is written. */}
      <span role="status" data-testid="undo-status">
        {done}
      </span>
      <span data-testid="version-status">
        Version {document.versionNumber}
        {document.versionNumber < document.versionCount && ` of ${document.versionCount}`} · saved {new Date(document.updatedAt).toLocaleTimeString()}
      </span>
    </div>
  );
}
