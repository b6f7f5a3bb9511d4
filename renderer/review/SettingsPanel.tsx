/**
 * Detection settings of the document, each with its price: the share of the text it
 * would send for rewriting, shown before the clerk chooses it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { ReviewDocument, ReviewSettings } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { collectionQueries, detectionQueries, documentQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import type { Detection } from './use-detection.js';

function percent(share: number | null | undefined): string {
  return share === null || share === undefined ? 'checking…' : `${Math.round(share * 100)} %`;
}

function Meter({ share }: { share: number | null | undefined }) {
  return <div className="meter">{share !== null && share !== undefined && <div style={{ width: `${Math.round(share * 100)}%` }} />}</div>;
}

export function SettingsPanel({ document, detection }: { document: ReviewDocument; detection: Detection }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const settings = document.settings;
  const collections = useQuery(collectionQueries.list());
  const suggestions = useQuery({ ...detectionQueries.suggestSource(settings.collectionPath ?? '', document.text), enabled: settings.collectionPath !== null });
  const save = useMutation({
    mutationFn: (next: ReviewSettings) => call('documents:settings', { documentId: document.id, settings: next }),
    onSuccess: (updated) => queryClient.setQueryData(documentQueries.get(document.id).queryKey, updated),
  });
  const update = (patch: Partial<ReviewSettings>) => save.mutate({ ...settings, ...patch });
  const cost = detection.result?.cost;
  const top = suggestions.data?.[0];

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
        k (anonymity)
        <input
          type="number"
          min={2}
          max={1000}
          value={settings.k}
          onChange={(e) => Number(e.target.value) >= 2 && update({ k: Math.round(Number(e.target.value)) })}
        />
      </label>
      <label>
        Longest phrase (N)
        <span className="row">
          <input
            type="number"
            min={1}
            max={64}
            value={settings.maxN === 0 ? '' : settings.maxN}
            disabled={settings.maxN === 0}
            onChange={(e) => Number(e.target.value) >= 1 && update({ maxN: Math.round(Number(e.target.value)) })}
            aria-label="Longest phrase in words"
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
                  <td>{percent(share)} of the words</td>
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
      <label>
        Source document
        <input
          list={`${ids}-sources`}
          value={settings.sourceId ?? ''}
          placeholder="optional"
          onChange={(e) => e.target.value === '' && update({ sourceId: null })}
          onBlur={(e) => e.target.value !== (settings.sourceId ?? '') && update({ sourceId: e.target.value === '' ? null : e.target.value })}
        />
      </label>
      <datalist id={`${ids}-sources`}>
        {suggestions.data?.map((s) => (
          <option key={s.id} value={s.id}>{`${s.sharedRarePhrases} rare phrases shared`}</option>
        ))}
      </datalist>
      {top !== undefined && top.id !== settings.sourceId && (
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
