/**
 * Checks for the review screen: single N-grams at once, combinations as a background job
 * that a newer check of the same document supersedes.
 */
import { AppError } from '../../../shared/errors.js';
import type { CheckResult, ReviewSettings } from '../../../shared/ipc/types.js';
import type { AppServices, Handlers } from '../app-services.js';
import { knownCollection } from './collection-handlers.js';

type DetectionHandlers = Pick<Handlers, 'detection:check' | 'detection:combinations' | 'detection:suggest-source' | 'detection:fuzzy-rank'>;

/** The collection a document is checked against; a clear error when none is chosen. */
export function collectionOf(services: AppServices, settings: ReviewSettings): string {
  if (settings.collectionPath === null)
    throw new AppError('invalid-settings', 'Choose the collection to check against first (Collections, or the settings panel).');
  knownCollection(services, settings.collectionPath);
  return settings.collectionPath;
}

/** The full check (combinations included) of a text, on the engine worker. */
export function fullCheck(
  services: AppServices,
  documentId: string,
  text: string,
  settings: ReviewSettings,
  signal?: AbortSignal,
  onProgress?: (phase: string, done: number, total: number) => void,
): Promise<CheckResult> {
  const path = collectionOf(services, settings);
  return services.engine.request<CheckResult>('combinations', { path, text, settings, documentKey: documentId }, { signal, onProgress });
}

export function detectionHandlers(services: AppServices): DetectionHandlers {
  return {
    'detection:check': async ({ documentId, text, settings }) => {
      const path = collectionOf(services, settings);
      return services.engine.request<CheckResult>('check', { path, text, settings, documentKey: documentId });
    },
    'detection:combinations': async ({ documentId, text, settings }) => {
      collectionOf(services, settings);
      const previous = services.combinationJobs.get(documentId);
      if (previous !== undefined) services.jobs.cancel(previous);
      const job = services.jobs.start('combinations', (context) => fullCheck(services, documentId, text, settings, context.signal, context.progress));
      services.combinationJobs.set(documentId, job.id);
      return job;
    },
    'detection:fuzzy-rank': async ({ text, collectionPath, sourceId }) => {
      knownCollection(services, collectionPath);
      return services.engine.request('fuzzyRank', { path: collectionPath, text, sourceId });
    },
    'detection:suggest-source': async ({ text, collectionPath }) => {
      knownCollection(services, collectionPath);
      const settings: ReviewSettings = { collectionPath, k: 2, arity: 1, maxN: 8, sourceId: null };
      return services.engine.request('suggestSource', { path: collectionPath, text, settings });
    },
  };
}
