/**
 * A shard's tokens held whole: 16 bits a token, no sentinels, the rare larger ids escaped.
 *
 * The file stores a shard's stream with a 0 after every segment (token-stream.ts). Held
 * whole, those sentinels were a sixth of the values: 62M of the 362M at 300M tokens, 118
 * MiB. Here a sentinel becomes a flag on the token before it (SEGMENT_END, the top bit),
 * and the other 15 bits hold the id. So positions here are token positions: a shard held
 * whole keeps its phrase starts and document starts in them (StreamToTokenPositions maps
 * the file's), and a phrase ends after the first token that carries the flag.
 *
 * Ids are handed out as words are first seen, so the common words have the small ids: at
 * 300M, 90.7 % of the tokens are below 32,767. An id of 32,767 or more is written as
 * ESCAPE and kept, in token order, in a side array. At 300M that is about 18.1 bits a token
 * with no sentinels, against 17.2 a stream value with them (20.8 a token) when only ids of
 * 65,535 or more were escaped (BENCHMARKS.md), and the common case is one aligned 16-bit read.
 *
 * Finding an escaped value: the number of escapes before each block of 2^BLOCK_SHIFT values
 * is stored; the escapes of its block before the value are counted by scanning it, which
 * reads the same one or two cache lines as the value itself.
 */
import { bitsFor, PackedUints, unpack } from './packed-uints.js';

/** The flag of a token after which its segment ends (a 0 followed it in the file's stream). */
export const SEGMENT_END = 0x8000;
/** The bits of a value that hold the id, or ESCAPE. */
export const ID_MASK = 0x7fff;
/** The 15-bit id that stands for an id of 32,767 or more. */
export const ESCAPE = 0x7fff;
/** Values per block of the escape counts: 128 values, 256 bytes, 0.25 bits a value for the counts. */
const BLOCK_SHIFT = 7;

/** The parts of an escaped stream; plain fields, so that a search loop can keep them in locals (see escapedAt). */
export interface EscapedTokens {
  /** Tokens (the file's stream less its sentinels). */
  readonly length: number;
  /** Each token's id or ESCAPE, with SEGMENT_END where its segment ends. */
  readonly low: Uint16Array;
  /** The escaped ids in token order. */
  readonly escapes: PackedUints;
  /** Escapes before block b (of 2^BLOCK_SHIFT values), for every block and one past the last (all of them). */
  readonly blockEscapes: Uint32Array;
}

/** The id of token i: a plain function of the stream's parts, as unpack() is, for the same reason. */
export function escapedAt(low: Uint16Array, escapes: PackedUints, blockEscapes: Uint32Array, i: number): number {
  const value = low[i]! & ID_MASK;
  return value === ESCAPE ? escapedValue(low, escapes, blockEscapes, i) : value;
}

/**
 * The slow path of escapedAt, kept out of it so that the common path stays small enough to
 * inline. The escapes before value i are counted from its block's nearer end: from the
 * start up, or from the next block's count down (the last block's end is the stream's).
 */
function escapedValue(low: Uint16Array, escapes: PackedUints, blockEscapes: Uint32Array, i: number): number {
  const block = i >>> BLOCK_SHIFT;
  const start = block << BLOCK_SHIFT;
  const end = Math.min(low.length, start + (1 << BLOCK_SHIFT));
  let rank: number;
  if (i - start <= end - i) {
    rank = blockEscapes[block]!;
    for (let j = start; j < i; j++) if ((low[j]! & ID_MASK) === ESCAPE) rank++;
  } else {
    rank = blockEscapes[block + 1]! - 1;
    for (let j = i + 1; j < end; j++) if ((low[j]! & ID_MASK) === ESCAPE) rank--;
  }
  return unpack(escapes.words, escapes.width, escapes.mask, rank);
}

/** The id of token i. */
export function tokenAt(tokens: EscapedTokens, i: number): number {
  return escapedAt(tokens.low, tokens.escapes, tokens.blockEscapes, i);
}

/**
 * Token `offset` of the phrase at token position `start`, or 0 where its segment ended
 * before it, as the file's stream reads at start + offset. Offsets past the first 0 are
 * not defined (a reader stops there).
 */
export function phraseTokenAt(tokens: EscapedTokens, start: number, offset: number): number {
  if (offset > 0 && (tokens.low[start + offset - 1]! & SEGMENT_END) !== 0) return 0;
  return tokenAt(tokens, start + offset);
}

/**
 * Tokens [from, to) in the file's form: ids, with a 0 after every token that ends a segment,
 * as `streamLength` values. A document's stream has no other sentinels, but for an empty
 * document, which is a lone 0 there and no token here: the values past the tokens are 0.
 */
export function sliceAsStream(tokens: EscapedTokens, from: number, to: number, streamLength: number): Uint32Array {
  const out = new Uint32Array(streamLength);
  for (let i = from, o = 0; i < to && o < streamLength; i++) {
    out[o++] = tokenAt(tokens, i);
    if ((tokens.low[i]! & SEGMENT_END) !== 0) o++;
  }
  return out;
}

/** Bytes of memory an escaped stream takes. */
export function escapedByteLength(tokens: EscapedTokens): number {
  return tokens.low.byteLength + tokens.escapes.byteLength + tokens.blockEscapes.byteLength;
}

/**
 * Where each position of the file's stream lands among the tokens: the number of tokens
 * before it. A shard's phrase starts and document starts are stored as stream positions;
 * a shard held whole keeps them as token positions. 8 bytes a 32 stream values (3.8 MB for
 * a shard of 15M), kept only while the shard is read.
 */
export class StreamToTokenPositions {
  constructor(
    /**
     * For each 32 stream positions w: at 2w the tokens before position 32w, at 2w + 1 a bit
     * for each sentinel among them. Side by side, so that a phrase start (read in phrase
     * order, so at random positions) is mapped with one cache miss, not two.
     */
    private readonly table: Uint32Array,
  ) {}

  /** The token position of stream position p (0 ≤ p ≤ the stream's length). */
  tokenPosition(p: number): number {
    const word = (p >>> 5) << 1;
    // The bits of the positions before p in its word (none when p opens the word).
    const below = ~(-1 << (p & 31));
    return this.table[word]! + (p & 31) - popcount(this.table[word + 1]! & below);
  }

  /** Maps values[0, count) in place. */
  mapInPlace(values: Uint32Array, count: number): void {
    for (let j = 0; j < count; j++) values[j] = this.tokenPosition(values[j]!);
  }
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Builds an escaped stream from the file's stream of `streamLength` values, of which
 * `tokenCount` are tokens (a shard's phrase-start count), given in runs in stream order
 * (a shard's pages are read in order); then finish() and positions(). `largest` is the
 * largest id it may hold.
 */
export class EscapedTokensBuilder {
  private readonly low: Uint16Array;
  private readonly blockEscapes: Uint32Array;
  /** See StreamToTokenPositions. */
  private readonly positionTable: Uint32Array;
  private escaped = new Uint32Array(1024);
  private escapeCount = 0;
  /** Next stream position, and next token position. */
  private next = 0;
  private tokens = 0;

  constructor(
    readonly streamLength: number,
    readonly tokenCount: number,
    private readonly largest: number,
  ) {
    if (tokenCount > streamLength) throw new RangeError(`${tokenCount} tokens do not fit a stream of ${streamLength} values.`);
    this.low = new Uint16Array(tokenCount);
    this.blockEscapes = new Uint32Array((tokenCount >>> BLOCK_SHIFT) + 2);
    // One word past the last position, so that the stream's length maps too.
    this.positionTable = new Uint32Array(((streamLength >>> 5) + 1) * 2);
  }

  /** Appends stream values[0, count) at stream position `at`, which must be where the last run ended. */
  setFrom(at: number, values: ArrayLike<number>, count: number): void {
    if (at !== this.next || at + count > this.streamLength) throw new RangeError(`Runs of an escaped stream go in order: ${at} given, ${this.next} expected.`);
    const { low, blockEscapes, positionTable, largest } = this;
    let tokens = this.tokens;
    for (let j = 0; j < count; j++) {
      const p = at + j;
      if ((p & 31) === 0) positionTable[(p >>> 5) << 1] = tokens;
      const value = values[j]!;
      if (value > largest || value < 0) throw new RangeError(`Value ${value} is above the largest, ${largest}.`);
      if (value === 0) {
        const bits = ((p >>> 5) << 1) + 1;
        positionTable[bits] = (positionTable[bits]! | (1 << (p & 31))) >>> 0;
        // A sentinel right after another (an empty document) or first has no token to flag.
        if (tokens > 0) low[tokens - 1] = low[tokens - 1]! | SEGMENT_END;
        continue;
      }
      if (tokens === low.length) throw new RangeError(`A stream said to hold ${low.length} tokens holds more.`);
      // The count of a block is that of the escapes before its first value.
      if ((tokens & ((1 << BLOCK_SHIFT) - 1)) === 0) blockEscapes[tokens >>> BLOCK_SHIFT] = this.escapeCount;
      if (value < ESCAPE) low[tokens] = value;
      else {
        low[tokens] = ESCAPE;
        if (this.escapeCount === this.escaped.length) {
          const grown = new Uint32Array(this.escaped.length * 2);
          grown.set(this.escaped);
          this.escaped = grown;
        }
        this.escaped[this.escapeCount++] = value;
      }
      tokens++;
    }
    this.tokens = tokens;
    this.next = at + count;
  }

  finish(): EscapedTokens {
    if (this.next !== this.streamLength) throw new RangeError(`A stream of ${this.streamLength} values got ${this.next}.`);
    if (this.tokens !== this.tokenCount) throw new RangeError(`A stream said to hold ${this.tokenCount} tokens holds ${this.tokens}.`);
    if ((this.streamLength & 31) === 0) this.positionTable[(this.streamLength >>> 5) << 1] = this.tokens;
    // A stream ends with a sentinel; where a damaged one does not, no phrase may run past its end.
    if (this.tokens > 0) this.low[this.tokens - 1] = this.low[this.tokens - 1]! | SEGMENT_END;
    const escapes = new PackedUints(this.escapeCount, bitsFor(this.largest));
    escapes.setFrom(0, this.escaped, this.escapeCount);
    // The entry after the last block (a partial one, or none): every escape is before it.
    this.blockEscapes.fill(this.escapeCount, (this.tokenCount + (1 << BLOCK_SHIFT) - 1) >>> BLOCK_SHIFT);
    this.escaped = new Uint32Array(0);
    return { length: this.tokenCount, low: this.low, escapes, blockEscapes: this.blockEscapes };
  }

  /** The map from the stream's positions to the tokens' (after finish()). */
  positions(): StreamToTokenPositions {
    if (this.next !== this.streamLength) throw new RangeError('The stream is not finished.');
    return new StreamToTokenPositions(this.positionTable);
  }
}
