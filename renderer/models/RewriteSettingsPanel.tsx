/** How the model rewrites: the paper's temperature (1.2) and a random seed by default. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RewriteSettings } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { modelQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';

export function RewriteSettingsPanel({ settings }: { settings: RewriteSettings }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(settings);
  const save = useMutation({
    mutationFn: (next: RewriteSettings) => call('models:settings', next),
    onSuccess: (state) => queryClient.setQueryData(modelQueries.state().queryKey, state),
  });
  const number = (value: string): number | null => (value.trim() === '' ? null : Number(value));
  return (
    <form
      className="panel stack settings"
      data-testid="rewrite-settings"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft);
      }}
    >
      <h2>Rewriting</h2>
      <label>
        Temperature
        <input
          type="number"
          step="0.1"
          min={0}
          max={2}
          value={draft.temperature}
          onChange={(e) => setDraft({ ...draft, temperature: Number(e.target.value) })}
        />
      </label>
      <label>
        Seed
        <input
          type="number"
          min={0}
          placeholder="random each run"
          value={draft.seed ?? ''}
          onChange={(e) => setDraft({ ...draft, seed: number(e.target.value) })}
        />
      </label>
      <label>
        Most passes
        <input type="number" min={1} max={10} value={draft.maxPasses} onChange={(e) => setDraft({ ...draft, maxPasses: Number(e.target.value) })} />
      </label>
      <label>
        Examples in the prompt
        <input type="number" min={0} max={4} value={draft.fewShot} onChange={(e) => setDraft({ ...draft, fewShot: Number(e.target.value) })} />
      </label>
      <label>
        Longest answer (tokens)
        <input
          type="number"
          min={8}
          max={8192}
          placeholder="automatic"
          value={draft.maxTokens ?? ''}
          onChange={(e) => setDraft({ ...draft, maxTokens: number(e.target.value) })}
        />
      </label>
      <ErrorBanner error={save.error} />
      <div className="row">
        <button type="submit" className="primary" disabled={save.isPending}>
          Save
        </button>
        {save.isSuccess && <span className="small muted">Saved; used from the next rewrite.</span>}
      </div>
    </form>
  );
}
