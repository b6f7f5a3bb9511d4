/**
 * Token keys to integer ids. Id 0 is reserved for the segment sentinel of token
 * streams, so real ids start at 1. Ids are append-only: adding documents never
 * renumbers, so shards written earlier stay valid.
 */
export class Vocabulary {
  private readonly ids = new Map<string, number>();
  private readonly keys: string[] = [''];

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
    return this.ids.get(key) ?? -1;
  }

  /** Id of `key`, assigning the next one when new. */
  intern(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.ids.set(key, id);
      this.keys.push(key);
    }
    return id;
  }

  /** The key of an id. */
  keyOf(id: number): string | undefined {
    return id > 0 ? this.keys[id] : undefined;
  }

  /** Keys with ids in [from, size), in id order: what a new shard persists. */
  keysFrom(from: number): string[] {
    return this.keys.slice(from);
  }

  /** Restores keys saved by `keysFrom`, which must continue the current numbering. */
  appendKeys(keys: readonly string[]): void {
    for (const key of keys) {
      if (this.ids.has(key)) throw new Error(`Vocabulary key repeated: the index file is inconsistent.`);
      this.ids.set(key, this.keys.length);
      this.keys.push(key);
    }
  }
}
