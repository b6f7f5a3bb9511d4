/**
 * Autosave for direct editing: every change is saved within a moment (one request in
 * flight, the latest text wins), so a crash or a kill loses at most the last keystrokes.
 * Leaving the document (another one chosen, the editor closed) saves what is pending at
 * once, and leaving the page with unsaved typing asks first in the browser.
 *
 * A failed save (a full disk, a read-only one) keeps the draft in the editor, says why, and
 * tries again every few seconds until it goes through; the editor does not close on it.
 * Typing left unsaved when another document is chosen waits in memory, and comes back in
 * the editor, still to be saved, when this one is opened again. Before, a failed save
 * showed "Something went wrong", closing the editor showed the text without the typing, and
 * choosing another document dropped it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReviewDocument } from '../../shared/ipc/types.js';
import { ApiError, call, inBrowserHost } from '../api/client.js';
import { documentQueries } from '../api/queries.js';

const SAVE_DELAY_MS = 500;
/** After a failed save, how soon it is tried again. */
export const SAVE_RETRY_MS = 5_000;

interface SaveState {
  base: number;
  saved: string;
  latest: string;
  inFlight: Promise<void> | null;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Failures that the same request would meet again. */
const WILL_NOT_CHANGE = new Set(['conflict', 'not-found', 'invalid-input', 'forbidden', 'too-large']);

/** Typing that could not be saved before its document was left, by document id (this window only, never on disk). */
const unsavedDrafts = new Map<string, { base: number; text: string }>();

/** Whether typing left unsaved on this version of the document waits to be brought back (the editor then opens). */
export function hasUnsavedDraft(documentId: string, versionId: number): boolean {
  return unsavedDrafts.get(documentId)?.base === versionId;
}

/** The editor's draft of a document and its saving. */
export type Autosave = ReturnType<typeof useAutosave>;

export function useAutosave(document: ReviewDocument) {
  const queryClient = useQueryClient();
  // Typing left unsaved here before, on the same version: back in the editor, to be saved.
  const [left] = useState(() => {
    const draft = unsavedDrafts.get(document.id);
    unsavedDrafts.delete(document.id);
    return draft !== undefined && draft.base === document.versionId ? draft.text : undefined;
  });
  const [draft, setDraft] = useState(left ?? document.text);
  const [savedText, setSavedText] = useState(document.text);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  /** Failed saves worth trying again, counted: each schedules the next try. */
  const [failures, setFailures] = useState(0);
  const state = useRef<SaveState>({ base: document.versionId, saved: document.text, latest: left ?? document.text, inFlight: null, timer: undefined });

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

  /** Saves the latest text; true when nothing is left unsaved. */
  const save = useCallback(async (): Promise<boolean> => {
    const s = state.current;
    // One save at a time; whoever waits re-checks, so only one goes next.
    while (s.inFlight !== null) await s.inFlight;
    const text = s.latest;
    if (text === s.saved) return true;
    setSaving(true);
    const request = call('documents:edit', { documentId: document.id, baseVersionId: s.base, text, source: 'manual', description: 'Edited the text' })
      .then((updated) => {
        s.base = updated.versionId;
        s.saved = text;
        setSavedText(text);
        setSaveError(null);
        queryClient.setQueryData(documentQueries.get(document.id).queryKey, updated);
      })
      .catch((error: unknown) => {
        setSaveError(error);
        // Tried again in a while (below) where that can help: not when the document changed
        // elsewhere or is gone, which the message says.
        if (!(error instanceof ApiError && WILL_NOT_CHANGE.has(error.code))) setFailures((n) => n + 1);
      })
      .finally(() => {
        s.inFlight = null;
        setSaving(false);
      });
    s.inFlight = request;
    await request;
    return s.latest === s.saved;
  }, [document.id, queryClient]);

  // After a failed save, again in a while, unless typing has asked for one sooner.
  useEffect(() => {
    if (failures === 0) return;
    const s = state.current;
    clearTimeout(s.timer);
    s.timer = setTimeout(() => void save(), SAVE_RETRY_MS);
  }, [failures, save]);

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

  // Typing brought back from an earlier visit goes out at once.
  useEffect(() => {
    if (left !== undefined) void save();
  }, [left, save]);

  // Closing or reloading the page with typing not yet saved: save it now, and in the browser
  // ask first, as web pages do. Electron shows no question when beforeunload is cancelled:
  // it just keeps the window open, so there the save alone goes out. Leaving the document (the
  // cleanup: another one chosen, or it was removed) saves what is pending at once too,
  // instead of dropping it with the timer; what that save cannot write waits in memory.
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
      if (s.latest === s.saved) return;
      // Set at once, so that a quick return finds it; the save after any in flight (the
      // latest text wins), and what it cannot write stays for this document's next visit.
      unsavedDrafts.set(document.id, { base: s.base, text: s.latest });
      void save().then((saved) => {
        if (saved) unsavedDrafts.delete(document.id);
        else unsavedDrafts.set(document.id, { base: s.base, text: s.latest });
      });
    };
  }, [save, document.id]);

  return {
    draft,
    change,
    flush,
    saving,
    dirty: draft !== savedText,
    /** Why the last save failed, while the typing is still not saved. */
    saveError: draft !== savedText ? saveError : null,
    /** Hides saveError until the next failure (the save is still tried again). */
    dismissSaveError: useCallback(() => setSaveError(null), []),
  };
}
