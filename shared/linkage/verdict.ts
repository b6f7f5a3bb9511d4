/**
 * The verdict line shown by the CLI and the review app.
 */
import type { DetectionResult } from './types.js';

/** Phrases still to rephrase: minimal linkable N-grams plus spans from combinations. */
export function remainingPhrases(result: Pick<DetectionResult, 'minimal' | 'combinations'>): number {
  return result.minimal.length + result.combinations.length;
}

/** "No linkable phrases at k=2, arity ≤3" or "1,017 linkable phrases remain at k=2, arity ≤3". */
export function verdict(result: Pick<DetectionResult, 'minimal' | 'combinations' | 'settings'>): string {
  const { k, arity } = result.settings;
  const total = remainingPhrases(result);
  const scope = arity === 1 ? 'arity 1' : `arity ≤${arity}`;
  if (total === 0) return `No linkable phrases at k=${k}, ${scope}`;
  // Grouped as the English sentence around it: 22,276, not 22276.
  return `${total.toLocaleString('en')} linkable phrase${total === 1 ? '' : 's'} remain${total === 1 ? 's' : ''} at k=${k}, ${scope}`;
}
