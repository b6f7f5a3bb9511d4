/**
 * Token keys to integer ids. Id 0 is reserved for the segment sentinel of token
 * streams, so real ids start at 1. Ids are append-only: adding documents never
 * renumbers, so shards written earlier stay valid.
 *
 * Why a hand-made hash table: indexing interns ~10M tokens. Looking an ASCII token up
 * straight from the document's characters (hashing and comparing them lower-cased in
 * place) avoids making a key string per token; one is made only for a new key.
 */
import { FNV_OFFSET, FNV_PRIME, TOKEN_NON_ASCII } from '../../shared/tokenizer/scan.js';
import { tokenKey } from '../../shared/tokenizer/token-key.js';

function hashKey(key: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

function asciiRangeEquals(key: string, text: string, start: number, end: number): boolean {
  if (key.length !== end - start) return false;
  for (let i = 0; i < key.length; i++) {
    let c = text.charCodeAt(start + i);
    if (c >= 65 && c <= 90) c += 32;
    if (key.charCodeAt(i) !== c) return false;
  }
  return true;
}

export class Vocabulary {
  private readonly keys: string[] = [''];
  /** Hash of each id's key (typed: large collections have millions of keys). */
  private hashes = new Uint32Array(1 << 12);
  /**
   * Open addressing, two entries per slot: [hash, id] (id 0 = empty). Keeping the hash in
   * the slot costs one cache miss per lookup instead of two with a large vocabulary.
   */
  private slots = new Int32Array(2 << 12);
  private mask = (1 << 12) - 1;

  /** Number of ids in use, the sentinel included. */
  get size(): number {
    return this.keys.length;
  }

  /** Largest id assigned so far (0 when empty). */
  get maxId(): number {
    return this.keys.length - 1;
  }

  /** Id of `key`, or -1 when the collection never used it. */
  idOf(key: string): number {
    const hash = hashKey(key);
    const signed = hash | 0;
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const id = this.slots[2 * slot + 1]!;
      if (id === 0) return -1;
      if (this.slots[2 * slot] === signed && this.keys[id] === key) return id;
    }
  }

  /** Id of `key`, assigning the next one when new. */
  intern(key: string): number {
    const hash = hashKey(key);
    const signed = hash | 0;
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const id = this.slots[2 * slot + 1]!;
      if (id === 0) return this.insert(key, hash, slot);
      if (this.slots[2 * slot] === signed && this.keys[id] === key) return id;
    }
  }

  /**
   * Id of the token text[start, end), given the scanner's flags and ASCII key hash (the
   * key string is made only when the token is new or not ASCII).
   */
  internToken(text: string, start: number, end: number, flags: number, asciiKeyHash: number): number {
    if ((flags & TOKEN_NON_ASCII) !== 0) return this.intern(tokenKey(text, start, end, flags));
    const hash = asciiKeyHash;
    const signed = hash | 0;
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const id = this.slots[2 * slot + 1]!;
      if (id === 0) return this.insert(tokenKey(text, start, end, flags), hash, slot);
      if (this.slots[2 * slot] === signed && asciiRangeEquals(this.keys[id]!, text, start, end)) return id;
    }
  }

  private insert(key: string, hash: number, slot: number): number {
    const id = this.keys.length;
    this.keys.push(key);
    if (id >= this.hashes.length) {
      const grown = new Uint32Array(this.hashes.length * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[id] = hash;
    this.slots[2 * slot] = hash | 0;
    this.slots[2 * slot + 1] = id;
    if (id * 2 > this.mask) this.grow();
    return id;
  }

  private grow(): void {
    const size = (this.mask + 1) * 2;
    this.slots = new Int32Array(2 * size);
    this.mask = size - 1;
    for (let id = 1; id < this.keys.length; id++) {
      const hash = this.hashes[id]!;
      let slot = hash & this.mask;
      while (this.slots[2 * slot + 1] !== 0) slot = (slot + 1) & this.mask;
      this.slots[2 * slot] = hash | 0;
      this.slots[2 * slot + 1] = id;
    }
  }

  /** Keys with ids in [from, size), in id order: what a new shard persists. */
  keysFrom(from: number): string[] {
    return this.keys.slice(from);
  }

  /** Restores keys saved by `keysFrom`, which must continue the current numbering. */
  appendKeys(keys: readonly string[]): void {
    // Sized once for all of them: opening a collection appends every key, and growing step by step rehashed each key about twice.
    const total = this.keys.length + keys.length;
    if (total * 2 > this.mask) {
      let size = this.mask + 1;
      while (total * 2 > size - 1) size *= 2;
      this.mask = size / 2 - 1;
      this.grow();
    }
    if (total > this.hashes.length) {
      const grown = new Uint32Array(total);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    for (const key of keys) {
      const before = this.keys.length;
      if (this.intern(key) !== before) throw new Error('Vocabulary key repeated: the index file is inconsistent.');
    }
  }
}
