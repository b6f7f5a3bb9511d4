/**
 * Compacting a collection: removed documents stay in the index's shards (only marked
 * dead) until it is rewritten without them, and each import adds shards that every search
 * visits. A job with progress and cancel; one transaction, so a cancel or a failure leaves
 * the file as it was, and checks go on meanwhile.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { CollectionSummary } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { useStartJob } from '../jobs/job-store.js';
import { JobProgress } from '../jobs/JobProgress.js';

function plural(count: number, word: string): string {
  return `${count.toLocaleString()} ${word}${count === 1 ? '' : 's'}`;
}

export function CompactPanel({ collection }: { collection: CollectionSummary }) {
  const [error, setError] = useState<unknown>(null);
  const { job, start } = useStartJob();
  const compact = useMutation({
    mutationFn: () => call('collections:compact', { path: collection.path }),
    onSuccess: start,
    onError: setError,
  });
  const result = job?.state === 'done' ? (job.value as { shardsBefore: number; shardsAfter: number }) : undefined;
  return (
    <section className="panel stack" aria-label="Compact the collection" data-testid="compact">
      <h2>Compact</h2>
      <p className="small muted">
        Removed documents stay in the index, unsearchable, until it is compacted, and every import adds shards that each search visits. Compacting rewrites the
        index without them in fewer shards. Checks go on meanwhile; Cancel leaves the file as it was.
      </p>
      <div className="row">
        <button type="button" disabled={job?.state === 'running' || compact.isPending} onClick={() => compact.mutate()}>
          Compact now
        </button>
      </div>
      {job !== undefined && <JobProgress job={job} label="Compacting" />}
      {result !== undefined && (
        <div className="small" role="status">
          Compacted: {plural(result.shardsBefore, 'shard')} → {plural(result.shardsAfter, 'shard')}.
        </div>
      )}
      {job?.state === 'cancelled' && (
        <div className="small" role="status">
          Cancelled; the collection was not changed.
        </div>
      )}
      <ErrorBanner error={error ?? (job?.state === 'failed' ? new Error(job.error?.message) : null)} onDismiss={() => setError(null)} />
    </section>
  );
}
