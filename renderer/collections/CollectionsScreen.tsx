/**
 * Collections: the original documents D that released texts must not link back to.
 * Create one from files, open an existing one, add or remove documents, compact it, and
 * see the index's figures.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { collectionQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { CollectionDetail } from './CollectionDetail.js';
import { NewCollection } from './NewCollection.js';
import { OpenCollection } from './OpenCollection.js';

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
