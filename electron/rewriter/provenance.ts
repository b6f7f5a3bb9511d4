/**
 * Where each part of a rewritten text came from: the original, the model, or a fallback
 * placeholder. The rewriter keeps this through every pass, so that at the end it can say
 * of each flagged span whether the model resolved it or a placeholder did (the
 * model-resolved share: the number that tells a clerk whether the model is worth running).
 */
import type { TextSpan } from './types.js';

const WHITESPACE_ONLY = /^\s+$/u;

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

  /**
   * Applies the one merging rule of shared/review/redaction.ts to what was written here:
   * two `placeholder`s that only whitespace separates become one, when at least one of
   * them was written by a fallback or is one the model added (the original's own
   * "[REDACTED] [REDACTED]" stays as the de-identification left it). The merged placeholder
   * stands for both ranges.
   */
  mergePlaceholders(placeholder: string): void {
    for (;;) {
      const text = this.text;
      const pair = this.mergeablePair(text, placeholder);
      if (pair === undefined) return;
      const covered = this.piecesOver(pair.start, pair.end);
      const origin = covered.some((piece) => piece.origin === 'fallback') ? 'fallback' : 'model';
      const ownPlaceholders = Math.max(0, ...covered.filter((piece) => piece.origin === 'model').map((piece) => piece.ownPlaceholders));
      this.replace({ start: pair.start, end: pair.end, text: placeholder, origin, ownPlaceholders });
    }
  }

  /** The first two placeholders only whitespace separates, one of them written here. */
  private mergeablePair(text: string, placeholder: string): { start: number; end: number } | undefined {
    let previous = text.indexOf(placeholder);
    while (previous >= 0) {
      const next = text.indexOf(placeholder, previous + placeholder.length);
      if (next < 0) return undefined;
      const between = text.slice(previous + placeholder.length, next);
      if (WHITESPACE_ONLY.test(between)) {
        // Written here: by a fallback, or by the model beyond the placeholders it was given (a whole
        // chunk the model rewrote keeps the original's own placeholders, which must not merge).
        const written = [previous, next].some((at) =>
          this.piecesOver(at, at + placeholder.length).some((piece) => piece.origin === 'fallback' || (piece.origin === 'model' && piece.ownPlaceholders > 0)),
        );
        if (written) return { start: previous, end: next + placeholder.length };
      }
      previous = next;
    }
    return undefined;
  }

  /** Pieces overlapping [start, end) of the current text. */
  private piecesOver(start: number, end: number): Piece[] {
    const over: Piece[] = [];
    let at = 0;
    for (const piece of this.pieces) {
      const pieceEnd = at + piece.text.length;
      if (pieceEnd > start && at < end) over.push(piece);
      at = pieceEnd;
    }
    return over;
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
        // The piece overlaps the edit: its parts outside stay, as pieces of the same origin,
        // and the edit stands for the part inside (all of it when the piece was rewritten).
        if (start < edit.start) before.push(slice(piece, 0, edit.start - start));
        covered.push(slice(piece, Math.max(0, edit.start - start), Math.min(piece.text.length, edit.end - start)));
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
