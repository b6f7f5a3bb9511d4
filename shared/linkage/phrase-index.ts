/**
 * What detection needs from an index of the original collection D. The suffix-array
 * store implements it for real collections; the test suite's brute-force reference
 * implements it by scanning every document. Detection never sees which one it has.
 */

/** Extends a phrase one token at a time and answers questions about its documents. */
export interface PhraseWalker {
  /** Starts a one-token phrase. Returns false when the token occurs nowhere. */
  start(tokenId: number): boolean;
  /** Appends a token. Returns false when the longer phrase occurs nowhere. */
  extend(tokenId: number): boolean;
  /**
   * Starts the phrase `ids[from, from + length)`, which the caller knows occurs (it is part
   * of a phrase found before), without asking whether it does: an index may put off its
   * search until the next question, and then search for several tokens at once.
   */
  startKnown(ids: ArrayLike<number>, from: number, length: number): void;
  /**
   * The number of distinct live documents holding the phrase, counted up to `cap`:
   * exact below `cap`, and `cap` for anything at or above it. Stopping early is what
   * keeps common phrases cheap.
   */
  countDocuments(cap: number): number;
  /**
   * The live documents holding the phrase, as ascending document numbers. Read-only: an
   * index may hand the same array to every caller (the store caches common phrases').
   */
  documents(): Int32Array;
}

/** A read-only view of the collection for phrase queries. */
export interface PhraseIndex {
  /** Token id of each key; -1 for a key that never occurs in the collection. */
  idsOf(keys: readonly string[]): Int32Array;
  /** A fresh walker; walkers are cheap and not shared between threads. */
  walker(): PhraseWalker;
  /** Number of live documents in the collection. */
  readonly documentCount: number;
  /** External ids of documents, by document number. */
  externalIds(documentNumbers: ArrayLike<number>): string[];
  /** Document number of an external id, or undefined when there is none. */
  documentNumberOf(externalId: string): number | undefined;
  /**
   * The token ids of a live document, in order, with a 0 after every segment (so no
   * phrase runs across one); undefined for a number that is not a live document.
   */
  documentTokens(documentNumber: number): Uint32Array | undefined;
}
