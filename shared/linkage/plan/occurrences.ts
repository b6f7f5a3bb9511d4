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

/**
 * keyOccurrences for many phrases of one text: the positions of each first key are listed
 * once, and each phrase's occurrences are remembered. Mapping a long judgment's 20,000
 * linkable combinations back to the text scanned the whole text for every member (7 s for
 * 37,000 words); this looks only where the phrase's first word is.
 */
export function occurrenceFinder(tokens: TokenizedText): (keys: readonly string[]) => TokenInterval[] {
  const startsOf = new Map<string, number[]>();
  for (let t = 0; t < tokens.count; t++) {
    const key = tokens.keys[t]!;
    const list = startsOf.get(key);
    if (list === undefined) startsOf.set(key, [t]);
    else list.push(t);
  }
  // The segment each token is in, so that an occurrence never crosses a segment's end.
  const segmentEnd = new Int32Array(tokens.count);
  for (let s = 0; s + 1 < tokens.segmentStarts.length; s++)
    segmentEnd.fill(tokens.segmentStarts[s + 1]!, tokens.segmentStarts[s]!, tokens.segmentStarts[s + 1]!);
  const found = new Map<string, TokenInterval[]>();
  return (keys) => {
    if (keys.length === 0) return [];
    const memoKey = keys.join('\u0000');
    const known = found.get(memoKey);
    if (known !== undefined) return known;
    const occurrences: TokenInterval[] = [];
    for (const start of startsOf.get(keys[0]!) ?? []) {
      const end = start + keys.length - 1;
      if (end >= segmentEnd[start]!) continue;
      let i = 1;
      while (i < keys.length && tokens.keys[start + i] === keys[i]) i++;
      if (i === keys.length) occurrences.push({ first: start, last: end });
    }
    found.set(memoKey, occurrences);
    return occurrences;
  };
}
