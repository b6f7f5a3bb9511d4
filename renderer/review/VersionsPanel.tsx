/** Every stored version, newest first, with a way back to any of them. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewDocument } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { documentQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';

const SOURCES: Record<string, string> = { import: 'Opened', manual: 'Edited', placeholder: 'Placeholder', model: 'Model', restore: 'Restored' };

export function VersionsPanel({ document }: { document: ReviewDocument }) {
  const queryClient = useQueryClient();
  const versions = useQuery(documentQueries.versions(document.id));
  const restore = useMutation({
    mutationFn: (versionId: number) => call('documents:restore', { documentId: document.id, versionId }),
    onSuccess: (updated) => queryClient.setQueryData(documentQueries.get(document.id).queryKey, updated),
  });
  return (
    <div className="stack">
      <ErrorBanner error={versions.error ?? restore.error} />
      <p className="small muted">Every accepted change is kept. Restoring a version makes a new one; nothing is deleted.</p>
      <ul className="versions" data-testid="versions">
        {versions.data?.map((v) => (
          <li key={v.id}>
            <span className="badge">{SOURCES[v.source] ?? v.source}</span>
            <span className="what">
              {v.description}
              <br />
              <span className="muted small">
                {new Date(v.createdAt).toLocaleString()} · {v.characters.toLocaleString()} characters
              </span>
            </span>
            {v.isHead ? (
              <span className="small muted">current</span>
            ) : (
              <button type="button" disabled={restore.isPending} onClick={() => restore.mutate(v.id)}>
                Restore
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
