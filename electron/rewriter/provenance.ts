/**
 * Where each part of a rewritten text came from: the original, the model, or a fallback
 * placeholder. The rewriter keeps this through every pass, so that at the end it can say
 * of each flagged span whether the model resolved it or a placeholder did (the
 * model-resolved share: the number that tells a clerk whether the model is worth running).
 */
import type { TextSpan } from './types.js';

/** Who wrote a piece of text. */
export type PieceOrigin = 'original' | 'model' | 'fallback';

/** A run of text and the range of the original text it stands for. */
export interface Piece {
  readonly text: string;
  readonly origin: PieceOrigin;
  /** The original range this piece replaced (for 'original' pieces: where it is). */
  readonly from: number;
  readonly to: number;
  /** Placeholders the model wrote itself in this piece (more than the text it replaced had). */
  readonly ownPlaceholders: number;
}

/** One edit of a text: [start, end) of the current text becomes `text`, written by `origin`. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly origin: Exclude<PieceOrigin, 'original'>;
  /** Placeholders the writer added beyond those of the replaced text (models only). */
  readonly ownPlaceholders?: number;
}

/** A text as pieces of known origin. */
export class PieceText {
  private pieces: Piece[];

  /** `text` is original[from, from + text.length). */
  constructor(text: string, from: number) {
    this.pieces = text.length > 0 ? [{ text, origin: 'original', from, to: from + text.length, ownPlaceholders: 0 }] : [];
  }

  /** Joins several (chunks joined when a later span straddles them), with the text between them. */
  static concat(parts: readonly { text: PieceText; gapBefore: string; gapFrom: number }[]): PieceText {
    const joined = new PieceText('', 0);
    parts.forEach((part, i) => {
      if (i > 0 && part.gapBefore.length > 0) {
        joined.pieces.push({ text: part.gapBefore, origin: 'original', from: part.gapFrom, to: part.gapFrom + part.gapBefore.length, ownPlaceholders: 0 });
      }
      joined.pieces.push(...part.text.pieces);
    });
    return joined;
  }

  get text(): string {
    return this.pieces.map((piece) => piece.text).join('');
  }

  /** The pieces, in order. */
  list(): readonly Piece[] {
    return this.pieces;
  }

  /**
   * Applies edits of the current text (non-overlapping; any order). A new piece stands for
   * the union of the original ranges of what it replaced.
   */
  apply(edits: readonly TextEdit[]): void {
    for (const edit of [...edits].sort((a, b) => b.start - a.start)) this.replace(edit);
  }

  private replace(edit: TextEdit): void {
    const before: Piece[] = [];
    const covered: Piece[] = [];
    const after: Piece[] = [];
    let at = 0;
    for (const piece of this.pieces) {
      const start = at;
      const end = at + piece.text.length;
      at = end;
      if (end <= edit.start) before.push(piece);
      else if (start >= edit.end) after.push(piece);
      else {
        // The piece overlaps the edit: its parts outside stay, as pieces of the same origin.
        if (start < edit.start) before.push(slice(piece, 0, edit.start - start));
        covered.push(piece);
        if (end > edit.end) after.push(slice(piece, edit.end - start, piece.text.length));
      }
    }
    // An insertion between pieces stands for the point between them.
    const from = covered.length > 0 ? Math.min(...covered.map((p) => p.from)) : (before.at(-1)?.to ?? after[0]?.from ?? 0);
    const to = covered.length > 0 ? Math.max(...covered.map((p) => p.to)) : from;
    const inserted: Piece[] = edit.text.length > 0 ? [{ text: edit.text, origin: edit.origin, from, to, ownPlaceholders: edit.ownPlaceholders ?? 0 }] : [];
    this.pieces = [...before, ...inserted, ...after];
  }
}

/** The text after applying edit batches in order (each batch in offsets of the text it meets). */
export function applyEditSteps(text: string, steps: readonly (readonly TextEdit[])[]): string {
  const pieces = new PieceText(text, 0);
  for (const edits of steps) pieces.apply(edits);
  return pieces.text;
}

/** Part [start, end) of a piece's text. An original piece keeps exact offsets; a rewritten one keeps its whole range. */
function slice(piece: Piece, start: number, end: number): Piece {
  const text = piece.text.slice(start, end);
  if (piece.origin === 'original') return { ...piece, text, from: piece.from + start, to: piece.from + end };
  return { ...piece, text };
}

/** How each span of the original ended up. */
export type SpanFate = 'unresolved' | 'fallback' | 'model-placeholder' | 'model';

/**
 * The fate of an original span, given whether its key sequence is still in the final text
 * and the pieces that now stand for it: still there → unresolved; else covered by a
 * fallback placeholder → fallback; else by model text with a placeholder the model wrote
 * itself → model-placeholder; else → model.
 */
export function spanFate(span: TextSpan, present: boolean, pieces: readonly Piece[]): SpanFate {
  if (present) return 'unresolved';
  const over = pieces.filter((piece) => piece.origin !== 'original' && piece.from < span.end && piece.to > span.start);
  if (over.some((piece) => piece.origin === 'fallback')) return 'fallback';
  if (over.some((piece) => piece.ownPlaceholders > 0)) return 'model-placeholder';
  return 'model';
}
