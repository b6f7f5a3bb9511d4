/**
 * Suffix sorting by induced sorting (SA-IS, Nong, Zhang & Chan 2009): linear time
 * on an integer alphabet, so a 20 MB document of one endless sentence costs the same
 * per token as ordinary prose. A comparison or radix sort on N-token windows would
 * either cap N or go quadratic on repetitive text.
 *
 * The token stream holds 0 between segments. A full suffix order over it is also a
 * valid order of suffixes truncated at the next 0 (0 is the smallest symbol), which is
 * all that phrase lookup needs: every N-gram's occurrences form one contiguous range.
 */

const EMPTY = -1;

// Each symbol is stored packed with its suffix type, symbol * 2 + (1 if S-type), so that
// the random accesses of induced sorting touch one array instead of two.

function bucketHeads(counts: Int32Array, heads: Int32Array): void {
  let sum = 0;
  for (let c = 0; c < counts.length; c++) {
    heads[c] = sum;
    sum += counts[c]!;
  }
}

function bucketTails(counts: Int32Array, tails: Int32Array): void {
  let sum = 0;
  for (let c = 0; c < counts.length; c++) {
    sum += counts[c]!;
    tails[c] = sum - 1;
  }
}

/** Induces the order of L-type then S-type suffixes from the LMS suffixes placed in `sa`. */
function induce(packed: Int32Array, sa: Int32Array, counts: Int32Array, buckets: Int32Array): void {
  const n = packed.length;
  bucketHeads(counts, buckets);
  for (let i = 0; i < n; i++) {
    const j = sa[i]! - 1;
    if (j >= 0) {
      const v = packed[j]!;
      if ((v & 1) === 0) sa[buckets[v >> 1]!++] = j;
    }
  }
  bucketTails(counts, buckets);
  for (let i = n - 1; i >= 0; i--) {
    const j = sa[i]! - 1;
    if (j >= 0) {
      const v = packed[j]!;
      if ((v & 1) === 1) sa[buckets[v >> 1]!--] = j;
    }
  }
}

function isLms(packed: Int32Array, i: number): boolean {
  return i > 0 && (packed[i]! & 1) === 1 && (packed[i - 1]! & 1) === 0;
}

/**
 * Builds the suffix array of `text`, whose last symbol must be a unique 0 and whose
 * other symbols lie in [1, alphabetSize). `text` is consumed: it is overwritten.
 */
export function suffixArrayInduced(text: Int32Array, alphabetSize: number): Int32Array {
  const n = text.length;
  const sa = new Int32Array(n);
  if (n === 1) {
    sa[0] = 0;
    return sa;
  }
  const counts = new Int32Array(alphabetSize);
  for (let i = 0; i < n; i++) counts[text[i]!]!++;
  // Pack types in place, right to left: the successor is already packed.
  const packed = text;
  packed[n - 1] = packed[n - 1]! * 2 + 1;
  for (let i = n - 2; i >= 0; i--) {
    const a = packed[i]!;
    const next = packed[i + 1]!;
    const b = next >> 1;
    packed[i] = a * 2 + (a < b || (a === b && (next & 1) === 1) ? 1 : 0);
  }
  const buckets = new Int32Array(alphabetSize);

  // Stage 1: sort the LMS substrings.
  sa.fill(EMPTY);
  bucketTails(counts, buckets);
  for (let i = n - 1; i >= 1; i--) {
    if (isLms(packed, i)) sa[buckets[packed[i]! >> 1]!--] = i;
  }
  induce(packed, sa, counts, buckets);

  // Compact the sorted LMS positions to the front of sa.
  let lmsCount = 0;
  for (let i = 0; i < n; i++) {
    const p = sa[i]!;
    if (isLms(packed, p)) sa[lmsCount++] = p;
  }
  // Name the LMS substrings; equal substrings (symbols and types) get equal names.
  sa.fill(EMPTY, lmsCount);
  let name = 0;
  let previous = -1;
  for (let i = 0; i < lmsCount; i++) {
    const p = sa[i]!;
    let differs = previous < 0;
    if (!differs) {
      for (let d = 0; ; d++) {
        const pd = p + d;
        const qd = previous + d;
        if (pd >= n || qd >= n || packed[pd] !== packed[qd]) {
          differs = true;
          break;
        }
        if (d > 0 && (isLms(packed, pd) || isLms(packed, qd))) {
          differs = !(isLms(packed, pd) && isLms(packed, qd));
          break;
        }
      }
    }
    if (differs) {
      name++;
      previous = p;
    }
    // LMS positions are at least two apart, so p >> 1 slots never collide.
    sa[lmsCount + (p >> 1)] = name - 1;
  }
  // Gather the reduced string in text order.
  const reduced = new Int32Array(lmsCount);
  for (let i = n - 1, j = lmsCount - 1; i >= lmsCount; i--) {
    if (sa[i]! >= 0) reduced[j--] = sa[i]!;
  }
  // Map reduced indices back to LMS positions in text order.
  const lmsPositions = new Int32Array(lmsCount);
  for (let i = 1, j = 0; i < n; i++) {
    if (isLms(packed, i)) lmsPositions[j++] = i;
  }

  // Stage 2: sort the LMS suffixes, recursing when names repeat.
  let reducedSa: Int32Array;
  if (name < lmsCount) {
    reducedSa = suffixArrayInduced(reduced, name);
  } else {
    reducedSa = new Int32Array(lmsCount);
    for (let i = 0; i < lmsCount; i++) reducedSa[reduced[i]!] = i;
  }

  // Stage 3: place the sorted LMS suffixes at their bucket tails and induce the rest.
  sa.fill(EMPTY);
  bucketTails(counts, buckets);
  for (let i = lmsCount - 1; i >= 0; i--) {
    const p = lmsPositions[reducedSa[i]!]!;
    sa[buckets[packed[p]! >> 1]!--] = p;
  }
  induce(packed, sa, counts, buckets);
  return sa;
}

/**
 * Sorts the phrase start positions of a token stream (ids ≥ 1, 0 between segments).
 * Returns the non-sentinel positions in lexicographic order of their suffixes, each
 * suffix read up to its segment's end.
 */
export function sortPhraseStarts(tokens: Uint32Array, maxTokenId: number): Uint32Array {
  const n = tokens.length;
  const shifted = new Int32Array(n + 1);
  let sentinels = 0;
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    if (t === 0) sentinels++;
    shifted[i] = t + 1;
  }
  shifted[n] = 0;
  const sa = suffixArrayInduced(shifted, maxTokenId + 2);
  // Position n and the segment sentinels sort first (symbols 0 and 1).
  return Uint32Array.from(sa.subarray(1 + sentinels));
}
