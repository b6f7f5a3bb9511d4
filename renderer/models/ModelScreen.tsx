/**
 * The local language model that proposes rewrites: the GGUF files found, their facts,
 * the choice, and how it runs. Nothing is downloaded: the clerk brings the file.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ModelFile } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { appQueries, modelQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { updateJob, useJob } from '../jobs/job-store.js';
import { JobProgress } from '../jobs/JobProgress.js';
import { MeaningCheckSwitch } from './MeaningCheckSwitch.js';
import { RewriteSettingsPanel } from './RewriteSettingsPanel.js';

function size(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;
}

function parameters(count: number | null): string {
  if (count === null || count === 0) return '—';
  return count >= 1e9 ? `${(count / 1e9).toFixed(1)} B` : `${(count / 1e6).toFixed(1)} M`;
}

export function ModelScreen() {
  const queryClient = useQueryClient();
  const info = useQuery(appQueries.info());
  const state = useQuery(modelQueries.state());
  const [path, setPath] = useState('');
  const [expected, setExpected] = useState('');
  const [hashJob, setHashJob] = useState<string | null>(null);
  const job = useJob(hashJob);
  const choose = useMutation({
    mutationFn: (p: string) => call('models:choose', { path: p }),
    onSuccess: (next) => queryClient.setQueryData(modelQueries.state().queryKey, next),
  });
  const hash = useMutation({
    mutationFn: () => call('models:hash', {}),
    onSuccess: (started) => {
      updateJob(started);
      setHashJob(started.id);
    },
  });
  const pick = async () => {
    const picked = await call('dialog:pick', { purpose: 'model' });
    if (picked.paths[0] !== undefined) choose.mutate(picked.paths[0]);
  };
  const data = state.data;
  const sha256 = job?.state === 'done' ? (job.value as string) : data?.sha256;

  return (
    <div className="collections" data-testid="model-screen">
      <aside>
        <h2>Language model</h2>
        <p className="small muted">
          Rewrites are proposed by a local instruction-tuned model in GGUF format (the paper used Qwen3-4B). It runs on this computer, on the GPU when one is
          available, and never downloads anything.
        </p>
        <h3>Bringing Qwen3-4B to an air-gapped machine</h3>
        <ol className="small">
          <li>
            On a connected machine, download <code>Qwen3-4B-Q4_K_M.gguf</code> (about 2.5 GB) from the model's publisher.
          </li>
          <li>Check its SHA-256 against the publisher's, and copy it on approved media.</li>
          <li>Put it in {data?.folders.length ? <code>{data.folders[data.folders.length - 1]}</code> : 'the models folder'}, or choose it below.</li>
        </ol>
      </aside>
      <section>
        <ErrorBanner error={state.error ?? choose.error ?? hash.error ?? (job?.state === 'failed' ? new Error(job.error?.message) : null)} />
        <div className="panel stack">
          <div className="row">
            <h2 style={{ flex: 1 }}>Models found</h2>
            <button type="button" onClick={() => void state.refetch()} disabled={state.isFetching}>
              {state.isFetching ? 'Scanning…' : 'Rescan folders'}
            </button>
          </div>
          <p className="small muted path" data-testid="model-folders">
            Searched: {data?.folders.join(', ') || '—'}
          </p>
          <table className="data" data-testid="models">
            <thead>
              <tr>
                <th>File</th>
                <th>Architecture</th>
                <th>Parameters</th>
                <th>Quantization</th>
                <th>Context</th>
                <th>Size</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data?.models.map((m: ModelFile) => (
                <tr key={m.path}>
                  <td title={m.path} className="path">
                    {m.fileName}
                  </td>
                  {m.problem !== null ? (
                    <td colSpan={5} className="small" style={{ color: 'var(--danger)' }}>
                      {m.problem}
                    </td>
                  ) : (
                    <>
                      <td>{m.architecture}</td>
                      <td>{parameters(m.parameterCount)}</td>
                      <td>{m.quantization}</td>
                      <td>{m.contextLength?.toLocaleString()}</td>
                      <td>{size(m.sizeBytes)}</td>
                    </>
                  )}
                  <td>
                    {m.path === data.chosen ? (
                      <strong>In use</strong>
                    ) : m.meaningCheck ? (
                      <span className="small" title="Judges the rewriting model's answers: it cannot rewrite">
                        Meaning check
                      </span>
                    ) : m.embedding ? (
                      <span className="small muted" title="An embedding model turns text into vectors: it cannot rewrite">
                        Embedding model
                      </span>
                    ) : (
                      <button type="button" disabled={m.problem !== null || choose.isPending} onClick={() => choose.mutate(m.path)}>
                        Use
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data?.models.length === 0 && <p className="muted">No GGUF files found yet.</p>}
          {data !== undefined && <MeaningCheckSwitch check={data.meaningCheck} />}
          <form
            className="row"
            onSubmit={(event) => {
              event.preventDefault();
              choose.mutate(path.trim());
            }}
          >
            <input
              style={{ flex: 1 }}
              placeholder="/path/to/Qwen3-4B-Q4_K_M.gguf"
              value={path}
              onChange={(e) => setPath(e.target.value)}
              aria-label="Model file path"
            />
            <button type="submit" disabled={path.trim() === '' || choose.isPending}>
              Use this file
            </button>
            {info.data?.canPickPaths && (
              <button type="button" onClick={() => void pick()}>
                Choose…
              </button>
            )}
          </form>
        </div>
        {data?.chosen && (
          <div className="panel stack" data-testid="model-in-use">
            <h2>In use</h2>
            <p className="small path">{data.chosen}</p>
            <p className="small">
              {data.backend ?? 'Loaded on the first rewrite; the backend (CUDA, Vulkan, Metal or the CPU) and the layers on the GPU are shown then.'}
            </p>
            <p className="small">
              SHA-256: {sha256 ?? <span className="muted">not computed yet</span>}{' '}
              {!sha256 && (
                <button type="button" className="link" onClick={() => hash.mutate()} disabled={job?.state === 'running'}>
                  Compute
                </button>
              )}
            </p>
            {job !== undefined && <JobProgress job={job} label="SHA-256" />}
            <ExpectedHash
              actual={sha256 ?? null}
              value={expected}
              onChange={setExpected}
              onCompute={() => hash.mutate()}
              computing={job?.state === 'running'}
            />
          </div>
        )}
        {data?.settingsProblem && <ErrorBanner error={new Error(data.settingsProblem)} />}
        {data !== undefined && <RewriteSettingsPanel settings={data.settings} />}
      </section>
    </div>
  );
}

/** The publisher's SHA-256, pasted by the clerk, against the file's (computed on request). */
function ExpectedHash(props: { actual: string | null; value: string; onChange: (value: string) => void; onCompute: () => void; computing: boolean }) {
  const wanted = props.value.trim().toLowerCase();
  const wellFormed = /^[0-9a-f]{64}$/u.test(wanted);
  let verdict: React.ReactNode = null;
  if (wanted !== '' && !wellFormed) verdict = <span className="small muted">A SHA-256 is 64 hexadecimal characters.</span>;
  else if (wellFormed && props.actual === null)
    verdict = (
      <button type="button" className="link" onClick={props.onCompute} disabled={props.computing}>
        Compute the file's SHA-256 to compare
      </button>
    );
  else if (wellFormed && props.actual === wanted)
    verdict = (
      <strong className="small" style={{ color: 'var(--ok)' }}>
        Matches: this is the publisher's file.
      </strong>
    );
  else if (wellFormed)
    verdict = (
      <strong className="small" style={{ color: 'var(--danger)' }}>
        Does not match: this file is not the one the publisher lists. Do not use it.
      </strong>
    );
  return (
    <div className="stack" data-testid="expected-sha256">
      <label className="small">
        Expected SHA-256 (from the publisher)
        <input className="mono" style={{ width: '100%' }} value={props.value} spellCheck={false} onChange={(event) => props.onChange(event.target.value)} />
      </label>
      <span data-testid="sha256-verdict">{verdict}</span>
    </div>
  );
}
