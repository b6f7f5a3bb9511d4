/**
 * Binary search over a sorted array: the first index whose item passes a test that fails
 * for every item before it and passes for every item after (such as "ends after 120" over
 * spans in text order that do not overlap). The length when none passes.
 */
export function firstPassing<T>(items: readonly T[], passes: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (passes(items[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
