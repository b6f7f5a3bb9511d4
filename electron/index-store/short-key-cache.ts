/**
 * A cache in front of the vocabulary for short ASCII tokens, filled while indexing.
 *
 * Why: looking a token up in the vocabulary touches three places in memory (its slot,
 * the array of key strings, the key string itself) to prove that the key is equal. With
 * a large vocabulary each is a cache miss for a word that is not among the most frequent:
 * interning cost 153–162 ns a token on the 100M remix (544,000 keys seen in its first
 * 300M characters) against 36–50 ns on the court (88,000 keys). Here a key of at most
 * SHORT_KEY_LENGTH characters (98 % of the remix's tokens) is stored in its slot itself,
 * 7 bits a character, so that a hit reads one slot of 16 bytes. Equality is exact: the
 * packed characters and the length are the key.
 *
 * Only indexing fills it (Vocabulary.internToken); a collection opened for checks never
 * makes one, so it costs no query memory.
 */
import { FNV_OFFSET, FNV_PRIME } from '../../shared/tokenizer/scan.js';

/** Longest key kept in a slot: the length and 4 characters in one 32-bit word, 4 in each of two more. */
export const SHORT_KEY_LENGTH = 12;

/** Lower-case ASCII code of text[at] (keys are lower case; the scanner hashed them so). */
function lowered(text: string, at: number): number {
  const c = text.charCodeAt(at);
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** FNV-1a of a packed key's characters: the scanner's hash of the key, for growing. */
function hashPacked(words: Int32Array, at: number): number {
  const length = words[at]! & 15;
  let h = FNV_OFFSET;
  for (let i = 0; i < length; i++) {
    const c = i < 4 ? (words[at]! >>> (4 + 7 * i)) & 127 : (words[at + 1 + ((i - 4) >> 2)]! >>> (7 * ((i - 4) & 3))) & 127;
    h = Math.imul(h ^ c, FNV_PRIME);
  }
  return h >>> 0;
}

export class ShortKeyCache {
  /**
   * Four words a slot: the id (0: empty), then the packed key: its length and first 4
   * characters, 4 more, 4 more (unused characters 0). The packed key is the whole key,
   * so no hash needs to be kept to compare it.
   */
  private slots = new Int32Array(4 << 12);
  private mask = (1 << 12) - 1;
  private count = 0;
  // The key of the last lookup, kept for `remember`: no object a lookup.
  private readonly key = new Int32Array(3);
  private slot = 0;

  /**
   * The id of the ASCII token text[start, end) of at most SHORT_KEY_LENGTH characters,
   * whose key's FNV-1a hash is `hash`; 0 when it is not cached, and then `remember` must
   * be given its id before the next lookup.
   */
  lookup(text: string, start: number, end: number, hash: number): number {
    let first = end - start;
    let second = 0;
    let third = 0;
    const a = Math.min(end, start + 4);
    const b = Math.min(end, start + 8);
    for (let i = start; i < a; i++) first |= lowered(text, i) << (4 + 7 * (i - start));
    for (let i = a; i < b; i++) second |= lowered(text, i) << (7 * (i - a));
    for (let i = b; i < end; i++) third |= lowered(text, i) << (7 * (i - b));
    const { slots, mask } = this;
    let slot = hash & mask;
    for (; ; slot = (slot + 1) & mask) {
      const at = 4 * slot;
      const id = slots[at]!;
      if (id === 0) break;
      if (slots[at + 1] === first && slots[at + 2] === second && slots[at + 3] === third) return id;
    }
    this.key[0] = first;
    this.key[1] = second;
    this.key[2] = third;
    this.slot = slot;
    return 0;
  }

  /** Stores the id of the key the last lookup did not find. */
  remember(id: number): void {
    const at = 4 * this.slot;
    this.slots[at] = id;
    this.slots.set(this.key, at + 1);
    if (++this.count * 2 > this.mask) this.grow();
  }

  private grow(): void {
    const old = this.slots;
    const size = (this.mask + 1) * 2;
    this.slots = new Int32Array(4 * size);
    this.mask = size - 1;
    for (let at = 0; at < old.length; at += 4) {
      if (old[at] === 0) continue;
      let slot = hashPacked(old, at + 1) & this.mask;
      while (this.slots[4 * slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots.set(old.subarray(at, at + 4), 4 * slot);
    }
  }
}
