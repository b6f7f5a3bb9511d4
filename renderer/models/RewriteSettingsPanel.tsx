/**
 * How the model rewrites: the paper's temperature (1.2) and a random seed by default.
 * The fields hold what the clerk types (rewrite-settings-draft.ts), and Save reads them:
 * a field that is wrong says so beside it once the clerk leaves it or presses Save, and
 * nothing is saved until every field is right.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RewriteSettings } from '../../shared/ipc/types.js';
import { DEFAULT_REWRITE_SETTINGS } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { modelQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { draftOf, readDraft, sameSettings, type RewriteDraft } from './rewrite-settings-draft.js';

interface FieldSpec {
  readonly key: keyof RewriteSettings;
  readonly label: string;
  readonly inputMode: 'decimal' | 'numeric';
  readonly placeholder?: string;
}

const FIELDS: readonly FieldSpec[] = [
  { key: 'temperature', label: 'Temperature', inputMode: 'decimal' },
  { key: 'seed', label: 'Seed', inputMode: 'numeric', placeholder: 'random each run' },
  { key: 'maxPasses', label: 'Most passes', inputMode: 'numeric' },
  { key: 'fewShot', label: 'Examples in the prompt', inputMode: 'numeric' },
  { key: 'maxTokens', label: 'Longest answer (tokens)', inputMode: 'numeric', placeholder: 'automatic' },
];

export function RewriteSettingsPanel({ settings }: { settings: RewriteSettings }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<RewriteDraft>(() => draftOf(settings));
  // Fields whose problem is shown: left once, or all of them after a Save that could not go.
  const [checked, setChecked] = useState<ReadonlySet<keyof RewriteSettings>>(new Set());
  const save = useMutation({
    mutationFn: (next: RewriteSettings) => call('models:settings', next),
    onSuccess: (state) => queryClient.setQueryData(modelQueries.state().queryKey, state),
  });
  const read = readDraft(draft);
  const problems = 'problems' in read ? read.problems : {};
  const unchanged = 'settings' in read && sameSettings(read.settings, settings);
  const atDefaults = 'settings' in read && sameSettings(read.settings, DEFAULT_REWRITE_SETTINGS);
  const showCheck = (key: keyof RewriteSettings) => setChecked((keys) => new Set(keys).add(key));
  return (
    <form
      className="panel stack settings"
      data-testid="rewrite-settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if ('settings' in read) save.mutate(read.settings);
        else setChecked(new Set(FIELDS.map((field) => field.key)));
      }}
    >
      <h2>Rewriting</h2>
      {FIELDS.map(({ key, label, inputMode, placeholder }) => {
        const problem = checked.has(key) ? problems[key] : undefined;
        return (
          <label key={key}>
            {label}
            <span className="stack">
              <input
                type="text"
                inputMode={inputMode}
                placeholder={placeholder}
                value={draft[key]}
                aria-invalid={problem !== undefined}
                onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
                onBlur={() => showCheck(key)}
              />
              {problem !== undefined && (
                <span className="warn small" role="alert">
                  {problem}
                </span>
              )}
            </span>
          </label>
        );
      })}
      <ErrorBanner error={save.error} />
      <div className="row">
        <button type="submit" className="primary" disabled={save.isPending || unchanged}>
          Save
        </button>
        <button type="button" onClick={() => setDraft(draftOf(DEFAULT_REWRITE_SETTINGS))} disabled={atDefaults}>
          The paper's defaults
        </button>
        {save.isSuccess && unchanged && (
          <span className="small muted" role="status">
            Saved; used from the next rewrite.
          </span>
        )}
      </div>
    </form>
  );
}
