/**
 * Checking a text against a collection: the one entry point for the CLI, the review
 * app and the evaluation.
 */
import { detectLinkage, type DetectOptions } from '../../shared/linkage/detect.js';
import type { DetectionSettings } from '../../shared/linkage/settings.js';
import { suggestSources, type SourceSuggestion } from '../../shared/linkage/suggest-source.js';
import type { DetectionResult } from '../../shared/linkage/types.js';
import { retryIfCollectionChanged } from '../index-store/collection-changed.js';
import type { CollectionIndex } from '../index-store/collection-index.js';

/**
 * Checks `text`; the placeholder pattern defaults to the collection's own. A check that
 * another program's compaction overtook runs again on the collection as it is now.
 */
export function checkText(collection: CollectionIndex, text: string, settings: Partial<DetectionSettings>, options: DetectOptions = {}): DetectionResult {
  const placeholderPattern = settings.placeholderPattern ?? collection.placeholderPattern();
  return retryIfCollectionChanged(() => detectLinkage(collection.phraseIndex(), text, { ...settings, placeholderPattern }, options));
}

/** The collection documents most likely to be the text's source, best first. */
export function suggestSourceDocuments(
  collection: CollectionIndex,
  text: string,
  settings: Partial<DetectionSettings>,
  options: DetectOptions = {},
): SourceSuggestion[] {
  const result = checkText(collection, text, { ...settings, arity: 1, sourceId: undefined }, options);
  return suggestSources(result.minimal);
}
