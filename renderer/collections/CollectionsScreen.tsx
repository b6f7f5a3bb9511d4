/**
 * Collections: the original documents D that released texts must not link back to.
 * Create one from files, open an existing one, add or remove documents, compact it, and
 * see the index's figures.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CollectionSummary, JobInfo } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { appQueries, collectionQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { useStartJob } from '../jobs/job-store.js';
import { JobProgress } from '../jobs/JobProgress.js';
import { CompactPanel } from './CompactPanel.js';
import { DocumentsTable } from './DocumentsTable.js';
import { ImportSources, type ImportSource } from './ImportSources.js';
import { PolicyEditor } from './PolicyEditor.js';
import { StatisticsPanel } from './StatisticsPanel.js';

function ImportReport({ job }: { job: JobInfo | undefined }) {
  if (job?.state !== 'done') return null;
  const report = (job.value as { report?: { added: number; tokens: number; problems: { message: string }[]; files?: { file: string; documents: number }[] } })
    .report;
  if (report === undefined) return null;
  return (
    <div className="small" role="status" data-testid="import-report">
      Added {report.added.toLocaleString()} documents ({report.tokens.toLocaleString()} tokens).
      {report.files !== undefined && report.files.length > 0 && (
        <details>
          <summary>From {report.files.length === 1 ? '1 file' : `${report.files.length.toLocaleString()} files`}</summary>
          <ul className="path">
            {report.files.slice(0, 200).map((f) => (
              <li key={f.file}>
                {f.file}: {f.documents.toLocaleString()} document{f.documents === 1 ? '' : 's'}
              </li>
            ))}
          </ul>
        </details>
      )}
      {report.problems.length > 0 && (
        <details>
          <summary>{report.problems.length} input(s) skipped</summary>
          <ul>
            {report.problems.slice(0, 100).map((p, i) => (
              <li key={i}>{p.message}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function NewCollection({ onCreated }: { onCreated: (path: string) => void }) {
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

function OpenCollection({ onOpened }: { onOpened: (path: string) => void }) {
  const info = useQuery(appQueries.info());
  const [path, setPath] = useState('');
  const open = useMutation({ mutationFn: (p: string) => call('collections:open', { path: p }), onSuccess: (c) => onOpened(c.path) });
  const pick = async () => {
    const picked = await call('dialog:pick', { purpose: 'collection-open' });
    if (picked.paths[0] !== undefined) open.mutate(picked.paths[0]);
  };
  return (
    <form
      className="stack panel"
      onSubmit={(event) => {
        event.preventDefault();
        open.mutate(path.trim());
      }}
    >
      <h3>Open a collection file</h3>
      <div className="row">
        <input
          style={{ flex: 1 }}
          placeholder="/path/to/collection.unl"
          value={path}
          onChange={(e) => setPath(e.target.value)}
          aria-label="Collection file path"
        />
        <button type="submit" disabled={path.trim() === '' || open.isPending}>
          Open
        </button>
        {info.data?.canPickPaths && (
          <button type="button" onClick={() => void pick()}>
            Choose…
          </button>
        )}
      </div>
      <ErrorBanner error={open.error} />
    </form>
  );
}

function CollectionDetail({ collection }: { collection: CollectionSummary }) {
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

export function CollectionsScreen() {
  const collections = useQuery(collectionQueries.list());
  const [selected, setSelected] = useState<string | null>(null);
  const current = collections.data?.find((c) => c.path === selected) ?? collections.data?.[0];
  return (
    <div className="collections" data-testid="collections-screen" data-state={collections.isSuccess ? 'ready' : 'loading'}>
      <aside aria-label="Collections">
        <h2>Collections</h2>
        <ErrorBanner error={collections.error} />
        <ul className="collection-list">
          {collections.data?.map((c) => (
            <li key={c.path}>
              <button type="button" aria-current={c.path === current?.path ? 'true' : undefined} onClick={() => setSelected(c.path)}>
                <strong>{c.name}</strong>
                <br />
                <span className="small muted">
                  {c.documentCount.toLocaleString()} documents · {c.tokenCount.toLocaleString()} tokens{c.available ? '' : ' · missing'}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <div className="stack">
          <NewCollection onCreated={setSelected} />
          <OpenCollection onOpened={setSelected} />
        </div>
      </aside>
      <section>
        {current !== undefined ? (
          <CollectionDetail key={current.path} collection={current} />
        ) : (
          <div className="empty">No collection yet. Create one from the documents released texts must not link back to.</div>
        )}
      </section>
    </div>
  );
}
