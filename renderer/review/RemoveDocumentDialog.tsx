/**
 * Asks before removing a document from the workspace, and says what removal means: the
 * text and its whole history are erased from this computer's workspace (the store
 * overwrites them, ReviewStore.delete); files already exported stay where they were written.
 */
import { useMutation } from '@tanstack/react-query';
import type { ReviewDocumentSummary } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { useModalDialog } from '../common/use-modal-dialog.js';

export function RemoveDocumentDialog({ document, onRemoved, onClose }: { document: ReviewDocumentSummary; onRemoved: () => void; onClose: () => void }) {
  const dialog = useModalDialog();
  const remove = useMutation({
    mutationFn: () => call('documents:delete', { documentId: document.id }),
    onSuccess: () => {
      onRemoved();
      dialog.current?.close();
    },
  });
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="remove-title" data-testid="remove-dialog">
      <h2 id="remove-title">Remove “{document.title}” from the workspace?</h2>
      <div className="stack">
        <ErrorBanner error={remove.error} />
        <p>
          Its text, every version, suggestion and decision are erased from this computer&apos;s workspace. This cannot be undone. Files already exported stay
          where they were written, and the record that they were exported is kept.
        </p>
        <div className="actions">
          <button type="button" onClick={() => dialog.current?.close()} autoFocus>
            Cancel
          </button>
          <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Remove
          </button>
        </div>
      </div>
    </dialog>
  );
}
