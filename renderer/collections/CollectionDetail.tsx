/**
 * One collection: its file and content hash, its release policy, documents to add (a job
 * with progress and cancel), and, while its file is there, its figures, its documents and
 * compaction.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CollectionSummary } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { useStartJob } from '../jobs/job-store.js';
import { JobProgress } from '../jobs/JobProgress.js';
import { CompactPanel } from './CompactPanel.js';
import { DocumentsTable } from './DocumentsTable.js';
import { ImportReport } from './ImportReport.js';
import { ImportSources, type ImportSource } from './ImportSources.js';
import { PolicyEditor } from './PolicyEditor.js';
import { StatisticsPanel } from './StatisticsPanel.js';

export function CollectionDetail({ collection }: { collection: CollectionSummary }) {
  const queryClient = useQueryClient();
  const [replace, setReplace] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [uploadCancelled, setUploadCancelled] = useState(false);
  const { job, start } = useStartJob();
  const add = useMutation({
    mutationFn: (sources: ImportSource[]) => call('collections:add', { path: collection.path, sources, replace }),
    onSuccess: start,
    onError: setError,
  });
  const forget = useMutation({
    mutationFn: () => call('collections:forget', { path: collection.path }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['collections'] }),
  });
  return (
    <>
      <section className="panel stack">
        <div className="row">
          <h2 style={{ flex: 1 }}>{collection.name}</h2>
          <button type="button" onClick={() => forget.mutate()} title="The file stays where it is">
            Forget
          </button>
        </div>
        <p className="small muted path">
          {collection.path} · {collection.shardCount.toLocaleString()} shard{collection.shardCount === 1 ? '' : 's'} · content SHA-256{' '}
          {collection.contentSha256.slice(0, 16)}…
        </p>
        {!collection.available && <ErrorBanner error={new Error(collection.problem)} />}
        <PolicyEditor collection={collection} />
        <h3>Add documents</h3>
        <ImportSources
          disabled={job?.state === 'running' || !collection.available}
          onSources={(sources) => {
            setUploadCancelled(false);
            add.mutate(sources);
          }}
          onError={setError}
          onCancelled={() => setUploadCancelled(true)}
        />
        <label className="row small">
          <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} /> Replace documents whose id already exists
        </label>
        {job !== undefined && <JobProgress job={job} label="Adding documents" />}
        <ErrorBanner error={error ?? (job?.state === 'failed' ? new Error(job.error?.message) : null)} onDismiss={() => setError(null)} />
        {(uploadCancelled || job?.state === 'cancelled') && <p className="small muted">Cancelled; nothing was added.</p>}
        <ImportReport job={job} />
      </section>
      {collection.available && <StatisticsPanel collection={collection} />}
      {collection.available && <DocumentsTable collection={collection} />}
      {collection.available && <CompactPanel collection={collection} />}
    </>
  );
}
