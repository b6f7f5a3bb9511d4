/** Opens a collection file by its path (typed, or chosen where the app can show a file dialog). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api/client.js';
import { appQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';

export function OpenCollection({ onOpened }: { onOpened: (path: string) => void }) {
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
