/** A collection's documents: search by id, page through, remove the selected ones. */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CollectionSummary } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { collectionQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';

const PAGE = 50;

export function DocumentsTable({ collection }: { collection: CollectionSummary }) {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const page = useQuery({ ...collectionQueries.documents(collection.path, search, offset, PAGE), placeholderData: keepPreviousData });
  const remove = useMutation({
    mutationFn: () => call('collections:remove-documents', { path: collection.path, ids: [...selected] }),
    onSuccess: () => setSelected(new Set()),
  });
  const total = page.data?.total ?? 0;

  return (
    <section className="panel stack" aria-label="Documents of the collection">
      <div className="row">
        <h2 style={{ flex: 1 }}>Documents</h2>
        <input
          type="search"
          placeholder="Search ids"
          aria-label="Search document ids"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setOffset(0);
          }}
        />
        <button
          type="button"
          className="danger"
          disabled={selected.size === 0 || remove.isPending}
          onClick={() =>
            window.confirm(`Remove ${selected.size} document(s) from “${collection.name}”? The documents leave the index; this cannot be undone.`) &&
            remove.mutate()
          }
        >
          Remove selected ({selected.size})
        </button>
      </div>
      <ErrorBanner error={page.error ?? remove.error} />
      <table className="data" data-testid="collection-documents">
        <thead>
          <tr>
            <th />
            <th>Id</th>
            <th>Tokens</th>
            <th>Source</th>
            <th>Added</th>
          </tr>
        </thead>
        <tbody>
          {page.data?.documents.map((d) => (
            <tr key={d.id}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Select ${d.id}`}
                  checked={selected.has(d.id)}
                  onChange={(e) => {
                    const next = new Set(selected);
                    if (e.target.checked) next.add(d.id);
                    else next.delete(d.id);
                    setSelected(next);
                  }}
                />
              </td>
              <td>{d.id}</td>
              <td>{d.tokens.toLocaleString()}</td>
              <td>{d.source ?? ''}</td>
              <td>{new Date(d.addedAt).toLocaleDateString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="row small">
        <span className="muted">{total === 0 ? 'No documents' : `${offset + 1}–${Math.min(total, offset + PAGE)} of ${total.toLocaleString()}`}</span>
        <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
          Previous
        </button>
        <button type="button" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
          Next
        </button>
      </div>
    </section>
  );
}
