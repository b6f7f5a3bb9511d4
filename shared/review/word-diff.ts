/**
 * A word-level diff of two texts, for the before/after view: Myers' O(ND) algorithm
 * over words (runs of letters and digits), the spaces and the punctuation between them.
 *
 * A long text is first cut at anchors, as patience diff does: words that occur once in
 * each text (or as often in each, a few times at most), kept in the order both texts agree
 * on. Myers then runs between anchors, where D is small. Without the cut, a judgment of
 * 3,400 words with its plan accepted (about 1,000 placeholders) already passed Myers's
 * limit on D, and the view showed the whole text removed and the whole text added.
 */

export interface DiffPart {
  readonly kind: 'same' | 'removed' | 'added';
  readonly text: string;
}

// A placeholder such as [REDACTED] or [DATE] is one piece: aligned by its brackets alone,
// it would show as "[REDACTED" added beside a "]" kept.
const PIECE = /\[[\p{Lu}\p{N}_ -]{1,40}\]|[\p{L}\p{N}\p{M}'’-]+|\s+|[^\p{L}\p{N}\p{M}\s]/gu;

function pieces(text: string): string[] {
  return text.match(PIECE) ?? [];
}

/** Most edit steps explored before giving up on detail (the rest is shown as one replaced block). */
const MAX_D = 4000;
/**
 * Stretches of at most this many pieces, both texts together, go to Myers at once. The
 * 35,000-word text against its plan applied: 430 ms with 2,000, 180 ms with 200.
 */
const DIRECT_PIECES = 200;
/** How deep anchors are looked for within the stretches between anchors. */
const MAX_ANCHOR_DEPTH = 32;
const WORD = /[\p{L}\p{N}]/u;
/** Most occurrences of a word that pairs as anchors (see orderedAnchors). */
const MAX_ANCHOR_COUNT = 8;

/** The diff of `before` and `after`, adjacent parts of a kind merged. */
export function wordDiff(before: string, after: string): DiffPart[] {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && suffix < after.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  // Back off to piece boundaries so no word is cut in two.
  while (prefix > 0 && /[\p{L}\p{N}]/u.test(before[prefix - 1]!) && (/[\p{L}\p{N}]/u.test(before[prefix] ?? '') || /[\p{L}\p{N}]/u.test(after[prefix] ?? '')))
    prefix--;
  while (
    suffix > 0 &&
    /[\p{L}\p{N}]/u.test(before[before.length - suffix]!) &&
    (/[\p{L}\p{N}]/u.test(before[before.length - suffix - 1] ?? '') || /[\p{L}\p{N}]/u.test(after[after.length - suffix - 1] ?? ''))
  )
    suffix--;
  const a = pieces(before.slice(prefix, before.length - suffix));
  const b = pieces(after.slice(prefix, after.length - suffix));
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string): void => {
    if (text.length === 0) return;
    const last = parts.at(-1);
    if (last?.kind === kind) parts[parts.length - 1] = { kind, text: last.text + text };
    else parts.push({ kind, text });
  };
  push('same', before.slice(0, prefix));
  const middle: DiffPart[] = [];
  diffStretch(a, 0, a.length, b, 0, b.length, 0, middle);
  for (const part of middle) push(part.kind, part.text);
  push('same', before.slice(before.length - suffix));
  return parts;
}

/**
 * Appends to `out` the diff of a[aFrom, aTo) against b[bFrom, bTo): Myers when short, else
 * cut at anchors first. (Appended part by part: a spread of tens of thousands of parts
 * into push would overflow the stack.)
 */
function diffStretch(a: readonly string[], aFrom: number, aTo: number, b: readonly string[], bFrom: number, bTo: number, depth: number, out: DiffPart[]): void {
  const anchors = aTo - aFrom + (bTo - bFrom) <= DIRECT_PIECES || depth >= MAX_ANCHOR_DEPTH ? [] : orderedAnchors(a, aFrom, aTo, b, bFrom, bTo);
  if (anchors.length === 0) {
    for (const part of myers(a.slice(aFrom, aTo), b.slice(bFrom, bTo))) out.push(part);
    return;
  }
  let i = aFrom;
  let j = bFrom;
  for (const [anchorA, anchorB] of anchors) {
    diffStretch(a, i, anchorA, b, j, anchorB, depth + 1, out);
    out.push({ kind: 'same', text: a[anchorA]! });
    i = anchorA + 1;
    j = anchorB + 1;
  }
  diffStretch(a, i, aTo, b, j, bTo, depth + 1, out);
}

/**
 * Pairs (i, j) of a word that occurs as often in a[aFrom, aTo) as in b[bFrom, bTo), and at
 * most MAX_ANCHOR_COUNT times (its k-th occurrence in one paired with its k-th in the
 * other: a text repeated in itself has no word that occurs once), as many as keep the same
 * order in both (the longest increasing run of j by i, by patience sorting).
 */
function orderedAnchors(a: readonly string[], aFrom: number, aTo: number, b: readonly string[], bFrom: number, bTo: number): [number, number][] {
  const inA = occurrences(a, aFrom, aTo);
  const inB = occurrences(b, bFrom, bTo);
  const pairs: [number, number][] = [];
  for (const [word, at] of inA) {
    const other = inB.get(word);
    if (other === undefined || other.length !== at.length || at.length > MAX_ANCHOR_COUNT) continue;
    at.forEach((i, k) => pairs.push([i, other[k]!]));
  }
  pairs.sort((x, y) => x[0] - y[0]);
  // Patience sorting: tails[k] is the pair ending the best run of length k + 1.
  const tails: number[] = [];
  const previous = new Int32Array(pairs.length).fill(-1);
  pairs.forEach(([, j], p) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (pairs[tails[mid]!]![1] < j) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[p] = tails[lo - 1]!;
    tails[lo] = p;
  });
  const run: [number, number][] = [];
  for (let p = tails.length > 0 ? tails[tails.length - 1]! : -1; p >= 0; p = previous[p]!) run.push(pairs[p]!);
  return run.reverse();
}

function myers(a: readonly string[], b: readonly string[]): DiffPart[] {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_D);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    v = next;
  }
  if (found < 0) return [...(n > 0 ? [{ kind: 'removed' as const, text: a.join('') }] : []), ...(m > 0 ? [{ kind: 'added' as const, text: b.join('') }] : [])];
  // Walk back through the trace.
  const out: DiffPart[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const prev = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && prev[offset + k - 1]! < prev[offset + k + 1]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = prev[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      out.push({ kind: 'same', text: a[--x]! });
      y--;
    }
    if (down) out.push({ kind: 'added', text: b[--y]! });
    else out.push({ kind: 'removed', text: a[--x]! });
  }
  while (x > 0 && y > 0) {
    out.push({ kind: 'same', text: a[--x]! });
    y--;
  }
  return out.reverse();
}

/** Where each word of parts[from, to) occurs, in order (spaces and punctuation left out). */
function occurrences(parts: readonly string[], from: number, to: number): Map<string, number[]> {
  const at = new Map<string, number[]>();
  for (let i = from; i < to; i++) {
    if (!WORD.test(parts[i]!)) continue;
    const list = at.get(parts[i]!);
    if (list === undefined) at.set(parts[i]!, [i]);
    else list.push(i);
  }
  return at;
}
