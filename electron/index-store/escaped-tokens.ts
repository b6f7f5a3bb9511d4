/**
 * A shard's token stream held whole: 16 bits a token, the rare larger ids escaped.
 *
 * Why: a shard held whole bit-packed its token ids at the width of its largest id, 20 bits
 * at 300M tokens (a vocabulary of 680,000 keys). Yet ids are handed out as words are first
 * seen, so the common words have the small ids: at 300M, 95.2 % of the stream's values are
 * below 65,535. Here each value takes 16 bits, and an id of 65,535 or more is written as
 * ESCAPE and kept, in stream order, in a side array. At 300M that is about 17.4 bits a value
 * instead of 20, about 115 MiB less (BENCHMARKS.md), and the common case is one aligned
 * 16-bit read instead of two 32-bit reads and shifts.
 *
 * Finding an escaped value: the number of escapes before each block of 2^BLOCK_SHIFT values
 * is stored; the escapes of its block before the value are counted by scanning it, which
 * reads the same one or two cache lines as the value itself.
 */
import { bitsFor, PackedUints, unpack } from './packed-uints.js';

/** The 16-bit value that stands for an id of 65,535 or more. */
export const ESCAPE = 0xffff;
/** Values per block of the escape counts: 128 values, 256 bytes, 0.25 bits a value for the counts. */
const BLOCK_SHIFT = 7;

/** The parts of an escaped stream; plain fields, so that a search loop can keep them in locals (see escapedAt). */
export interface EscapedTokens {
  readonly length: number;
  /** Each value, or ESCAPE. */
  readonly low: Uint16Array;
  /** The escaped values in stream order. */
  readonly escapes: PackedUints;
  /** Escapes before block b (of 2^BLOCK_SHIFT values), for every block and one past the last (all of them). */
  readonly blockEscapes: Uint32Array;
}

/** Value i of an escaped stream: a plain function of its parts, as unpack() is, for the same reason. */
export function escapedAt(low: Uint16Array, escapes: PackedUints, blockEscapes: Uint32Array, i: number): number {
  const value = low[i]!;
  return value === ESCAPE ? escapedValue(low, escapes, blockEscapes, i) : value;
}

/**
 * The slow path of escapedAt, kept out of it so that the common path stays small enough to
 * inline. The escapes before value i are counted from its block's nearer end: from the
 * start up, or from the next block's count down (the last block's end is the stream's).
 */
function escapedValue(low: Uint16Array, escapes: PackedUints, blockEscapes: Uint32Array, i: number): number {
  const block = i >>> BLOCK_SHIFT;
  const start = block << BLOCK_SHIFT;
  const end = Math.min(low.length, start + (1 << BLOCK_SHIFT));
  let rank: number;
  if (i - start <= end - i) {
    rank = blockEscapes[block]!;
    for (let j = start; j < i; j++) if (low[j] === ESCAPE) rank++;
  } else {
    rank = blockEscapes[block + 1]! - 1;
    for (let j = i + 1; j < end; j++) if (low[j] === ESCAPE) rank--;
  }
  return unpack(escapes.words, escapes.width, escapes.mask, rank);
}

/** Value i of `tokens`. */
export function tokenAt(tokens: EscapedTokens, i: number): number {
  return escapedAt(tokens.low, tokens.escapes, tokens.blockEscapes, i);
}

/** Values [from, to) of `tokens` as a new Uint32Array. */
export function sliceTokens(tokens: EscapedTokens, from: number, to: number): Uint32Array {
  const out = new Uint32Array(Math.max(0, to - from));
  for (let i = from; i < to; i++) out[i - from] = tokenAt(tokens, i);
  return out;
}

/** Bytes of memory an escaped stream takes. */
export function escapedByteLength(tokens: EscapedTokens): number {
  return tokens.low.byteLength + tokens.escapes.byteLength + tokens.blockEscapes.byteLength;
}

/**
 * Builds an escaped stream of `length` values from runs given in stream order (a shard's
 * pages are read in order), then finish(). `largest` is the largest value it may hold.
 */
export class EscapedTokensBuilder {
  private readonly low: Uint16Array;
  private readonly blockEscapes: Uint32Array;
  private escaped = new Uint32Array(1024);
  private escapeCount = 0;
  private next = 0;

  constructor(
    readonly length: number,
    private readonly largest: number,
  ) {
    this.low = new Uint16Array(length);
    this.blockEscapes = new Uint32Array((length >>> BLOCK_SHIFT) + 2);
  }

  /** Appends values[0, count) at index `at`, which must be where the last run ended. */
  setFrom(at: number, values: ArrayLike<number>, count: number): void {
    if (at !== this.next || at + count > this.length) throw new RangeError(`Runs of an escaped stream go in order: ${at} given, ${this.next} expected.`);
    const { low, blockEscapes, largest } = this;
    for (let j = 0; j < count; j++) {
      const i = at + j;
      const value = values[j]!;
      if (value > largest || value < 0) throw new RangeError(`Value ${value} is above the largest, ${largest}.`);
      // The count of a block is that of the escapes before its first value.
      if ((i & ((1 << BLOCK_SHIFT) - 1)) === 0) blockEscapes[i >>> BLOCK_SHIFT] = this.escapeCount;
      if (value < ESCAPE) low[i] = value;
      else {
        low[i] = ESCAPE;
        if (this.escapeCount === this.escaped.length) {
          const grown = new Uint32Array(this.escaped.length * 2);
          grown.set(this.escaped);
          this.escaped = grown;
        }
        this.escaped[this.escapeCount++] = value;
      }
    }
    this.next = at + count;
  }

  finish(): EscapedTokens {
    if (this.next !== this.length) throw new RangeError(`An escaped stream of ${this.length} values got ${this.next}.`);
    const escapes = new PackedUints(this.escapeCount, bitsFor(this.largest));
    escapes.setFrom(0, this.escaped, this.escapeCount);
    // The entry after the last block (a partial one, or none): every escape is before it.
    this.blockEscapes.fill(this.escapeCount, (this.length + (1 << BLOCK_SHIFT) - 1) >>> BLOCK_SHIFT);
    this.escaped = new Uint32Array(0);
    return { length: this.length, low: this.low, escapes, blockEscapes: this.blockEscapes };
  }
}
