/**
 * Interval stabbing: the fewest tokens that hit every interval (a span is broken when any
 * one of its tokens changes). Sorting by right end and taking, for each interval not yet
 * hit, its rightmost allowed token is exact: every solution must hit the interval that
 * ends first with some allowed token inside it, and the rightmost one hits every interval
 * that any other choice would (they all end later). Tokens the clerk keeps are not allowed.
 */

/** Token interval [first, last], inclusive. */
export interface TokenInterval {
  readonly first: number;
  readonly last: number;
}

/** The stabbing tokens, ascending, and the intervals no allowed token can hit. */
export interface Stabbing {
  readonly tokens: number[];
  readonly unbreakable: TokenInterval[];
}

/**
 * Stabs `intervals`, given tokens already chosen (`chosen`, which hit for free) and tokens
 * that may not be chosen (`forbidden`). Returns only the tokens it adds.
 */
export function stabIntervals(
  intervals: readonly TokenInterval[],
  chosen: ReadonlySet<number> = new Set(),
  forbidden: ReadonlySet<number> = new Set(),
): Stabbing {
  const sorted = [...intervals].sort((a, b) => a.last - b.last || b.first - a.first);
  const added: number[] = [];
  const unbreakable: TokenInterval[] = [];
  // Chosen tokens (given and added), ascending, for "is this interval hit?".
  const hits = [...chosen].sort((a, b) => a - b);
  for (const interval of sorted) {
    if (hitBy(hits, interval)) continue;
    let token = interval.last;
    while (token >= interval.first && forbidden.has(token)) token--;
    if (token < interval.first) {
      unbreakable.push(interval);
      continue;
    }
    added.push(token);
    insertSorted(hits, token);
  }
  return { tokens: added.sort((a, b) => a - b), unbreakable };
}

/**
 * The tokens stabIntervals(intervals, chosen, forbidden) adds, for a `chosen` already
 * sorted: the greedy plan scores candidate members this way (again whenever a chosen token
 * lands in one of a member's occurrences), and copying and sorting thousands of chosen
 * tokens per candidate made a long judgment's plan take minutes. Only the few tokens added
 * here are kept apart.
 */
export function stabbedBeyond(intervals: readonly TokenInterval[], sortedChosen: readonly number[], forbidden: ReadonlySet<number>): number[] {
  const sorted = [...intervals].sort((a, b) => a.last - b.last || b.first - a.first);
  const added: number[] = [];
  for (const interval of sorted) {
    if (hitBy(sortedChosen, interval) || hitBy(added, interval)) continue;
    let token = interval.last;
    while (token >= interval.first && forbidden.has(token)) token--;
    if (token < interval.first) continue;
    insertSorted(added, token);
  }
  return added;
}

/** The index of the first token of a sorted list that is ≥ `value` (the list's length when none is). */
export function firstAtLeast(sortedTokens: readonly number[], value: number): number {
  let low = 0;
  let high = sortedTokens.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sortedTokens[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** True when a sorted token list has a token inside the interval. */
export function hitBy(sortedTokens: readonly number[], interval: TokenInterval): boolean {
  const low = firstAtLeast(sortedTokens, interval.first);
  return low < sortedTokens.length && sortedTokens[low]! <= interval.last;
}

function insertSorted(list: number[], value: number): void {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (list[mid]! < value) low = mid + 1;
    else high = mid;
  }
  list.splice(low, 0, value);
}

/**
 * A largest set of pairwise disjoint intervals (the same greedy sweep): a lower bound on
 * any stabbing, equal to the minimum for intervals alone.
 */
export function disjointIntervals(intervals: readonly TokenInterval[]): TokenInterval[] {
  const sorted = [...intervals].sort((a, b) => a.last - b.last || b.first - a.first);
  const picked: TokenInterval[] = [];
  let end = -1;
  for (const interval of sorted) {
    if (interval.first > end) {
      picked.push(interval);
      end = interval.last;
    }
  }
  return picked;
}
