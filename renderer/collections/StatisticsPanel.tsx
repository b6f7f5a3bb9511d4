/** The index figures and Figure 2 of a collection (computed once, then cached). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CollectionSummary } from '../../shared/ipc/types.js';
import { collectionQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { updateJob, useJob } from '../jobs/job-store.js';
import { JobProgress } from '../jobs/JobProgress.js';
import { PostingChart } from './PostingChart.js';

export function StatisticsPanel({ collection }: { collection: CollectionSummary }) {
  const queryClient = useQueryClient();
  const query = useQuery(collectionQueries.statistics(collection.path));
  const started = query.data?.job ?? null;
  useEffect(() => {
    if (started !== null) updateJob(started);
  }, [started]);
  const job = useJob(started?.id);
  useEffect(() => {
    if (job?.state === 'done') void queryClient.invalidateQueries({ queryKey: collectionQueries.statistics(collection.path).queryKey });
  }, [job?.state, queryClient, collection.path]);
  const statistics = query.data?.statistics ?? null;

  return (
    <section className="panel stack" aria-label="Index statistics">
      <h2>Index</h2>
      <ErrorBanner error={query.error ?? (job?.state === 'failed' ? new Error(job.error?.message) : null)} />
      <div className="figures">
        <div className="figure">
          <strong>{collection.documentCount.toLocaleString()}</strong> documents
        </div>
        <div className="figure">
          <strong>{collection.tokenCount.toLocaleString()}</strong> tokens
        </div>
        {statistics !== null && (
          <>
            <div className="figure">
              <strong>{statistics.distinct.toLocaleString()}</strong> distinct N-grams (N ≤ {statistics.maxN})
            </div>
            <div className="figure">
              <strong>
                {statistics.meanPostings.toFixed(2)} ± {statistics.sdPostings.toFixed(2)}
              </strong>
              documents per N-gram
            </div>
          </>
        )}
      </div>
      {job !== undefined && <JobProgress job={job} label="Statistics" />}
      {statistics !== null && (
        <>
          <PostingChart statistics={statistics} />
          <table className="data">
            <thead>
              <tr>
                <th>N</th>
                <th>Distinct N-grams</th>
                <th>In one document only</th>
                <th>Mean documents</th>
              </tr>
            </thead>
            <tbody>
              {statistics.byN.map((row) => (
                <tr key={row.n}>
                  <td>{row.n}</td>
                  <td>{row.distinct.toLocaleString()}</td>
                  <td>{(row.singletonShare * 100).toFixed(1)} %</td>
                  <td>{row.meanPostings.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
