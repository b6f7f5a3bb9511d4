/**
 * Proposed rewrites, one per span or chunk, as inline diffs: accept, edit or reject
 * each, accept all, or force another pass. Suggestions come from a source: placeholders
 * (built in) or the local language model.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReviewDocument, Suggestion } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { documentQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { updateJob, useJob } from '../jobs/job-store.js';
import { JobProgress } from '../jobs/JobProgress.js';

const CONTEXT = 40;

function SuggestionCard({
  suggestion,
  text,
  onAccept,
  onReject,
  onShow,
  busy,
}: {
  suggestion: Suggestion;
  text: string;
  onAccept: (replacement?: string) => void;
  onReject: () => void;
  /** Scrolls the text to the suggestion (it previews there). */
  onShow: () => void;
  busy: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [replacement, setReplacement] = useState(suggestion.after);
  const before = text.slice(Math.max(0, suggestion.start - CONTEXT), suggestion.start);
  const after = text.slice(suggestion.end, suggestion.end + CONTEXT);
  return (
    // A click anywhere on the card but its buttons shows the place in the text.
    <div className="suggestion" data-testid="suggestion" onClick={(event) => (event.target as HTMLElement).closest('button, textarea') === null && onShow()}>
      <div className="row small">
        <span className="badge">{suggestion.source === 'model' ? 'Model' : 'Placeholder'}</span>
        {suggestion.fallback && <span className="badge warn">Model failed: placeholder used</span>}
        <span className="muted">pass {suggestion.pass}</span>
        <button type="button" className="link" onClick={onShow}>
          Show in text
        </button>
      </div>
      <p>
        {suggestion.start > CONTEXT && '…'}
        {before}
        <del>{suggestion.before}</del>
        <ins>{editing ? replacement : suggestion.after}</ins>
        {after}
        {suggestion.end + CONTEXT < text.length && '…'}
      </p>
      {suggestion.reasoning && <p className="reasoning">{suggestion.reasoning}</p>}
      {editing && <textarea aria-label="Your replacement" value={replacement} onChange={(e) => setReplacement(e.target.value)} />}
      <div className="row">
        <button type="button" className="primary" disabled={busy} onClick={() => onAccept(editing ? replacement : undefined)}>
          {editing ? 'Accept edited' : 'Accept'}
        </button>
        <button type="button" disabled={busy} onClick={() => setEditing(!editing)}>
          {editing ? 'Cancel edit' : 'Edit'}
        </button>
        <button type="button" disabled={busy} onClick={onReject}>
          Reject
        </button>
      </div>
    </div>
  );
}

export function SuggestionsPanel({
  document,
  jobId,
  onJob,
  onJumpTo,
}: {
  document: ReviewDocument;
  jobId: string | null;
  onJob: (jobId: string | null) => void;
  onJumpTo: (start: number) => void;
}) {
  const queryClient = useQueryClient();
  const suggestions = useQuery(documentQueries.suggestions(document.id));
  const setJobId = onJob;
  const [lastSource, setLastSource] = useState<'placeholder' | 'model'>('placeholder');
  const job = useJob(jobId);
  const setDocument = (updated: ReviewDocument) => queryClient.setQueryData(documentQueries.get(document.id).queryKey, updated);

  const generate = useMutation({
    mutationFn: (source: 'placeholder' | 'model') => call('suggestions:generate', { documentId: document.id, source, spans: null }),
    onSuccess: (started, source) => {
      updateJob(started);
      setJobId(started.id);
      setLastSource(source);
    },
  });
  const act = useMutation({
    mutationFn: (action: () => Promise<ReviewDocument | null>) => action(),
    onSuccess: (updated) => updated !== null && setDocument(updated),
  });

  const pending = suggestions.data?.filter((s) => s.status === 'pending') ?? [];
  const resolved = suggestions.data?.filter((s) => s.status !== 'pending') ?? [];
  const running = job?.state === 'running';
  const failed = job?.state === 'failed' ? new Error(job.error?.message) : null;

  return (
    <div className="stack" data-testid="suggestions-panel">
      <div className="row">
        <button type="button" disabled={running || generate.isPending} onClick={() => generate.mutate('placeholder')}>
          Suggest placeholders
        </button>
        <button type="button" disabled={running || generate.isPending} onClick={() => generate.mutate('model')}>
          Rewrite with the model
        </button>
      </div>
      {job !== undefined && <JobProgress job={job} label="Suggestions" />}
      <ErrorBanner error={generate.error ?? act.error ?? failed} onDismiss={() => (generate.reset(), act.reset(), setJobId(null))} />
      {pending.length > 0 && (
        <div className="row">
          <button
            type="button"
            className="primary"
            disabled={act.isPending}
            onClick={() => act.mutate(() => call('suggestions:accept-all', { documentId: document.id }))}
          >
            Accept all ({pending.length.toLocaleString()})
          </button>
          <button type="button" disabled={act.isPending} onClick={() => act.mutate(() => call('suggestions:reject-all', { documentId: document.id }))}>
            Reject all
          </button>
          <button
            type="button"
            disabled={running || generate.isPending}
            onClick={() => generate.mutate(lastSource)}
            title="Runs the source again on the phrases still linkable"
          >
            Force another pass
          </button>
        </div>
      )}
      {pending.length === 0 && !running && (
        <p className="muted small">
          No suggestions waiting. Generate them for the phrases still linkable; each becomes a proposed change you accept, edit or reject.
          {resolved.length > 0 && (
            <>
              {' '}
              <button type="button" className="link" disabled={running} onClick={() => generate.mutate(lastSource)}>
                Force another pass
              </button>
            </>
          )}
        </p>
      )}
      {pending.map((s) => (
        <SuggestionCard
          key={s.id}
          suggestion={s}
          text={document.text}
          busy={act.isPending}
          onShow={() => onJumpTo(s.start)}
          onAccept={(replacement) =>
            act.mutate(() => call('suggestions:accept', { documentId: document.id, suggestionId: s.id, ...(replacement !== undefined ? { replacement } : {}) }))
          }
          onReject={() => act.mutate(() => call('suggestions:reject', { documentId: document.id, suggestionId: s.id }))}
        />
      ))}
      {resolved.length > 0 && (
        <p className="small muted">
          Earlier: {resolved.filter((s) => s.status === 'accepted').length} accepted, {resolved.filter((s) => s.status === 'rejected').length} rejected.
        </p>
      )}
    </div>
  );
}
