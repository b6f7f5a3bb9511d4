/**
 * A word-level diff of two texts, for the before/after view: Myers' O(ND) algorithm
 * over words (runs of letters and digits), the spaces and the punctuation between them.
 * Review edits are few and small, so D stays small even for long judgments.
 */

export interface DiffPart {
  readonly kind: 'same' | 'removed' | 'added';
  readonly text: string;
}

const PIECE = /[\p{L}\p{N}\p{M}'’-]+|\s+|[^\p{L}\p{N}\p{M}\s]/gu;

function pieces(text: string): string[] {
  return text.match(PIECE) ?? [];
}

/** Most edit steps explored before giving up on detail (the rest is shown as one replaced block). */
const MAX_D = 4000;

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
  for (const part of myers(a, b)) push(part.kind, part.text);
  push('same', before.slice(before.length - suffix));
  return parts;
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
