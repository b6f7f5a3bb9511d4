/**
 * Autosave for direct editing: every change is saved within a moment (one request in
 * flight, the latest text wins), so a crash or a kill loses at most the last keystrokes.
 * Leaving the document (another one chosen, the editor closed) saves what is pending at
 * once, and leaving the page with unsaved typing asks first in the browser. A failed save
 * keeps the draft on screen and says why.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReviewDocument } from '../../shared/ipc/types.js';
import { call, inBrowserHost } from '../api/client.js';
import { documentQueries } from '../api/queries.js';

const SAVE_DELAY_MS = 500;

interface SaveState {
  base: number;
  saved: string;
  latest: string;
  inFlight: Promise<void> | null;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export function useAutosave(document: ReviewDocument, onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(document.text);
  const [savedText, setSavedText] = useState(document.text);
  const [saving, setSaving] = useState(false);
  const state = useRef<SaveState>({ base: document.versionId, saved: document.text, latest: document.text, inFlight: null, timer: undefined });

  // A new head from elsewhere (undo, a suggestion) replaces a draft with nothing unsaved.
  useEffect(() => {
    const s = state.current;
    if (s.latest === s.saved && document.versionId !== s.base) {
      s.base = document.versionId;
      s.saved = document.text;
      s.latest = document.text;
      // Mirrors a change made outside this editor; it cannot loop (the guard above).
      setDraft(document.text);
      setSavedText(document.text);
    }
  }, [document.versionId, document.text]);

  const save = useCallback(async (): Promise<void> => {
    const s = state.current;
    // One save at a time; whoever waits re-checks, so only one goes next.
    while (s.inFlight !== null) await s.inFlight;
    const text = s.latest;
    if (text === s.saved) return;
    setSaving(true);
    const request = call('documents:edit', { documentId: document.id, baseVersionId: s.base, text, source: 'manual', description: 'Edited the text' })
      .then((updated) => {
        s.base = updated.versionId;
        s.saved = text;
        setSavedText(text);
        queryClient.setQueryData(documentQueries.get(document.id).queryKey, updated);
      })
      .catch(onError)
      .finally(() => {
        s.inFlight = null;
        setSaving(false);
      });
    s.inFlight = request;
    await request;
  }, [document.id, onError, queryClient]);

  const change = useCallback(
    (text: string) => {
      const s = state.current;
      s.latest = text;
      setDraft(text);
      clearTimeout(s.timer);
      s.timer = setTimeout(() => void save(), SAVE_DELAY_MS);
    },
    [save],
  );

  const flush = useCallback(() => {
    clearTimeout(state.current.timer);
    return save();
  }, [save]);

  // Closing or reloading the page with typing not yet saved: save it now, and in the browser
  // ask first, as web pages do. Electron shows no question when beforeunload is cancelled:
  // it just keeps the window open, so there the save alone goes out. Leaving the document (the
  // cleanup: another one chosen, or it was removed) saves what is pending at once too,
  // instead of dropping it with the timer.
  useEffect(() => {
    const s = state.current;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (s.latest === s.saved) return;
      clearTimeout(s.timer);
      void save();
      if (inBrowserHost()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      clearTimeout(s.timer);
      if (s.latest !== s.saved) void save();
    };
  }, [save]);

  return { draft, change, flush, saving, dirty: draft !== savedText };
}
