/**
 * Splits a document into chunks of a few sentences: the local context the model sees
 * around the phrases it rephrases (paper §3.3). Chunks never cross a line break (the
 * model must not reflow paragraphs) and never split a span to rephrase: a span across a
 * boundary joins the chunks on both sides.
 */
import type { TextSpan } from './types.js';

/** A chunk of the text, trimmed of surrounding whitespace; `end` exclusive. */
export interface Chunk {
  readonly start: number;
  readonly end: number;
}

/** How large chunks grow. */
export interface ChunkOptions {
  /** Sentences per chunk. Default 3. */
  readonly sentencesPerChunk?: number;
  /** A chunk takes another sentence only while it stays under this many characters. Default 900. */
  readonly maxChunkChars?: number;
}

export const DEFAULT_SENTENCES_PER_CHUNK = 3;
export const DEFAULT_MAX_CHUNK_CHARS = 900;

/** Words that end with a period without ending a sentence (court judgments cite a lot). */
const ABBREVIATIONS = new Set([
  'no',
  'nos',
  'art',
  'arts',
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'v',
  'vs',
  'cf',
  'e.g',
  'i.e',
  'p',
  'pp',
  'para',
  'paras',
  'st',
  'co',
  'ltd',
  'inc',
  'jr',
  'sr',
  'op',
  'cit',
  'ibid',
  'seq',
  'al',
  'sec',
  'ch',
  'vol',
  'ed',
  'eds',
  'app',
  'nr',
  'fig',
]);

/** Sentence-final punctuation, closing quotes or brackets, then the whitespace before the next sentence. */
const SENTENCE_END = /[.!?…]+["'”’»)\]]*(?=\s)/gu;
const WORD_BEFORE = /([\p{L}][\p{L}.]*)$/u;

interface Piece {
  start: number;
  end: number;
  /** First sentence of its line: a chunk never reaches back across a line break. */
  lineStart: boolean;
}

/** True when the punctuation at `at` (ending at `end`) closes a sentence. */
function endsSentence(line: string, at: number, end: number): boolean {
  const next = /\S/u.exec(line.slice(end));
  // A lower-case continuation ("para. 12 of the judgment", "etc. and") is the same sentence.
  if (next === null || /\p{Ll}/u.test(next[0])) return false;
  if (line[at] !== '.') return true;
  const word = WORD_BEFORE.exec(line.slice(0, at))?.[1];
  if (word === undefined) return true;
  // Initials ("J. Smith") and citation abbreviations ("no. 12345/06").
  return word.length > 1 && !ABBREVIATIONS.has(word.toLowerCase());
}

/** Pushes text[start, end) trimmed, unless it is only whitespace. */
function pushTrimmed(pieces: Piece[], text: string, start: number, end: number, lineStart: boolean): void {
  while (start < end && /\s/u.test(text[start]!)) start++;
  while (end > start && /\s/u.test(text[end - 1]!)) end--;
  if (end > start) pieces.push({ start, end, lineStart });
}

/** The sentences of a text, line by line. */
export function sentenceRanges(text: string): { start: number; end: number; lineStart: boolean }[] {
  const pieces: Piece[] = [];
  const lines = /[^\r\n]+/gu;
  let line: RegExpExecArray | null;
  while ((line = lines.exec(text)) !== null) {
    const lineText = line[0];
    const offset = line.index;
    let from = 0;
    const before = pieces.length;
    SENTENCE_END.lastIndex = 0;
    let match: RegExpExecArray | null;
    while ((match = SENTENCE_END.exec(lineText)) !== null) {
      const end = match.index + match[0].length;
      if (!endsSentence(lineText, match.index, end)) continue;
      pushTrimmed(pieces, text, offset + from, offset + end, pieces.length === before);
      from = end;
    }
    pushTrimmed(pieces, text, offset + from, offset + lineText.length, pieces.length === before);
  }
  return pieces;
}

/**
 * Chunks covering every sentence of `text`, in order. `spans` (any order, may overlap)
 * are never split: the sentences a span straddles always share a chunk.
 */
export function chunkText(text: string, spans: readonly TextSpan[] = [], options: ChunkOptions = {}): Chunk[] {
  const perChunk = Math.max(1, Math.floor(options.sentencesPerChunk ?? DEFAULT_SENTENCES_PER_CHUNK));
  const maxChars = Math.max(1, options.maxChunkChars ?? DEFAULT_MAX_CHUNK_CHARS);
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  // reach[i]: the furthest end of the spans starting before sorted[i + 1].start (a running maximum).
  let spanIndex = 0;
  let reach = -1;
  const straddles = (gapStart: number, gapEnd: number): boolean => {
    while (spanIndex < sorted.length && sorted[spanIndex]!.start < gapEnd) reach = Math.max(reach, sorted[spanIndex++]!.end);
    return reach > gapStart;
  };

  const chunks: { start: number; end: number; sentences: number }[] = [];
  for (const piece of sentenceRanges(text)) {
    const current = chunks[chunks.length - 1];
    if (current !== undefined && straddles(current.end, piece.start)) {
      current.end = piece.end;
      current.sentences++;
    } else if (current !== undefined && !piece.lineStart && current.sentences < perChunk && piece.end - current.start <= maxChars) {
      current.end = piece.end;
      current.sentences++;
    } else {
      chunks.push({ start: piece.start, end: piece.end, sentences: 1 });
    }
  }
  return chunks.map(({ start, end }) => ({ start, end }));
}
