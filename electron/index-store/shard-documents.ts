/**
 * A shard's documents, as both kinds of shard use them: which document holds a stream
 * position, and the collection-wide numbers of a set of local documents, ascending.
 * Shard (held whole) and PagedShard (searched in place) share this, so that they give the
 * same postings by the same steps.
 */

/**
 * Postings of at least 1/MARK_SCAN_RATIO of a shard's documents are put in order by
 * marking (one pass over the shard's documents); smaller ones are sorted.
 */
const MARK_SCAN_RATIO = 32;

/** Where each entry of a shard's suffix array starts in its token stream. */
export interface PhraseStarts {
  suffixAt(i: number): number;
}

export class ShardDocuments {
  /** Document of every 2^coarseShift-th stream position (see documentAt). */
  private readonly coarse: Uint32Array;
  private readonly coarseShift: number;
  /** True when documentNumbers ascend with the local document order (see toSortedNumbers). */
  private readonly numbersAscending: boolean;
  /** Scratch marks of toSortedNumbers, one per local document, all 0 between calls. */
  private marks: Uint8Array | undefined;
  /** seen[d] === stamp when document d was met in the current scan: no clearing between scans. */
  private seen: Int32Array | undefined;
  private stamp = 0;

  constructor(
    /** Offset of each document's first token, plus a final entry equal to the stream's length. */
    private readonly documentStarts: Uint32Array,
    /** Collection-wide number of each local document. */
    private readonly documentNumbers: Int32Array,
  ) {
    const documents = documentNumbers.length;
    const length = documentStarts[documents] ?? 0;
    // A table of the document at every position would be read at random, one cache miss a
    // lookup; one at every 2^shift-th position, shift below the mean document length, stays
    // in cache, and the document found there is at most a step or two short of the right one.
    this.coarseShift = Math.max(0, Math.min(8, Math.floor(Math.log2(Math.max(1, length / Math.max(1, documents))))));
    this.coarse = new Uint32Array((length >>> this.coarseShift) + 1);
    for (let block = 0, d = 0; block < this.coarse.length; block++) {
      const position = block << this.coarseShift;
      while (d + 1 < documents && documentStarts[d + 1]! <= position) d++;
      this.coarse[block] = d;
    }
    let ascending = true;
    for (let d = 1; d < documents && ascending; d++) ascending = documentNumbers[d - 1]! < documentNumbers[d]!;
    this.numbersAscending = ascending;
  }

  /** Local document holding a stream position. */
  documentAt(position: number): number {
    let d = this.coarse[position >>> this.coarseShift]!;
    while (this.documentStarts[d + 1]! <= position) d++;
    return d;
  }

  /** Starts a scan: a fresh stamp, so that `seen` needs no clearing. */
  private nextStamp(): number {
    if (this.stamp === 0x7fffffff) {
      this.seen!.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  /**
   * Distinct live documents of the phrase starts [lo, hi), counted up to `cap`, by scanning
   * them: detection asks for k documents and stops there, so a precomputed table of 4 bytes
   * a token buys little, and postings of common phrases are cached above (postings-cache.ts).
   */
  countInRange(phrases: PhraseStarts, live: Uint8Array, lo: number, hi: number, cap: number): number {
    const seen = (this.seen ??= new Int32Array(this.documentNumbers.length));
    const stamp = this.nextStamp();
    let found = 0;
    for (let i = lo; i < hi && found < cap; i++) {
      const d = this.documentAt(phrases.suffixAt(i));
      if (live[d] === 1 && seen[d] !== stamp) {
        seen[d] = stamp;
        found++;
      }
    }
    return found;
  }

  /**
   * Writes the document numbers of the distinct live documents of the phrase starts
   * [lo, hi) into `out` from `at`, ascending; returns where they end. `out` needs room
   * for them all.
   */
  sortedNumbersInRange(phrases: PhraseStarts, live: Uint8Array, lo: number, hi: number, out: Int32Array, at: number): number {
    const seen = (this.seen ??= new Int32Array(this.documentNumbers.length));
    const stamp = this.nextStamp();
    let end = at;
    for (let i = lo; i < hi; i++) {
      const d = this.documentAt(phrases.suffixAt(i));
      if (live[d] === 1 && seen[d] !== stamp) {
        seen[d] = stamp;
        out[end++] = d;
      }
    }
    return this.toSortedNumbers(out, at, end);
  }

  /**
   * Turns the distinct local documents in out[at, end) into their document numbers,
   * ascending; returns where they end.
   *
   * Ascending order by marking: a common phrase's postings hold most of the shard's
   * documents, and a typed-array sort costs about 50 ns an entry against about 7 for
   * marking and scanning the shard's documents (measured here). Document numbers ascend
   * with the local order in every shard the writer makes; a shard where they would not
   * is sorted instead.
   */
  toSortedNumbers(out: Int32Array, at: number, end: number): number {
    const { documentNumbers } = this;
    if (!this.numbersAscending || (end - at) * MARK_SCAN_RATIO < documentNumbers.length) {
      for (let i = at; i < end; i++) out[i] = documentNumbers[out[i]!]!;
      out.subarray(at, end).sort();
      return end;
    }
    const marks = (this.marks ??= new Uint8Array(documentNumbers.length));
    for (let i = at; i < end; i++) marks[out[i]!] = 1;
    let next = at;
    for (let local = 0; local < marks.length; local++) {
      if (marks[local] === 1) {
        marks[local] = 0;
        out[next++] = documentNumbers[local]!;
      }
    }
    return next;
  }
}
