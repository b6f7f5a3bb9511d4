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

import { runToEnd } from '../../shared/steps.js';

const SMALL = 6; // 64 entries
const LARGE = 12; // 4096 entries
const DEAD = 0x7fffffff;

/** Entries of `previous` worked out between two yields of DistinctDocuments.steps (about 10 ms here). */
const ENTRIES_PER_STEP = 1 << 20;

export class DistinctDocuments {
  private readonly previous: Int32Array;
  private readonly smallMin: Int32Array;
  private readonly largeMin: Int32Array;

  constructor(
    private readonly documentOfSuffix: Uint16Array | Uint32Array,
    live: Uint8Array,
    /** Made by steps(); worked out here when absent. */
    previous?: Int32Array,
  ) {
    this.previous = previous ?? runToEnd(previousSteps(documentOfSuffix, live));
    this.smallMin = blockMinimums(this.previous, SMALL);
    this.largeMin = blockMinimums(this.previous, LARGE);
  }

  /**
   * The same, yielding every million entries or so: a collection read whole in the
   * background (CollectionIndex.promoteSteps) lets checks run in between.
   */
  static *steps(documentOfSuffix: Uint16Array | Uint32Array, live: Uint8Array): Generator<void, DistinctDocuments> {
    const previous = yield* previousSteps(documentOfSuffix, live);
    return new DistinctDocuments(documentOfSuffix, live, previous);
  }

  /**
   * Writes the shard-local document of each first occurrence in [lo, hi) into `out` from
   * `at`, in suffix order; returns where it stopped. `out` needs room for every distinct
   * document of the range.
   */
  collectDistinct(lo: number, hi: number, out: Int32Array, at: number): number {
    return at + this.scan(lo, hi, Infinity, out, at);
  }

  /** Distinct live documents in [lo, hi), counted up to `cap`. */
  count(lo: number, hi: number, cap: number): number {
    return this.scan(lo, hi, cap, undefined, 0);
  }

  /**
   * Finds the first occurrences in [lo, hi), up to `limit` of them, writing their
   * documents into `out` from `at` when it is given; returns how many it found. No call
   * per document: a common phrase's postings are most of the time arity ≤ 3 detection
   * takes on a large collection.
   */
  private scan(lo: number, hi: number, limit: number, out: Int32Array | undefined, at: number): number {
    const { previous, smallMin, largeMin, documentOfSuffix } = this;
    let found = 0;
    let i = lo;
    while (i < hi && found < limit) {
      if ((i & ((1 << LARGE) - 1)) === 0 && i + (1 << LARGE) <= hi && largeMin[i >>> LARGE]! >= lo) {
        i += 1 << LARGE;
        continue;
      }
      if ((i & ((1 << SMALL) - 1)) === 0 && i + (1 << SMALL) <= hi && smallMin[i >>> SMALL]! >= lo) {
        i += 1 << SMALL;
        continue;
      }
      if (previous[i]! < lo) {
        if (out !== undefined) out[at + found] = documentOfSuffix[i]!;
        found++;
      }
      i++;
    }
    return found;
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

function* previousSteps(documentOfSuffix: Uint16Array | Uint32Array, live: Uint8Array): Generator<void, Int32Array> {
  const n = documentOfSuffix.length;
  const previous = new Int32Array(n);
  const last = new Int32Array(live.length).fill(-1);
  for (let from = 0; from < n; from += ENTRIES_PER_STEP) {
    const to = Math.min(n, from + ENTRIES_PER_STEP);
    for (let i = from; i < to; i++) {
      const d = documentOfSuffix[i]!;
      if (live[d] === 0) {
        previous[i] = DEAD;
      } else {
        previous[i] = last[d]!;
        last[d] = i;
      }
    }
    if (to < n) yield;
  }
  return previous;
}
