/**
 * Detection settings of the document, each with its price: the share of the text it
 * would send for rewriting, shown before the clerk chooses it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ReviewDocument, ReviewSettings, SourceCandidate } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { collectionQueries, documentQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { useDebounced, type Detection } from './use-detection.js';
import { useSourceSuggestions } from './use-source-suggestions.js';
import { WholeNumberField } from './WholeNumberField.js';
import { REDACTED } from '../../shared/review/redaction.js';

/** Typed placeholders the clerk can choose instead of [REDACTED]. */
const PLACEHOLDERS = [REDACTED, '[PERSON]', '[PLACE]', '[DATE]', '[ORGANISATION]', '[NUMBER]'];

/**
 * The source document: typed freely (ids of the collection are offered as you type) or
 * taken from the suggestions; saved on Enter or when the field loses focus, and checked
 * against the collection then.
 */
function SourceField({
  settings,
  suggestions,
  onChoose,
}: {
  settings: ReviewSettings;
  suggestions: readonly SourceCandidate[];
  onChoose: (id: string | null) => void;
}) {
  const ids = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const value = typed ?? settings.sourceId ?? '';
  const search = useDebounced(value, 200);
  const matches = useQuery({
    ...collectionQueries.documents(settings.collectionPath ?? '', search, 0, 20),
    enabled: settings.collectionPath !== null && typed !== null && search.trim().length > 0,
  });
  const commit = () => {
    if (typed === null) return;
    const next = typed.trim() === '' ? null : typed.trim();
    setTyped(null);
    if (next !== settings.sourceId) onChoose(next);
  };
  return (
    <label>
      Source document
      <input
        list={`${ids}-sources`}
        value={value}
        placeholder="optional: type to search the collection's ids"
        aria-label="Source document"
        data-testid="source-field"
        onChange={(e) => setTyped(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setTyped(null);
        }}
      />
      <datalist id={`${ids}-sources`}>
        {suggestions.map((s) => (
          <option key={`s-${s.id}`} value={s.id}>{`${s.sharedRarePhrases} rare phrases shared`}</option>
        ))}
        {matches.data?.documents
          .filter((d) => !suggestions.some((s) => s.id === d.id))
          .map((d) => (
            <option key={`d-${d.id}`} value={d.id}>{`${d.tokens.toLocaleString()} words`}</option>
          ))}
      </datalist>
    </label>
  );
}

function percent(share: number | null | undefined, checking: boolean): string {
  if (share === null || share === undefined) return checking ? 'checking…' : 'not measured';
  return `${Math.round(share * 100)} %`;
}

function Meter({ share }: { share: number | null | undefined }) {
  return <div className="meter">{share !== null && share !== undefined && <div style={{ width: `${Math.round(share * 100)}%` }} />}</div>;
}

export function SettingsPanel({ document, detection }: { document: ReviewDocument; detection: Detection }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const settings = document.settings;
  const collections = useQuery(collectionQueries.list());
  const suggestions = useSourceSuggestions(document);
  const save = useMutation({
    mutationFn: (next: ReviewSettings) => call('documents:settings', { documentId: document.id, settings: next }),
    onSuccess: (updated) => queryClient.setQueryData(documentQueries.get(document.id).queryKey, updated),
  });
  const update = (patch: Partial<ReviewSettings>) => save.mutate({ ...settings, ...patch });
  const cost = detection.result?.cost;
  const top = suggestions.ranked[0];
  // Offered when no source is set, or when it shares more rare phrases than the one set.
  const offerTop = top !== undefined && top.sharedRarePhrases > 0 && (settings.sourceId === null || suggestions.doubt !== undefined);

  return (
    <div className="settings stack" data-testid="settings">
      <ErrorBanner error={save.error} onDismiss={() => save.reset()} />
      <label>
        Collection
        <select
          value={settings.collectionPath ?? ''}
          onChange={(e) => update({ collectionPath: e.target.value === '' ? null : e.target.value, sourceId: null })}
        >
          <option value="">(none chosen)</option>
          {collections.data
            ?.filter((c) => c.available)
            .map((c) => (
              <option key={c.path} value={c.path}>
                {c.name} ({c.documentCount.toLocaleString()} documents)
              </option>
            ))}
        </select>
      </label>
      <label>
        What the plan changes
        <select value={settings.strategy} onChange={(e) => update({ strategy: e.target.value as ReviewSettings['strategy'] })} aria-label="Planning strategy">
          <option value="minimal">The fewest words that break every linkage</option>
          <option value="paper">Every word of every flagged phrase (the paper's rule)</option>
        </select>
      </label>
      <label>
        Placeholder
        <select value={settings.placeholder} onChange={(e) => update({ placeholder: e.target.value })} aria-label="Placeholder">
          {PLACEHOLDERS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label>
        k (anonymity)
        <WholeNumberField value={settings.k} min={2} max={1000} onCommit={(k) => update({ k })} />
      </label>
      <label>
        Longest phrase (N)
        <span className="row">
          <WholeNumberField
            value={settings.maxN === 0 ? null : settings.maxN}
            min={1}
            max={64}
            disabled={settings.maxN === 0}
            onCommit={(maxN) => update({ maxN })}
            ariaLabel="Longest phrase in words"
          />
          <label className="row small">
            <input type="checkbox" checked={settings.maxN === 0} onChange={(e) => update({ maxN: e.target.checked ? 0 : 8 })} /> unbounded
          </label>
        </span>
      </label>
      <fieldset>
        <legend>Arity: combinations of up to</legend>
        <table className="cost" data-testid="cost">
          <thead>
            <tr>
              <th />
              <th>Sends for rewriting</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {([1, 2, 3] as const).map((arity) => {
              const share = arity === 1 ? cost?.arity1 : arity === 2 ? cost?.arity2 : cost?.arity3;
              return (
                <tr key={arity}>
                  <td>
                    <label className="row">
                      <input type="radio" name={`${ids}-arity`} checked={settings.arity === arity} onChange={() => update({ arity })} />
                      {arity === 1 ? '1 phrase' : `≤ ${arity} phrases`}
                    </label>
                  </td>
                  <td>{percent(share, detection.status === 'checking' || detection.checkingCombinations)} of the words</td>
                  <td style={{ width: '30%' }}>
                    <Meter share={share} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {cost?.commonPhrasesFlagged !== null && cost?.commonPhrasesFlagged !== undefined && (
          <p className="small muted">
            At arity ≤ 3, {Math.round(cost.commonPhrasesFlagged * 100)} % of this text's common phrases take part in a linkable combination and would be
            rewritten.
          </p>
        )}
      </fieldset>
      <SourceField settings={settings} suggestions={suggestions.ranked.filter((s) => s.sharedRarePhrases > 0)} onChoose={(sourceId) => update({ sourceId })} />
      {offerTop && (
        <p className="small">
          Most likely source: <strong>{top.id}</strong> ({top.sharedRarePhrases} rare phrases shared).{' '}
          <button type="button" className="link" onClick={() => update({ sourceId: top.id })}>
            Use it
          </button>
        </p>
      )}
      <p className="small muted">With a source, only phrases that link to that document count. Without one, any document singled out counts.</p>
    </div>
  );
}
