/**
 * Placeholders such as `[REDACTED]`, `[PERSON_2]` or `<LOCATION>` mark text the
 * de-identification removed. They never occur in the original collection, so they
 * are not tokens and they break the segment (an N-gram never spans a removed name).
 */

/** The default placeholder pattern, as a regular-expression source. */
export const DEFAULT_PLACEHOLDER_PATTERN = String.raw`\[[A-Z][A-Z0-9_ -]*\]|<[A-Z][A-Z0-9_]*>`;

/** Longest pattern source we accept from a settings file or an IPC payload. */
const MAX_PATTERN_LENGTH = 500;

/** Thrown when a placeholder pattern is not a usable regular expression. */
export class PlaceholderPatternError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlaceholderPatternError';
  }
}

/**
 * Compiles a placeholder pattern source into a global, Unicode-aware regex.
 * Rejects patterns that are empty, too long, invalid, or that match the empty string
 * (which would otherwise mark nothing and loop).
 */
export function compilePlaceholderPattern(source: string = DEFAULT_PLACEHOLDER_PATTERN): RegExp {
  if (typeof source !== 'string' || source.length === 0) {
    throw new PlaceholderPatternError('The placeholder pattern is empty.');
  }
  if (source.length > MAX_PATTERN_LENGTH) {
    throw new PlaceholderPatternError(`The placeholder pattern is longer than ${MAX_PATTERN_LENGTH} characters.`);
  }
  let regex: RegExp;
  try {
    regex = new RegExp(source, 'gu');
  } catch (error) {
    throw new PlaceholderPatternError(`The placeholder pattern is not a valid regular expression: ${(error as Error).message}`);
  }
  if (regex.test('')) {
    throw new PlaceholderPatternError('The placeholder pattern matches the empty string.');
  }
  return regex;
}

/**
 * Finds the placeholder ranges of a text as a flat array [start0, end0, start1, end1, …],
 * sorted and non-overlapping, in UTF-16 offsets.
 */
export function findPlaceholderRanges(text: string, pattern: RegExp): number[] {
  const ranges: number[] = [];
  // Fast exit: the default pattern needs '[' or '<'; most collection documents have neither.
  pattern.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    const start = match.index;
    const end = start + match[0].length;
    if (end === start) {
      pattern.lastIndex = start + 1;
      continue;
    }
    ranges.push(start, end);
  }
  pattern.lastIndex = 0;
  return ranges;
}
