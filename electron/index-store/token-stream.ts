/**
 * Token streams: the documents of a shard as one array of token ids, with a 0 after
 * every segment (so a phrase never runs across punctuation, a paragraph or a document).
 */
import { findPlaceholderRanges } from '../../shared/tokenizer/placeholders.js';
import { scanTokens } from '../../shared/tokenizer/scan.js';
import type { Vocabulary } from './vocabulary.js';

/** A growable Uint32Array. */
export class StreamBuilder {
  private buffer: Uint32Array;
  length = 0;

  constructor(initialCapacity = 1 << 16) {
    this.buffer = new Uint32Array(initialCapacity);
  }

  push(value: number): void {
    if (this.length === this.buffer.length) {
      const grown = new Uint32Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer[this.length++] = value;
  }

  /** A copy trimmed to the used length. */
  toArray(): Uint32Array {
    return this.buffer.slice(0, this.length);
  }
}

/**
 * Appends one document's tokens to `stream`, interning keys in `vocabulary`.
 * Returns the number of tokens (sentinels excluded).
 */
export function appendDocumentTokens(stream: StreamBuilder, text: string, placeholderPattern: RegExp, vocabulary: Vocabulary): number {
  const placeholders = findPlaceholderRanges(text, placeholderPattern);
  let tokens = 0;
  scanTokens(text, placeholders, (start, end, opensSegment, flags, hash) => {
    if (opensSegment && tokens > 0) stream.push(0);
    stream.push(vocabulary.internToken(text, start, end, flags, hash));
    tokens++;
  });
  stream.push(0);
  return tokens;
}
