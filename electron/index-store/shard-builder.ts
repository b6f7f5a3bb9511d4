/**
 * Building shards from document texts. Tokenizing interns keys in the shared
 * vocabulary (so it runs where the vocabulary lives); sorting needs only the stream
 * and can run on another thread.
 */
import { appendDocumentTokens, StreamBuilder } from './token-stream.js';
import { sortPhraseStarts } from './suffix-array.js';
import type { ShardParts } from './shard.js';
import type { Vocabulary } from './vocabulary.js';

/** A document ready to index. */
export interface NumberedText {
  readonly documentNumber: number;
  readonly text: string;
}

/** A shard's token stream before sorting. */
export interface TokenizedShard {
  readonly tokens: Uint32Array;
  readonly documentStarts: Uint32Array;
  readonly documentNumbers: Int32Array;
  /** Tokens per document, sentinels excluded. */
  readonly tokenCounts: Int32Array;
}

/** Accumulates documents into one token stream. */
export class ShardTokenizer {
  private readonly stream = new StreamBuilder();
  private readonly starts: number[] = [];
  private readonly numbers: number[] = [];
  private readonly counts: number[] = [];

  constructor(
    private readonly vocabulary: Vocabulary,
    private readonly placeholderPattern: RegExp,
  ) {}

  /** Stream length so far (tokens and sentinels). */
  get length(): number {
    return this.stream.length;
  }

  get documentCount(): number {
    return this.numbers.length;
  }

  add(document: NumberedText): number {
    this.starts.push(this.stream.length);
    this.numbers.push(document.documentNumber);
    const count = appendDocumentTokens(this.stream, document.text, this.placeholderPattern, this.vocabulary);
    this.counts.push(count);
    return count;
  }

  finish(): TokenizedShard {
    return {
      tokens: this.stream.toArray(),
      documentStarts: Uint32Array.from([...this.starts, this.stream.length]),
      documentNumbers: Int32Array.from(this.numbers),
      tokenCounts: Int32Array.from(this.counts),
    };
  }
}

/** Sorts a tokenized shard's phrase starts: the expensive, thread-free step. */
export function sortShard(shard: TokenizedShard, maxTokenId: number): ShardParts {
  return {
    tokens: shard.tokens,
    suffixes: sortPhraseStarts(shard.tokens, maxTokenId),
    documentStarts: shard.documentStarts,
    documentNumbers: shard.documentNumbers,
  };
}

/**
 * Splits a tokenized batch at document boundaries into up to `parts` shards of similar
 * stream length, so they can be sorted in parallel.
 */
export function splitTokenizedShard(whole: TokenizedShard, parts: number): TokenizedShard[] {
  const documents = whole.documentNumbers.length;
  const count = Math.max(1, Math.min(parts, documents));
  if (count === 1) return [whole];
  const out: TokenizedShard[] = [];
  let firstDocument = 0;
  for (let p = 0; p < count && firstDocument < documents; p++) {
    const target = Math.round((whole.tokens.length * (p + 1)) / count);
    let lastDocument = firstDocument + 1;
    while (lastDocument < documents && whole.documentStarts[lastDocument]! < target) lastDocument++;
    if (p === count - 1) lastDocument = documents;
    const from = whole.documentStarts[firstDocument]!;
    const to = whole.documentStarts[lastDocument]!;
    out.push({
      tokens: whole.tokens.slice(from, to),
      documentStarts: Uint32Array.from(whole.documentStarts.subarray(firstDocument, lastDocument + 1), (s) => s - from),
      documentNumbers: whole.documentNumbers.slice(firstDocument, lastDocument),
      tokenCounts: whole.tokenCounts.slice(firstDocument, lastDocument),
    });
    firstDocument = lastDocument;
  }
  return out;
}
