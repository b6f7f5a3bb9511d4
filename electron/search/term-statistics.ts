/**
 * Term statistics of a collection for ranked retrieval, read from the phrase index's
 * token streams in one scan: for every term (token id) the documents holding it with
 * their term frequencies, and every document's length in tokens. Only live documents
 * count; placeholders were never tokens of the collection, so they are no terms.
 */
import type { ShardedIndex } from '../index-store/sharded-index.js';

/** Postings and lengths of the live documents, numbered densely 0..documentCount-1. */
export class TermStatistics {
  private constructor(
    /** External id of each dense document number. */
    readonly documentIds: readonly string[],
    /** Length of each document in tokens. */
    readonly documentLengths: Uint32Array,
    /** Postings of term t: entries [offsets[t], offsets[t + 1]) of `postingDocuments`/`postingFrequencies`. */
    readonly offsets: Uint32Array,
    readonly postingDocuments: Uint32Array,
    readonly postingFrequencies: Uint32Array,
  ) {
    let total = 0;
    for (const length of documentLengths) total += length;
    this.averageLength = documentLengths.length > 0 ? total / documentLengths.length : 0;
    documentIds.forEach((id, i) => this.denseOfId.set(id, i));
  }

  readonly averageLength: number;
  private readonly denseOfId = new Map<string, number>();

  get documentCount(): number {
    return this.documentIds.length;
  }

  /** Documents holding term `termId` (0 for unknown ids). */
  documentFrequency(termId: number): number {
    if (termId <= 0 || termId + 1 >= this.offsets.length) return 0;
    return this.offsets[termId + 1]! - this.offsets[termId]!;
  }

  /** Dense number of an external id, or undefined when it is not a live document. */
  denseNumberOf(externalId: string): number | undefined {
    return this.denseOfId.get(externalId);
  }

  /** Scans the index's token streams (two passes over every live token). */
  static fromIndex(index: ShardedIndex): TermStatistics {
    const terms = index.vocabulary.maxId + 1;
    const streams: { tokens: Uint32Array; documentNumber: number }[] = [];
    for (const shard of index.shards) {
      for (let local = 0; local < shard.documentCount; local++) {
        if (shard.live[local] === 1) streams.push({ tokens: shard.documentTokens(local), documentNumber: shard.documentNumbers[local]! });
      }
    }
    const lastSeen = new Int32Array(terms).fill(-1);
    const documentFrequency = new Uint32Array(terms + 1);
    const lengths = new Uint32Array(streams.length);
    streams.forEach(({ tokens }, d) => {
      for (const t of tokens) {
        if (t === 0) continue;
        lengths[d]!++;
        if (lastSeen[t] !== d) {
          lastSeen[t] = d;
          documentFrequency[t]!++;
        }
      }
    });
    const offsets = new Uint32Array(terms + 1);
    for (let t = 0; t < terms; t++) offsets[t + 1] = offsets[t]! + documentFrequency[t]!;
    const postingDocuments = new Uint32Array(offsets[terms]!);
    const postingFrequencies = new Uint32Array(offsets[terms]!);
    const cursor = offsets.slice(0, terms);
    lastSeen.fill(-1);
    const slotOf = new Uint32Array(terms);
    streams.forEach(({ tokens }, d) => {
      for (const t of tokens) {
        if (t === 0) continue;
        if (lastSeen[t] !== d) {
          lastSeen[t] = d;
          const slot = cursor[t]!++;
          slotOf[t] = slot;
          postingDocuments[slot] = d;
          postingFrequencies[slot] = 1;
        } else {
          postingFrequencies[slotOf[t]!]!++;
        }
      }
    });
    const ids = index.externalIds(streams.map((s) => s.documentNumber));
    return new TermStatistics(ids, lengths, offsets, postingDocuments, postingFrequencies);
  }
}
