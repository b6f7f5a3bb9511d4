/**
 * Autosave for direct editing: every change is saved within a moment (one request in
 * flight, the latest text wins), so a crash, a reload or a kill loses at most the last
 * keystrokes. A failed save keeps the draft on screen and says why.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReviewDocument } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { documentQueries } from '../api/queries.js';

const SAVE_DELAY_MS = 500;

export function useAutosave(document: ReviewDocument, onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(document.text);
  const [saving, setSaving] = useState(false);
  const base = useRef(document.versionId);
  const saved = useRef(document.text);
  const latest = useRef(document.text);
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A new head from elsewhere (undo, a suggestion) replaces a draft with nothing unsaved.
  useEffect(() => {
    if (latest.current === saved.current && document.versionId !== base.current) {
      base.current = document.versionId;
      saved.current = document.text;
      latest.current = document.text;
      setDraft(document.text);
    }
  }, [document.versionId, document.text]);

  const save = useCallback((): Promise<void> => {
    if (inFlight.current !== null) return inFlight.current.then(() => save());
    const text = latest.current;
    if (text === saved.current) return Promise.resolve();
    setSaving(true);
    const request = call('documents:edit', { documentId: document.id, baseVersionId: base.current, text, source: 'manual', description: 'Edited the text' })
      .then((updated) => {
        base.current = updated.versionId;
        saved.current = text;
        queryClient.setQueryData(documentQueries.get(document.id).queryKey, updated);
      })
      .catch(onError)
      .finally(() => {
        inFlight.current = null;
        setSaving(false);
      });
    inFlight.current = request;
    return request;
  }, [document.id, onError, queryClient]);

  const change = useCallback(
    (text: string) => {
      latest.current = text;
      setDraft(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
    },
    [save],
  );

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    return save();
  }, [save]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { draft, change, flush, saving, dirty: draft !== saved.current };
}
