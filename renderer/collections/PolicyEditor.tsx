/**
 * The collection's release policy: the k, arity and max N a text must be checked clean
 * at before it is exported without a written justification (shared/review/release-gate.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_BOUNDED_N, MAX_K } from '../../shared/linkage/settings.js';
import type { CollectionPolicy, CollectionSummary } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { ErrorBanner } from '../common/ErrorBanner.js';

export function PolicyEditor({ collection }: { collection: CollectionSummary }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<CollectionPolicy>(collection.policy);
  const save = useMutation({
    mutationFn: (policy: CollectionPolicy) => call('collections:policy', { path: collection.path, policy }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['collections'] }),
  });
  const changed = draft.k !== collection.policy.k || draft.arity !== collection.policy.arity || draft.maxN !== collection.policy.maxN;
  const valid = Number.isInteger(draft.k) && draft.k >= 2 && draft.k <= MAX_K && Number.isInteger(draft.maxN) && draft.maxN >= 0 && draft.maxN <= MAX_BOUNDED_N;
  return (
    <form
      className="stack"
      data-testid="policy"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) save.mutate(draft);
      }}
    >
      <h3>Release policy</h3>
      <p className="small muted">
        A text released against this collection must be checked clean at least this strictly; otherwise its export needs a written justification, which goes
        into the review log.
      </p>
      <div className="row small">
        <label>
          k (fewest documents a phrase may match){' '}
          <input
            type="number"
            min={2}
            max={MAX_K}
            value={draft.k}
            onChange={(e) => setDraft({ ...draft, k: e.target.valueAsNumber })}
            style={{ width: '5rem' }}
          />
        </label>
        <label>
          Arity{' '}
          <select value={draft.arity} onChange={(e) => setDraft({ ...draft, arity: Number(e.target.value) as 1 | 2 | 3 })}>
            <option value={1}>1: single phrases</option>
            <option value={2}>≤ 2: and pairs</option>
            <option value={3}>≤ 3: and triples</option>
          </select>
        </label>
        <label>
          Max N (0 = unbounded){' '}
          <input
            type="number"
            min={0}
            max={MAX_BOUNDED_N}
            value={draft.maxN}
            onChange={(e) => setDraft({ ...draft, maxN: e.target.valueAsNumber })}
            style={{ width: '5rem' }}
          />
        </label>
        <button type="submit" disabled={!changed || !valid || save.isPending}>
          Save policy
        </button>
        {save.isSuccess && !changed && (
          <span className="small muted" role="status">
            Saved
          </span>
        )}
      </div>
      {!valid && (
        <p className="small" style={{ color: 'var(--danger)' }}>
          k is a whole number from 2 to {MAX_K}; max N from 0 to {MAX_BOUNDED_N}.
        </p>
      )}
      <ErrorBanner error={save.error} />
    </form>
  );
}
