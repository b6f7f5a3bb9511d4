/**
 * Checking a text against a collection: the one entry point for the CLI, the review
 * app and the evaluation.
 */
import { detectionSteps, type DetectOptions } from '../../shared/linkage/detect.js';
import type { PhraseIndex } from '../../shared/linkage/phrase-index.js';
import type { DetectionSettings } from '../../shared/linkage/settings.js';
import { likeliestSourcesSteps, sourceDoubt, type SourceDoubt, type SourceSuggestion } from '../../shared/linkage/suggest-source.js';
import type { DetectionResult } from '../../shared/linkage/types.js';
import { runToEnd } from '../../shared/steps.js';
import { retryIfCollectionChanged } from '../index-store/collection-changed.js';
import type { CollectionIndex } from '../index-store/collection-index.js';

/**
 * Runs a check of the collection to its end, the placeholder pattern defaulting to the
 * collection's own. A check that another program's compaction overtook runs again on the
 * collection as it is now.
 */
function runOnCollection<T>(
  collection: CollectionIndex,
  settings: Partial<DetectionSettings>,
  steps: (index: PhraseIndex, settings: Partial<DetectionSettings>) => Generator<void, T>,
): T {
  const placeholderPattern = settings.placeholderPattern ?? collection.placeholderPattern();
  return retryIfCollectionChanged(() => runToEnd(steps(collection.phraseIndex(), { ...settings, placeholderPattern })));
}

/** Checks `text` (see runOnCollection). */
export function checkText(collection: CollectionIndex, text: string, settings: Partial<DetectionSettings>, options: DetectOptions = {}): DetectionResult {
  return runOnCollection(collection, settings, (index, resolved) => detectionSteps(index, text, resolved, options));
}

/**
 * The collection documents most likely to be the text's source, best first, and the
 * source given (settings.sourceId) after them when it is not among them.
 */
export function suggestSourceDocuments(
  collection: CollectionIndex,
  text: string,
  settings: Partial<DetectionSettings>,
  options: DetectOptions = {},
): SourceSuggestion[] {
  return runOnCollection(collection, settings, (index, resolved) => likeliestSourcesSteps(index, text, resolved, options));
}

/**
 * With a source given: another document that shares more of the text's rare phrases
 * (shared/linkage/suggest-source.ts says why). It costs one more check, at arity 1 with no
 * source; undefined, at no cost, when no source is given.
 */
export function doubtAboutSource(
  collection: CollectionIndex,
  text: string,
  settings: Partial<DetectionSettings>,
  options: DetectOptions = {},
): SourceDoubt | undefined {
  if (settings.sourceId === undefined) return undefined;
  return sourceDoubt(suggestSourceDocuments(collection, text, settings, options), settings.sourceId);
}
