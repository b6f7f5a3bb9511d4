/**
 * Keeping a flagged phrase: the clerk says why, in a sentence (it goes into the review
 * log a supervisor signs). Enter saves, Esc cancels.
 */
import { useState } from 'react';
import { ErrorBanner } from '../common/ErrorBanner.js';

export function KeepForm({
  phrase,
  onSave,
  onCancel,
  busy,
}: {
  phrase: string;
  onSave: (reason: string) => Promise<unknown>;
  onCancel: () => void;
  busy: boolean;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const save = () => void onSave(reason).catch(setError);
  return (
    <form
      className="keep-form stack"
      data-testid="keep-form"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <label className="stack small">
        Why may “{phrase.length > 60 ? `${phrase.slice(0, 60)}…` : phrase}” stay?
        <input
          // The form opens on a clerk's request: focus goes to its only field.
          autoFocus
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder="e.g. The phrase is the wording of Article 3 of the Convention."
          aria-label="Reason to keep"
        />
      </label>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <div className="row">
        <button type="submit" className="primary" disabled={busy || reason.trim().length === 0}>
          Keep it
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
