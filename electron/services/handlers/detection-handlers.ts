/**
 * Checks for the review screen: single N-grams at once, combinations as a background job
 * that a newer check of the same document supersedes.
 */
import { AppError } from '../../../shared/errors.js';
import { settingsSchema } from '../../../shared/ipc/schemas.js';
import type { CheckResult, ReviewSettings, SourceCandidate } from '../../../shared/ipc/types.js';
import type { AppServices, Handlers } from '../app-services.js';
import { knownCollection } from './collection-handlers.js';

type DetectionHandlers = Pick<Handlers, 'detection:check' | 'detection:combinations' | 'detection:plan' | 'detection:suggest-source' | 'detection:fuzzy-rank'>;

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
  return services.engine.request('combinations', { path, text, settings, documentKey: documentId }, { signal, onProgress });
}

/** What counts as a rare phrase when sources are weighed: the document's k and longest N-gram. */
export interface RarePhrases {
  readonly k: number;
  readonly maxN: number;
}

/** Rare phrases when a suggest-source request does not say: unique to one document, up to 8 words. */
const DEFAULT_RARE_PHRASES: RarePhrases = { k: 2, maxN: 8 };

/**
 * The likeliest sources of a text, and `sourceId` after them (with its count) when it is
 * not among them. Weighed at the document's k and N, as `unlinkable check` weighs them, so
 * that the app's doubt about a source and the CLI's agree.
 */
export function likeliestSources(
  services: AppServices,
  collectionPath: string,
  text: string,
  sourceId: string | null,
  rare: RarePhrases,
): Promise<SourceCandidate[]> {
  // The source only joins the list; the check itself counts every document.
  const settings = settingsSchema.parse({ collectionPath, k: rare.k, arity: 1, maxN: rare.maxN, sourceId });
  return services.engine.request('suggestSource', { path: collectionPath, text, settings });
}

export function detectionHandlers(services: AppServices): DetectionHandlers {
  return {
    'detection:check': async ({ documentId, text, settings, pauseAfterMs }) => {
      const path = collectionOf(services, settings);
      return services.engine.request('check', { path, text, settings, documentKey: documentId, pauseAfterMs });
    },
    'detection:combinations': async ({ documentId, text, settings }) => {
      collectionOf(services, settings);
      return services.latestJobs.start('combinations', documentId, (context) =>
        fullCheck(services, documentId, text, settings, context.signal, context.progress),
      );
    },
    'detection:plan': async ({ documentId, text, settings, alsoKeep }) => {
      const path = collectionOf(services, settings);
      // Kept words are never planned; keep decisions refer to the head text, which is what the review plans.
      const keep = services.decisions.decisions(documentId).map((d) => ({ start: d.start, end: d.end }));
      if (alsoKeep !== undefined) keep.push(alsoKeep);
      return services.latestJobs.start(alsoKeep === undefined ? 'plan' : 'plan-preview', documentId, (context) =>
        services.engine.request('plan', { path, text, settings, documentKey: documentId, keep }, { signal: context.signal, onProgress: context.progress }),
      );
    },
    'detection:fuzzy-rank': async ({ text, collectionPath, sourceId }) => {
      knownCollection(services, collectionPath);
      return services.engine.request('fuzzyRank', { path: collectionPath, text, sourceId });
    },
    'detection:suggest-source': async ({ text, collectionPath, sourceId, k, maxN }) => {
      knownCollection(services, collectionPath);
      return likeliestSources(services, collectionPath, text, sourceId ?? null, { k: k ?? DEFAULT_RARE_PHRASES.k, maxN: maxN ?? DEFAULT_RARE_PHRASES.maxN });
    },
  };
}
