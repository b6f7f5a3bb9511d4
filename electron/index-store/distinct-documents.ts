/**
 * Counting the distinct documents of a suffix-array range without scanning it.
 *
 * previous[i] is the last entry before i (in suffix order) from the same live
 * document, or -1. Within a range [lo, hi), the entries with previous[i] < lo are
 * exactly the first occurrence of each distinct document, so counting them counts
 * documents. Minimums over blocks of 64 and 4096 entries let the search skip runs with
 * no first occurrence: a phrase repeated 100,000 times in one document costs a few
 * thousand steps, not 100,000. Dead (removed) documents get +∞ and are never counted.
 */

const SMALL = 6; // 64 entries
const LARGE = 12; // 4096 entries
const DEAD = 0x7fffffff;

export class DistinctDocuments {
  private readonly previous: Int32Array;
  private readonly smallMin: Int32Array;
  private readonly largeMin: Int32Array;

  constructor(
    private readonly documentOfSuffix: Uint16Array | Uint32Array,
    live: Uint8Array,
  ) {
    const n = documentOfSuffix.length;
    this.previous = new Int32Array(n);
    const last = new Int32Array(live.length).fill(-1);
    for (let i = 0; i < n; i++) {
      const d = documentOfSuffix[i]!;
      if (live[d] === 0) {
        this.previous[i] = DEAD;
      } else {
        this.previous[i] = last[d]!;
        last[d] = i;
      }
    }
    this.smallMin = blockMinimums(this.previous, SMALL);
    this.largeMin = blockMinimums(this.previous, LARGE);
  }

  /**
   * Calls `visit` with the shard-local document of each first occurrence in [lo, hi),
   * in suffix order, until it returns false.
   */
  forEachDistinct(lo: number, hi: number, visit: (document: number) => boolean): void {
    const { previous, smallMin, largeMin, documentOfSuffix } = this;
    let i = lo;
    while (i < hi) {
      if ((i & ((1 << LARGE) - 1)) === 0 && i + (1 << LARGE) <= hi && largeMin[i >>> LARGE]! >= lo) {
        i += 1 << LARGE;
        continue;
      }
      if ((i & ((1 << SMALL) - 1)) === 0 && i + (1 << SMALL) <= hi && smallMin[i >>> SMALL]! >= lo) {
        i += 1 << SMALL;
        continue;
      }
      if (previous[i]! < lo && !visit(documentOfSuffix[i]!)) return;
      i++;
    }
  }

  /**
   * Writes the shard-local document of each first occurrence in [lo, hi) into `out` from
   * `at`, in suffix order; returns where it stopped. `out` needs room for every distinct
   * document of the range. The loop of forEachDistinct without a call per document: a
   * common phrase's postings are most of the time arity ≤ 3 detection takes on a large
   * collection.
   */
  collectDistinct(lo: number, hi: number, out: Int32Array, at: number): number {
    const { previous, smallMin, largeMin, documentOfSuffix } = this;
    let i = lo;
    let end = at;
    while (i < hi) {
      if ((i & ((1 << LARGE) - 1)) === 0 && i + (1 << LARGE) <= hi && largeMin[i >>> LARGE]! >= lo) {
        i += 1 << LARGE;
        continue;
      }
      if ((i & ((1 << SMALL) - 1)) === 0 && i + (1 << SMALL) <= hi && smallMin[i >>> SMALL]! >= lo) {
        i += 1 << SMALL;
        continue;
      }
      if (previous[i]! < lo) out[end++] = documentOfSuffix[i]!;
      i++;
    }
    return end;
  }

  /** Distinct live documents in [lo, hi), counted up to `cap`. */
  count(lo: number, hi: number, cap: number): number {
    let found = 0;
    this.forEachDistinct(lo, hi, () => ++found < cap);
    return Math.min(found, cap);
  }
}

function blockMinimums(values: Int32Array, shift: number): Int32Array {
  const size = 1 << shift;
  const out = new Int32Array(Math.ceil(values.length / size)).fill(DEAD);
  for (let i = 0; i < values.length; i++) {
    const b = i >>> shift;
    if (values[i]! < out[b]!) out[b] = values[i]!;
  }
  return out;
}
