/**
 * The review screen: the documents under review on the left, the selected one in the
 * middle with its panel on the right. The last document stays selected across reloads.
 * Each document can be removed from the workspace (after a confirmation). A file dropped
 * on the screen opens in the Open dialog, as if chosen there.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReviewDocumentSummary } from '../../shared/ipc/types.js';
import { documentQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { DocumentWorkspace } from './DocumentWorkspace.js';
import { OpenDocumentDialog, type DroppedFiles } from './OpenDocumentDialog.js';
import { RemoveDocumentDialog } from './RemoveDocumentDialog.js';

const SELECTED = 'unlinkable-selected-document';

export function ReviewScreen({ onOpenCollections }: { onOpenCollections: () => void }) {
  const queryClient = useQueryClient();
  const documents = useQuery(documentQueries.list());
  const [selected, setSelected] = useState<string | null>(() => localStorage.getItem(SELECTED));
  const [opening, setOpening] = useState(false);
  const [dropped, setDropped] = useState<DroppedFiles | undefined>(undefined);
  const [dragging, setDragging] = useState(false);
  const [removing, setRemoving] = useState<ReviewDocumentSummary | null>(null);
  const current = documents.data?.find((d) => d.id === selected) ?? documents.data?.[0];
  const document = useQuery({ ...documentQueries.get(current?.id ?? ''), enabled: current !== undefined });

  useEffect(() => {
    if (current !== undefined) localStorage.setItem(SELECTED, current.id);
  }, [current]);

  return (
    <div
      className="review"
      data-testid="review-screen"
      onDragOver={(event) => {
        if (opening || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        setDragging(false);
        const files = [...event.dataTransfer.files];
        if (opening || files.length === 0) return;
        event.preventDefault();
        setDropped({ file: files[0]!, others: files.length - 1 });
        setOpening(true);
      }}
    >
      {dragging && (
        <div className="drop-overlay" data-testid="drop-overlay" aria-hidden="true">
          Drop a .txt, .md or .jsonl file to open it for review
        </div>
      )}
      <aside className="doclist" aria-label="Documents under review">
        <div className="row">
          <h2 style={{ flex: 1 }}>Documents</h2>
          <button type="button" className="primary" onClick={() => setOpening(true)}>
            Open…
          </button>
        </div>
        <ErrorBanner error={documents.error} />
        <ul>
          {documents.data?.map((d) => (
            <li key={d.id}>
              <button type="button" aria-current={d.id === current?.id ? 'true' : undefined} onClick={() => setSelected(d.id)}>
                {d.title}
                <br />
                <span className="small muted">{d.characters.toLocaleString()} characters</span>
              </button>
              <button
                type="button"
                className="remove"
                onClick={() => setRemoving(d)}
                aria-label={`Remove ${d.title} from the workspace`}
                title="Remove from the workspace…"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        {documents.data?.length === 0 && <p className="muted small">Open a de-identified document to review it.</p>}
      </aside>
      {document.data !== undefined ? (
        <DocumentWorkspace key={document.data.id} document={document.data} onOpenCollections={onOpenCollections} />
      ) : (
        <section className="workspace">
          <ErrorBanner error={document.error} />
          <div className="empty">{documents.isLoading || document.isLoading ? 'Loading…' : 'No document selected.'}</div>
        </section>
      )}
      {removing !== null && (
        <RemoveDocumentDialog
          document={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            // Out of the list at once, so the next document is shown before anything asks for the removed one.
            queryClient.setQueryData(documentQueries.list().queryKey, (list) => list?.filter((d) => d.id !== removing.id));
            queryClient.removeQueries({ queryKey: documentQueries.get(removing.id).queryKey });
            void queryClient.invalidateQueries({ queryKey: documentQueries.list().queryKey });
          }}
        />
      )}
      {opening && (
        <OpenDocumentDialog
          dropped={dropped}
          onClose={() => {
            setOpening(false);
            setDropped(undefined);
          }}
          onOpened={(opened) => {
            queryClient.setQueryData(documentQueries.get(opened.id).queryKey, opened);
            setSelected(opened.id);
          }}
        />
      )}
    </div>
  );
}
