import type { CandidateSets } from './candidate-sets.js';

/**
 * For each position p of `order`, the documents every candidate order[p..] holds, as a
 * row of bits (p = order.length: every document), asked for with p rising. An exact bound:
 * a combination of x with candidates ranked after it holds at least P(x) ∩ that set.
 *
 * Rows are worked out from the end, so one per position would be held at once: as many
 * rows as candidates, 51 MB for one judgment against a 300M-token collection. Here the
 * rows at every block's end are kept, and a block's own rows are worked out again from
 * its end's when it is reached: about 2·√n rows held, for twice the ANDs.
 */
export class LaterIntersections {
  /** The rows of the block being read (rowAt gives the offset of a row in it). */
  rows: Uint32Array;
  private readonly words: number;
  private readonly block: number;
  /** Row of position min((b + 1)·block, n), the end of block b, for each block b. */
  private readonly blockEnds: Uint32Array;
  private current = -1;

  constructor(
    private readonly sets: CandidateSets,
    private readonly order: Int32Array,
  ) {
    const n = order.length;
    this.words = sets.words;
    this.block = Math.max(1, Math.ceil(Math.sqrt(n)));
    const blocks = Math.ceil(n / this.block);
    this.blockEnds = new Uint32Array(blocks * this.words);
    this.rows = new Uint32Array((this.block + 1) * this.words);
    const row = new Uint32Array(this.words).fill(0xffffffff);
    for (let p = n; p > 0; p--) {
      // Here `row` is position p's.
      if (p % this.block === 0 || p === n) {
        const b = Math.ceil(p / this.block) - 1;
        this.blockEnds.set(row, b * this.words);
      }
      this.and(row, 0, order[p - 1]!);
    }
  }

  /** Offset in `rows` of position p's row (0 ≤ p ≤ n), for p never below the last asked. */
  rowAt(p: number): number {
    const n = this.order.length;
    const b = p === n ? -1 : Math.floor(p / this.block);
    if (b !== this.current) this.fill(b);
    return b === -1 ? 0 : (p - b * this.block) * this.words;
  }

  /** The rows of block b, from its end's (b = −1: the row of every document, alone). */
  private fill(b: number): void {
    const words = this.words;
    this.current = b;
    if (b === -1) {
      this.rows.fill(0xffffffff, 0, words);
      return;
    }
    const start = b * this.block;
    const end = Math.min(start + this.block, this.order.length);
    this.rows.set(this.blockEnds.subarray(b * words, (b + 1) * words), (end - start) * words);
    for (let p = end - 1; p >= start; p--) {
      this.rows.copyWithin((p - start) * words, (p + 1 - start) * words, (p + 2 - start) * words);
      this.and(this.rows, (p - start) * words, this.order[p]!);
    }
  }

  /** target[at..at + words) &= candidate r's row. */
  private and(target: Uint32Array, at: number, r: number): void {
    const { bits, rowStart } = this.sets;
    const row = rowStart[r]!;
    for (let w = 0; w < this.words; w++) target[at + w] = target[at + w]! & bits[row + w]!;
  }
}
