/**
 * Reads, as React Query options per domain. Keys are [domain, op, params]; the main
 * process announces which domains changed and events.ts invalidates exactly those.
 */
import { queryOptions } from '@tanstack/react-query';
import { CHECK_PAUSE_MS, type ReviewSettings } from '../../shared/ipc/types.js';
import { call } from './client.js';

export const appQueries = {
  info: () => queryOptions({ queryKey: ['app', 'info'], queryFn: () => call('app:info', {}), staleTime: Infinity }),
};

export const collectionQueries = {
  list: () => queryOptions({ queryKey: ['collections', 'list'], queryFn: () => call('collections:list', {}) }),
  documents: (path: string, search: string, offset: number, limit = 50) =>
    queryOptions({
      queryKey: ['collections', 'documents', { path, search, offset, limit }],
      queryFn: () => call('collections:documents', { path, search, offset, limit }),
    }),
  statistics: (path: string) => queryOptions({ queryKey: ['collections', 'statistics', { path }], queryFn: () => call('collections:statistics', { path }) }),
};

export const documentQueries = {
  list: () => queryOptions({ queryKey: ['documents', 'list'], queryFn: () => call('documents:list', {}) }),
  get: (documentId: string) => queryOptions({ queryKey: ['documents', 'get', { documentId }], queryFn: () => call('documents:get', { documentId }) }),
  versions: (documentId: string) => queryOptions({ queryKey: ['versions', 'list', { documentId }], queryFn: () => call('documents:versions', { documentId }) }),
  suggestions: (documentId: string) =>
    queryOptions({ queryKey: ['suggestions', 'list', { documentId }], queryFn: () => call('suggestions:list', { documentId }) }),
  // A stored version's text, and the text as opened, never change: they are fetched once,
  // under a key no "changed" event names (a change of the document refetched the whole
  // opened text, 250 KB for the longest, at every rejection and keystroke).
  version: (documentId: string, versionId: number) =>
    queryOptions({
      queryKey: ['stored-texts', 'version', { documentId, versionId }],
      queryFn: () => call('documents:version', { documentId, versionId }),
      staleTime: Infinity,
    }),
  original: (documentId: string) =>
    queryOptions({ queryKey: ['stored-texts', 'original', { documentId }], queryFn: () => call('documents:original', { documentId }), staleTime: Infinity }),
};

export const decisionQueries = {
  list: (documentId: string) => queryOptions({ queryKey: ['decisions', 'list', { documentId }], queryFn: () => call('decisions:list', { documentId }) }),
  changes: (documentId: string) =>
    queryOptions({ queryKey: ['decisions', 'changes', { documentId }], queryFn: () => call('decisions:changes', { documentId }) }),
};

/** A short fingerprint of a text for query keys (the text itself would bloat the cache keys). */
export function textKey(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return `${text.length}:${(h >>> 0).toString(36)}`;
}

export const modelQueries = {
  state: () => queryOptions({ queryKey: ['models', 'state'], queryFn: () => call('models:list', {}) }),
};

export const detectionQueries = {
  /** The fast single-N-gram check of exactly this text; partial when it paused (see CHECK_PAUSE_MS). */
  check: (documentId: string, text: string, settings: ReviewSettings) =>
    queryOptions({
      queryKey: ['detection', 'check', { documentId, text: textKey(text), settings }],
      // The text travels with its result: offsets refer to it, and a newer text may be on screen.
      queryFn: async () => ({ text, result: await call('detection:check', { documentId, text, settings, pauseAfterMs: CHECK_PAUSE_MS }) }),
      staleTime: Infinity,
      gcTime: 60_000,
      retry: false,
    }),
  fuzzyRank: (collectionPath: string, text: string, sourceId: string | null) =>
    queryOptions({
      queryKey: ['detection', 'fuzzy-rank', { collectionPath, text: textKey(text), sourceId }],
      queryFn: () => call('detection:fuzzy-rank', { collectionPath, text, sourceId }),
      staleTime: Infinity,
      retry: false,
    }),
  /** The likeliest sources of a text, and the source given after them (with its count) when it is not among them. */
  suggestSource: (collectionPath: string, text: string, sourceId: string | null, rare: { k: number; maxN: number }) =>
    queryOptions({
      queryKey: ['detection', 'suggest-source', { collectionPath, text: textKey(text), sourceId, k: rare.k, maxN: rare.maxN }],
      queryFn: () => call('detection:suggest-source', { collectionPath, text, sourceId, k: rare.k, maxN: rare.maxN }),
      staleTime: Infinity,
      retry: false,
    }),
};
