/**
 * The finding J (step +1) or K (step −1) goes to. From the focused finding, the next or
 * the previous one, round the ends. When the focused finding is gone (the clerk replaced
 * or edited it, and the check no longer lists it), from where it was: J went back to the
 * first finding of the judgment before, and the clerk lost their place.
 */
import type { Finding } from '../../shared/review/findings.js';
import { diffTexts, mapSpan } from '../../shared/review/text-change.js';

/** Where the focused finding began, in the text as it was then. */
export interface FocusPlace {
  readonly at: number;
  readonly text: string;
}

/**
 * The place moved onto a newer text: shifted by an edit before it, or to the start of the
 * edit that took it. One edit at a time (the caller moves it at each change of the text):
 * across several, the edits and the words between them are one change.
 */
export function movedPlace(place: FocusPlace, text: string): FocusPlace {
  if (place.text === text) return place;
  const change = diffTexts(place.text, text);
  return { at: mapSpan({ start: place.at, end: place.at }, change)?.start ?? change.start, text };
}

export function nextFinding(findings: readonly Finding[], focusedId: string | null, place: FocusPlace | null, text: string, step: 1 | -1): Finding | undefined {
  const n = findings.length;
  if (n === 0) return undefined;
  const index = focusedId === null ? -1 : findings.findIndex((f) => f.id === focusedId);
  if (index >= 0) return findings[(index + step + n) % n];
  if (place === null) return findings[step === 1 ? 0 : n - 1];
  const { at } = movedPlace(place, text);
  if (step === 1) return findings.find((f) => f.start >= at) ?? findings[0];
  return findings.findLast((f) => f.start < at) ?? findings[n - 1];
}
