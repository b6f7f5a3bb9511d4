/**
 * Unsigned integers of a fixed bit width, packed end to end: how a shard held whole keeps
 * its token stream and suffix array in memory (shard.ts).
 *
 * Why: a Uint32Array spends 32 bits on a token id that needs 20 (a vocabulary of 680,000
 * keys at 300M tokens) and on a position that needs 24 (a shard of at most 15M tokens).
 * Packed, the two take about 5.5 bytes a token instead of 8, and a binary search still
 * reads one or two words per probe, mostly in the same cache line as before.
 */

/** Bits needed to hold every value up to `max` (at least 1). */
export function bitsFor(max: number): number {
  let bits = 1;
  while (bits < 31 && max >= 2 ** bits) bits++;
  if (max >= 2 ** bits) throw new RangeError(`Values up to ${max} need more than 31 bits.`);
  return bits;
}

/**
 * Value i of packed `words` of `width` bits (mask = 2^width − 1). A plain function of its
 * arguments, so that a search loop can keep the three in locals: as a method reading them
 * from the object on every probe, binary searches took half as long again as on a
 * Uint32Array (court collection); like this, about as long.
 */
export function unpack(words: Uint32Array, width: number, mask: number, i: number): number {
  const bit = i * width;
  const word = bit >>> 5;
  const shift = bit & 31;
  // The high bits from the next word, without a branch: whether a value runs into the
  // next word is a coin toss for a search, and a mispredicted branch costs more than the
  // read. (x << 1) << (31 − shift) is x << (32 − shift), and 0 when shift is 0.
  return ((words[word]! >>> shift) | ((words[word + 1]! << 1) << (31 - shift))) & mask;
}

export class PackedUints {
  /** One spare word at the end, so that unpack() may read the word after the last value's. */
  readonly words: Uint32Array;
  /** 2^width − 1. */
  readonly mask: number;

  constructor(
    readonly length: number,
    /** Bits per value, 1 to 31. */
    readonly width: number,
  ) {
    if (!Number.isInteger(width) || width < 1 || width > 31) throw new RangeError(`Bit width ${width} is not between 1 and 31.`);
    // Bit offsets are 32-bit integers in unpack(): 2^32 bits is 512 MB of values, far above a shard's.
    if (length * width >= 2 ** 32) throw new RangeError(`${length} values of ${width} bits do not fit one packed array.`);
    this.words = new Uint32Array(Math.ceil((length * width) / 32) + 1);
    this.mask = 2 ** width - 1;
  }

  /** Bytes of memory the values take. */
  get byteLength(): number {
    return this.words.byteLength;
  }

  get(i: number): number {
    return unpack(this.words, this.width, this.mask, i);
  }

  /** Sets value i; values set must fit the width and each index is set once (bits are or-ed in). */
  set(i: number, value: number): void {
    const bit = i * this.width;
    const word = bit >>> 5;
    const shift = bit & 31;
    this.words[word] = (this.words[word]! | (value << shift)) >>> 0;
    if (shift + this.width > 32) this.words[word + 1] = (this.words[word + 1]! | (value >>> (32 - shift))) >>> 0;
  }

  /**
   * Packs values[0, count) into indices [at, at + count) (each set once; see set()). One
   * word is written at a time, from a register: a shard read whole packs every page of its
   * file through here, and set() for each value, two reads and writes of memory and a
   * branch that goes either way, took most of the read.
   */
  setFrom(at: number, values: ArrayLike<number>, count: number): void {
    if (count <= 0) return;
    const { words, width, mask } = this;
    const bit = at * width;
    let word = bit >>> 5;
    let shift = bit & 31;
    // The first word may hold values set before: they are kept. Int32 arithmetic (a store
    // into the Uint32Array takes the same 32 bits), so that the loop never makes a double.
    let current = words[word]! | 0;
    for (let j = 0; j < count; j++) {
      const value = values[j]!;
      if (value > mask || value < 0) throw new RangeError(`Value ${value} does not fit ${width} bits.`);
      current |= value << shift;
      shift += width;
      if (shift >= 32) {
        words[word++] = current;
        shift -= 32;
        // The bits of the value that did not fit; none when it ended the word.
        current = shift === 0 ? 0 : value >>> (width - shift);
      }
    }
    if (shift > 0) words[word] = words[word]! | current;
  }

  /** Values [from, to) as a new Uint32Array. */
  slice(from: number, to: number): Uint32Array {
    const out = new Uint32Array(Math.max(0, to - from));
    for (let i = from; i < to; i++) out[i - from] = this.get(i);
    return out;
  }
}
