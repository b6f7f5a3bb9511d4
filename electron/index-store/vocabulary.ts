/**
 * Token keys to integer ids. Id 0 is reserved for the segment sentinel of token
 * streams, so real ids start at 1. Ids are append-only: adding documents never
 * renumbers, so shards written earlier stay valid.
 *
 * Why a hand-made hash table: indexing interns ~10M tokens. Looking an ASCII token up
 * straight from the document's characters (hashing and comparing them lower-cased in
 * place) avoids making a key string per token; one is made only for a new key.
 *
 * Keys read from an index file stay UTF-8 bytes until one is compared or asked for
 * (keyAt): opening a 300M-token collection made 680,000 strings, a third of its open
 * time with the garbage collection they caused, for a check that looks up a few hundred.
 */
import { FNV_OFFSET, FNV_PRIME, TOKEN_NON_ASCII } from '../../shared/tokenizer/scan.js';
import { tokenKey } from '../../shared/tokenizer/token-key.js';
import { SHORT_KEY_LENGTH, ShortKeyCache } from './short-key-cache.js';

function hashKey(key: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

/**
 * hashKey() of the key whose UTF-8 is bytes[start, end), without making its string; -1
 * when they are not well-formed UTF-8 (the caller then decodes them as Buffer does).
 */
function hashUtf8(bytes: Uint8Array, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let p = start; p < end;) {
    const c = bytes[p]!;
    if (c < 0x80) {
      h = Math.imul(h ^ c, FNV_PRIME);
      p++;
      continue;
    }
    const length = c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xf0 && c < 0xf5 ? 4 : 0;
    if (length === 0 || p + length > end) return -1;
    let cp = c & (0xff >> (length + 1));
    for (let q = p + 1; q < p + length; q++) {
      const b = bytes[q]!;
      if ((b & 0xc0) !== 0x80) return -1;
      cp = (cp << 6) | (b & 0x3f);
    }
    // Overlong forms, surrogates and code points past U+10FFFF are not well-formed.
    if ((length === 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (length === 4 && (cp < 0x10000 || cp > 0x10ffff))) return -1;
    if (cp > 0xffff) {
      h = Math.imul(h ^ (0xd800 + ((cp - 0x10000) >> 10)), FNV_PRIME);
      h = Math.imul(h ^ (0xdc00 + ((cp - 0x10000) & 0x3ff)), FNV_PRIME);
    } else h = Math.imul(h ^ cp, FNV_PRIME);
    p += length;
  }
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

/** Keys as an index file stores them (readVocabulary): UTF-8, one '\n' between two keys. */
export interface StoredKeys {
  readonly bytes: Buffer;
  /** Where each key ends in `bytes`; key i starts one byte after key i − 1 ends. */
  readonly ends: Uint32Array;
}

function storedStart(stored: StoredKeys, i: number): number {
  return i === 0 ? 0 : stored.ends[i - 1]! + 1;
}

/** Key i (from 0) of stored keys. */
export function storedKeyAt(stored: StoredKeys, i: number): string {
  return stored.bytes.toString('utf8', storedStart(stored, i), stored.ends[i]!);
}

export class Vocabulary {
  /** Key of each id; undefined for a stored key not yet decoded (see keyAt). */
  private readonly keys: (string | undefined)[] = [''];
  /** The keys of ids 1 … stored.ends.length, when they came from a file. */
  private stored: StoredKeys | undefined;
  /** Hash of each id's key (typed: large collections have millions of keys). */
  private hashes = new Uint32Array(1 << 12);
  /**
   * Open addressing, two entries per slot: [hash, id] (id 0 = empty). Keeping the hash in
   * the slot costs one cache miss per lookup instead of two with a large vocabulary.
   */
  private slots = new Int32Array(2 << 12);
  private mask = (1 << 12) - 1;
  /** Short ASCII keys interned so far, looked up first (see short-key-cache.ts); made by the first internToken. */
  private shortKeys: ShortKeyCache | undefined;

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
      if (this.slots[2 * slot] === signed && this.keyAt(id) === key) return id;
    }
  }

  /** The key of an id in use. */
  keyAt(id: number): string {
    let key = this.keys[id];
    if (key === undefined) {
      key = storedKeyAt(this.stored!, id - 1);
      this.keys[id] = key;
    }
    return key;
  }

  /** Id of `key`, assigning the next one when new. */
  intern(key: string): number {
    const hash = hashKey(key);
    const signed = hash | 0;
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const id = this.slots[2 * slot + 1]!;
      if (id === 0) return this.insert(key, hash, slot);
      if (this.slots[2 * slot] === signed && this.keyAt(id) === key) return id;
    }
  }

  /**
   * Id of the token text[start, end), given the scanner's flags and ASCII key hash (the
   * key string is made only when the token is new or not ASCII).
   */
  internToken(text: string, start: number, end: number, flags: number, asciiKeyHash: number): number {
    if ((flags & TOKEN_NON_ASCII) !== 0) return this.intern(tokenKey(text, start, end, flags));
    if (end - start > SHORT_KEY_LENGTH) return this.internAscii(text, start, end, flags, asciiKeyHash);
    const cache = (this.shortKeys ??= new ShortKeyCache());
    const cached = cache.lookup(text, start, end, asciiKeyHash);
    if (cached !== 0) return cached;
    const id = this.internAscii(text, start, end, flags, asciiKeyHash);
    cache.remember(id);
    return id;
  }

  private internAscii(text: string, start: number, end: number, flags: number, asciiKeyHash: number): number {
    const hash = asciiKeyHash;
    const signed = hash | 0;
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const id = this.slots[2 * slot + 1]!;
      if (id === 0) return this.insert(tokenKey(text, start, end, flags), hash, slot);
      if (this.slots[2 * slot] === signed && asciiRangeEquals(this.keyAt(id), text, start, end)) return id;
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
    const keys: string[] = [];
    for (let id = from; id < this.keys.length; id++) keys.push(this.keyAt(id));
    return keys;
  }

  /** Restores keys saved by `keysFrom`, which must continue the current numbering. */
  appendKeys(keys: readonly string[]): void {
    this.reserve(this.keys.length + keys.length);
    for (const key of keys) {
      const before = this.keys.length;
      if (this.intern(key) !== before) throw new Error('Vocabulary key repeated: the index file is inconsistent.');
    }
  }

  /**
   * Restores the stored keys from number `from` (0: the first, id 1) on, which must
   * continue the current numbering. Into an empty vocabulary they stay bytes (see the
   * module comment); otherwise they are decoded and added one by one.
   */
  appendStoredKeys(stored: StoredKeys, from: number): void {
    const count = stored.ends.length;
    if (from !== 0 || this.keys.length !== 1) {
      const keys: string[] = [];
      for (let i = from; i < count; i++) keys.push(storedKeyAt(stored, i));
      this.appendKeys(keys);
      return;
    }
    this.reserve(1 + count);
    this.stored = stored;
    // Pushed, not `length = …`: a long array made with holes is kept as a dictionary.
    for (let i = 0; i < count; i++) this.keys.push(undefined);
    const { bytes } = stored;
    const { slots, mask, hashes } = this;
    for (let i = 0; i < count; i++) {
      const id = i + 1;
      const start = storedStart(stored, i);
      const end = stored.ends[i]!;
      let hash = hashUtf8(bytes, start, end);
      if (hash < 0) {
        const key = storedKeyAt(stored, i);
        this.keys[id] = key;
        hash = hashKey(key);
      }
      const signed = hash | 0;
      let slot = hash & mask;
      for (; slots[2 * slot + 1] !== 0; slot = (slot + 1) & mask) {
        const other = slots[2 * slot + 1]!;
        if (slots[2 * slot] === signed && this.keyAt(other) === this.keyAt(id)) throw new Error('Vocabulary key repeated: the index file is inconsistent.');
      }
      hashes[id] = hash;
      slots[2 * slot] = signed;
      slots[2 * slot + 1] = id;
    }
  }

  /** Sizes the table and the hashes once for `total` ids: growing step by step rehashed each key about twice. */
  private reserve(total: number): void {
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
  }
}
