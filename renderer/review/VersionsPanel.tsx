/**
 * Every stored version, newest first, in local time, with a preview of each against the
 * current text and a way back to any of them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReviewDocument, VersionSummary } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { documentQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { WordDiffView } from './WordDiffView.js';

const SOURCES: Record<string, string> = { import: 'Opened', manual: 'Edited', placeholder: 'Placeholder', model: 'Model', restore: 'Restored' };

const LOCAL_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function VersionPreview({ document, version }: { document: ReviewDocument; version: VersionSummary }) {
  const text = useQuery(documentQueries.version(document.id, version.id));
  if (text.error) return <ErrorBanner error={text.error} />;
  if (text.data === undefined) return <p className="small muted">Loading…</p>;
  return (
    <div className="stack" data-testid="version-preview">
      <p className="small muted">This version against the current text: what restoring it would remove in red, what it would bring back in green.</p>
      <WordDiffView before={document.text} after={text.data.text} />
    </div>
  );
}

export function VersionsPanel({ document }: { document: ReviewDocument }) {
  const queryClient = useQueryClient();
  const versions = useQuery(documentQueries.versions(document.id));
  const [previewed, setPreviewed] = useState<number | null>(null);
  const restore = useMutation({
    mutationFn: (versionId: number) => call('documents:restore', { documentId: document.id, versionId }),
    onSuccess: (updated) => {
      setPreviewed(null);
      queryClient.setQueryData(documentQueries.get(document.id).queryKey, updated);
    },
  });
  return (
    <div className="stack">
      <ErrorBanner error={versions.error ?? restore.error} />
      <p className="small muted">
        Every accepted change is kept. Restoring a version makes a new one; nothing is deleted. Suggestions accepted since the restored version wait again in
        Suggestions.
      </p>
      <ul className="versions" data-testid="versions">
        {versions.data?.map((v) => (
          <li key={v.id} className={previewed === v.id ? 'previewed' : undefined}>
            <span className="badge">{SOURCES[v.source] ?? v.source}</span>
            <span className="what">
              <strong>Version {v.number}</strong> · {v.description}
              <br />
              <time className="muted small" dateTime={v.createdAt} title={v.createdAt}>
                {LOCAL_TIME.format(new Date(v.createdAt))}
              </time>
              <span className="muted small"> · {v.characters.toLocaleString()} characters</span>
            </span>
            {v.isHead ? (
              <span className="small muted">current</span>
            ) : (
              <span className="row">
                <button type="button" aria-pressed={previewed === v.id} onClick={() => setPreviewed(previewed === v.id ? null : v.id)}>
                  {previewed === v.id ? 'Hide preview' : 'Preview'}
                </button>
                <button type="button" disabled={restore.isPending} onClick={() => restore.mutate(v.id)}>
                  Restore
                </button>
              </span>
            )}
            {previewed === v.id && <VersionPreview document={document} version={v} />}
          </li>
        ))}
      </ul>
    </div>
  );
}
