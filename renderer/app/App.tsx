/**
 * The window: a top bar to switch between reviewing documents, managing collections and
 * choosing the language model. Alt+1, Alt+2 and Alt+3 switch screens from the keyboard;
 * ? lists every shortcut.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { appQueries } from '../api/queries.js';
import { CollectionsScreen } from '../collections/CollectionsScreen.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { keyIsForFieldOrDialog } from '../common/keyboard-shortcuts.js';
import { ShortcutsDialog } from '../common/ShortcutsDialog.js';
import { JobProgress } from '../jobs/JobProgress.js';
import { useFollowedJob } from '../jobs/use-followed-job.js';
import { ModelScreen } from '../models/ModelScreen.js';
import { ReviewScreen } from '../review/ReviewScreen.js';

type Screen = 'review' | 'collections' | 'model';

export function App() {
  const [screen, setScreen] = useState<Screen>('review');
  const [showingShortcuts, setShowingShortcuts] = useState(false);
  const info = useQuery(appQueries.info());
  // The most recent collection's index loads in the background from the start (a large archive takes seconds).
  const collectionLoad = useFollowedJob(info.data?.collectionLoadJobId ?? null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !keyIsForFieldOrDialog(event.target)) {
        event.preventDefault();
        setShowingShortcuts(true);
      }
      if (!event.altKey) return;
      if (event.key === '1') setScreen('review');
      if (event.key === '2') setScreen('collections');
      if (event.key === '3') setScreen('model');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A file dropped where nothing takes it must not replace the app: a browser opens it in the
  // tab (the Electron shell refuses navigation already). Only a file field keeps its own drop.
  useEffect(() => {
    const refuse = (event: DragEvent) => {
      if (!(event.target instanceof HTMLInputElement && event.target.type === 'file')) event.preventDefault();
    };
    window.addEventListener('dragover', refuse);
    window.addEventListener('drop', refuse);
    return () => {
      window.removeEventListener('dragover', refuse);
      window.removeEventListener('drop', refuse);
    };
  }, []);

  return (
    <div className="app" data-state={info.isSuccess ? 'ready' : 'loading'}>
      <header className="topbar">
        <span className="brand">Unlinkable</span>
        <nav aria-label="Screens">
          <button type="button" aria-current={screen === 'review' ? 'page' : undefined} onClick={() => setScreen('review')} title="Alt+1">
            Review
          </button>
          <button type="button" aria-current={screen === 'collections' ? 'page' : undefined} onClick={() => setScreen('collections')} title="Alt+2">
            Collections
          </button>
          <button type="button" aria-current={screen === 'model' ? 'page' : undefined} onClick={() => setScreen('model')} title="Alt+3">
            Model
          </button>
        </nav>
        <span className="spacer" />
        {collectionLoad !== undefined && <JobProgress job={collectionLoad} label="Loading the index" />}
        <span className="offline" title="Unlinkable never connects to a network: everything stays on this computer.">
          ● Offline by design
        </span>
        {info.data && <span className="small">v{info.data.version}</span>}
        <button
          type="button"
          className="shortcuts-button"
          onClick={() => setShowingShortcuts(true)}
          title="Keyboard shortcuts (?)"
          aria-label="Keyboard shortcuts"
        >
          ?
        </button>
      </header>
      {showingShortcuts && <ShortcutsDialog onClose={() => setShowingShortcuts(false)} />}
      {info.isError ? (
        <ErrorBanner error={info.error} />
      ) : (
        <div className="screen">
          {screen === 'review' && <ReviewScreen onOpenCollections={() => setScreen('collections')} />}
          {screen === 'collections' && <CollectionsScreen />}
          {screen === 'model' && <ModelScreen />}
        </div>
      )}
    </div>
  );
}
