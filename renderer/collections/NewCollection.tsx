/** A new collection from files or a folder: its index is built as a job, with progress and cancel. */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { CollectionSummary } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { useStartJob } from '../jobs/job-store.js';
import { JobProgress } from '../jobs/JobProgress.js';
import { ImportReport } from './ImportReport.js';
import { ImportSources, type ImportSource } from './ImportSources.js';

export function NewCollection({ onCreated }: { onCreated: (path: string) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [uploadCancelled, setUploadCancelled] = useState(false);
  const { job, start } = useStartJob();
  const create = useMutation({
    mutationFn: (sources: ImportSource[]) => call('collections:create', { name: name.trim() || 'Collection', sources }),
    onSuccess: start,
    onError: setError,
  });
  const created = job?.state === 'done' ? (job.value as { collection: CollectionSummary }).collection : undefined;
  return (
    <div className="stack panel" data-testid="new-collection">
      <h3>New collection</h3>
      <input placeholder="Name, e.g. ECHR judgments 2024" value={name} onChange={(e) => setName(e.target.value)} aria-label="Collection name" />
      <ImportSources
        disabled={job?.state === 'running'}
        onSources={(sources) => {
          setUploadCancelled(false);
          create.mutate(sources);
        }}
        onError={setError}
        onCancelled={() => setUploadCancelled(true)}
      />
      {job !== undefined && <JobProgress job={job} label="Building the index" />}
      <ErrorBanner error={error ?? (job?.state === 'failed' ? new Error(job.error?.message) : null)} onDismiss={() => setError(null)} />
      {(uploadCancelled || job?.state === 'cancelled') && <p className="small muted">Cancelled; no collection was made.</p>}
      <ImportReport job={job} />
      {created !== undefined && (
        <button type="button" className="link" onClick={() => onCreated(created.path)}>
          Show {created.name}
        </button>
      )}
    </div>
  );
}
