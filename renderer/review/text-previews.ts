/**
 * The pending suggestions previewed in the text (HighlightedText.tsx), kept in step with
 * the text on screen, and the same array while they draw the same.
 *
 * Why: accepting a suggestion changes the text at once (the document comes back with the
 * answer), and the list of suggestions a moment later. Drawn with the old list, the
 * previews after the accepted one sat where the words had been before the edit, some
 * characters off; and when the list came, a long judgment was drawn a second time (about
 * 0.5 s on 35,000 words). So while the list is the one the previews were made from and only
 * the text has changed, the previews move with the text (spans the edit touched go, as
 * findings do in map-findings.ts). When the list comes and draws the same, the previews
 * stay the same array, and the text is not cut again.
 */
import { useState } from 'react';
import type { Suggestion } from '../../shared/ipc/types.js';
import { diffTexts, mapSpan } from '../../shared/review/text-change.js';
import type { Preview } from './sorted-marks.js';

/** The previews drawn on a text, and the list and text they were made from. */
export interface ShownPreviews {
  readonly list: readonly Suggestion[] | undefined;
  readonly text: string;
  readonly previews: readonly Preview[];
}

function pendingOf(list: readonly Suggestion[] | undefined): Suggestion[] {
  return (list ?? []).filter((s) => s.status === 'pending');
}

/** Whether a suggestion still describes `text`: the words it replaces are where it says. */
function describes(text: string, s: Suggestion): boolean {
  return text.slice(s.start, s.end) === s.before;
}

function samePreviews(a: readonly Preview[], b: readonly Preview[]): boolean {
  return a.length === b.length && a.every((p, i) => p.start === b[i]!.start && p.end === b[i]!.end && p.after === b[i]!.after);
}

/** The previews for `list` on `text`, given those shown before (undefined at first). */
export function nextPreviews(shown: ShownPreviews | undefined, list: readonly Suggestion[] | undefined, text: string): ShownPreviews {
  if (shown !== undefined && shown.list === list && shown.text === text) return shown;
  const pending = pendingOf(list);
  let previews: readonly Preview[];
  if (pending.every((s) => describes(text, s))) {
    previews = pending;
  } else if (shown !== undefined && shown.list === list) {
    // Only the text changed: its list is on the way. Until then the previews move with it.
    const change = diffTexts(shown.text, text);
    previews = shown.previews.flatMap((p) => {
      const span = mapSpan(p, change);
      return span === undefined ? [] : [{ ...p, ...span }];
    });
  } else {
    // A list for another text (a newer one, while the text is on its way): only what fits.
    previews = pending.filter((s) => describes(text, s));
  }
  if (shown !== undefined && samePreviews(shown.previews, previews)) previews = shown.previews;
  return { list, text, previews };
}

/** The previews to draw on `text` (see the module comment). */
export function useTextPreviews(list: readonly Suggestion[] | undefined, text: string): readonly Preview[] {
  const [shown, setShown] = useState(() => nextPreviews(undefined, list, text));
  const wanted = nextPreviews(shown, list, text);
  // Kept from render to render (React's way of remembering what the last render drew).
  if (wanted !== shown) setShown(wanted);
  return wanted.previews;
}
