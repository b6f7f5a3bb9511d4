/**
 * Where a phrase occurs in a text, compared as the engine compares it: the same token
 * keys, one after another, inside one segment.
 */
import type { TokenizedText } from '../../tokenizer/tokenize.js';
import type { TokenInterval } from './interval-stabbing.js';

/** Every occurrence of `keys` in `tokens`, as token intervals, in text order. */
export function keyOccurrences(tokens: TokenizedText, keys: readonly string[]): TokenInterval[] {
  const found: TokenInterval[] = [];
  if (keys.length === 0) return found;
  let segment = 0;
  for (let start = 0; start + keys.length <= tokens.count; start++) {
    while (tokens.segmentStarts[segment + 1]! <= start) segment++;
    const end = start + keys.length - 1;
    if (end >= tokens.segmentStarts[segment + 1]!) continue;
    let i = 0;
    while (i < keys.length && tokens.keys[start + i] === keys[i]) i++;
    if (i === keys.length) found.push({ first: start, last: end });
  }
  return found;
}
