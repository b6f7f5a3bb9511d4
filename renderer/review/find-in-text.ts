/**
 * Finding words in the document under review (Ctrl+F). The desktop window has no find of
 * its own (Electron gives none), and the browser's would search the side panel and the
 * legend too. Matching ignores case and treats any run of spaces or line breaks in the
 * query as any run in the text, so a phrase copied across a line break is still found.
 * Offsets are the text's own, for the highlights.
 */

/** Most matches shown: enough for any word a clerk looks for, bounded for a 25 MB text. */
export const MAX_MATCHES = 10_000;

export interface TextMatch {
  readonly start: number;
  readonly end: number;
}

/** The matches of `query` in `text`, in order, without overlaps; none for a blank query. */
export function findInText(text: string, query: string): TextMatch[] {
  const words = query.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return [];
  const pattern = new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')).join('\\s+'), 'giu');
  const matches: TextMatch[] = [];
  for (const match of text.matchAll(pattern)) {
    matches.push({ start: match.index, end: match.index + match[0].length });
    if (matches.length === MAX_MATCHES) break;
  }
  return matches;
}

/** The next (step 1) or previous (step −1) match, going round at either end. */
export function stepMatch(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/**
 * What the find bar says: "3 of 12", "No matches", or nothing for a blank query. At the
 * cap it says "or more": the search stopped there, and "of 10,000" would be a count it
 * never made.
 */
export function findCount(query: string, matches: number, shownIndex: number): string {
  if (query.trim() === '') return '';
  if (matches === 0) return 'No matches';
  return `${(shownIndex + 1).toLocaleString()} of ${matches.toLocaleString()}${matches >= MAX_MATCHES ? ' or more' : ''}`;
}
