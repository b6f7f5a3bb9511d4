/**
 * A document as its chunks and the whitespace between them. Chunks are cut once, on the
 * original text, and keep their identity across passes: each pass replaces some of them,
 * the whitespace between them never changes, and at the end each changed chunk becomes
 * one proposal with offsets into the original text.
 */
import type { Proposal } from '../workspace/suggestion-store.js';
import type { Chunk } from './chunking.js';
import { PieceText, type Piece, type TextEdit } from './provenance.js';
import { REDACTED } from './span-match.js';
import type { ModelIdentity, TextSpan } from './types.js';

interface Unit {
  /** The chunk's range in the original text. */
  originalStart: number;
  originalEnd: number;
  /** Whitespace of the original text before the chunk (it never changes), and where it starts. */
  gapBefore: string;
  gapFrom: number;
  /** The chunk's current text, piece by piece with who wrote each. */
  body: PieceText;
  /** The model's reasoning, one entry per pass that changed the chunk. */
  notes: { pass: number; text: string }[];
  fallback: boolean;
}

const MAX_REASONING_LENGTH = 2000;
const WORD = /[\p{L}\p{N}\p{M}]/u;

/** The chunks of a document, rewritable one at a time. */
export class ChunkedText {
  private readonly units: Unit[];
  private readonly tail: string;

  constructor(
    readonly original: string,
    chunks: readonly Chunk[],
  ) {
    let at = 0;
    this.units = chunks.map((chunk) => {
      const unit: Unit = {
        originalStart: chunk.start,
        originalEnd: chunk.end,
        gapBefore: original.slice(at, chunk.start),
        gapFrom: at,
        body: new PieceText(original.slice(chunk.start, chunk.end), chunk.start),
        notes: [],
        fallback: false,
      };
      at = chunk.end;
      return unit;
    });
    this.tail = original.slice(at);
  }

  /** Number of chunks (it shrinks when a span joins two of them). */
  get count(): number {
    return this.units.length;
  }

  /** The current text of the whole document. */
  get text(): string {
    return this.units.map((u) => u.gapBefore + u.body.text).join('') + this.tail;
  }

  /** Every piece of the current text, in order (the whitespace between chunks as original pieces). */
  pieces(): Piece[] {
    const all: Piece[] = [];
    const original = (text: string, from: number): void => {
      if (text.length > 0) all.push({ text, origin: 'original', from, to: from + text.length, ownPlaceholders: 0 });
    };
    for (const unit of this.units) {
      original(unit.gapBefore, unit.gapFrom);
      all.push(...unit.body.list());
    }
    original(this.tail, this.original.length - this.tail.length);
    return all;
  }

  /** The current text of chunk `index`. */
  chunkText(index: number): string {
    return this.units[index]!.body.text;
  }

  /** Current [start, end) of each chunk in `text`. */
  private offsets(): { start: number; end: number }[] {
    let at = 0;
    return this.units.map((u) => {
      const start = at + u.gapBefore.length;
      at = start + u.body.text.length;
      return { start, end: at };
    });
  }

  /** Makes chunks first..last one chunk (a span of the current text straddles them). */
  private join(first: number, last: number): void {
    const joined = this.units.slice(first, last + 1);
    const head = joined[0]!;
    const merged: Unit = {
      originalStart: head.originalStart,
      originalEnd: joined[joined.length - 1]!.originalEnd,
      gapBefore: head.gapBefore,
      gapFrom: head.gapFrom,
      body: PieceText.concat(joined.map((u) => ({ text: u.body, gapBefore: u.gapBefore, gapFrom: u.gapFrom }))),
      notes: joined.flatMap((u) => u.notes),
      fallback: joined.some((u) => u.fallback),
    };
    this.units.splice(first, joined.length, merged);
  }

  /**
   * Assigns spans of the current text to chunks: chunk index → spans in chunk offsets.
   * Chunks a span straddles are joined first; spans wholly in whitespace are dropped.
   */
  assign(spans: readonly TextSpan[]): Map<number, TextSpan[]> {
    // Chunks each span overlaps, as [first, last]; those spanning several are merged into disjoint runs.
    let offsets = this.offsets();
    const runs: [number, number][] = [];
    for (const [first, last] of spans.map((span) => overlapRange(offsets, span)).sort((a, b) => a[0] - b[0])) {
      const run = runs[runs.length - 1];
      if (last <= first) continue;
      if (run !== undefined && first <= run[1]) run[1] = Math.max(run[1], last);
      else runs.push([first, last]);
    }
    // Joining leaves the text as it is (the spans stay valid); from the end, so earlier indexes stay valid too.
    for (const [first, last] of runs.reverse()) this.join(first, last);
    offsets = this.offsets();
    const assigned = new Map<number, TextSpan[]>();
    for (const span of spans) {
      const [index, last] = overlapRange(offsets, span);
      if (last < index) continue;
      const o = offsets[index]!;
      const list = assigned.get(index) ?? [];
      list.push({ start: Math.max(span.start, o.start) - o.start, end: Math.min(span.end, o.end) - o.start });
      assigned.set(index, list);
    }
    return assigned;
  }

  /** Replaces chunk `index` with `text` (written by the model, or a fallback) in pass `pass`, noting the reasoning. */
  replace(index: number, text: string, reasoning: string, fallback: boolean, pass: number): void {
    const current = this.chunkText(index);
    if (text === current) return;
    this.edit(index, [[{ start: 0, end: current.length, text, origin: fallback ? 'fallback' : 'model' }]], reasoning, fallback, pass);
  }

  /**
   * Applies edit batches to chunk `index` in pass `pass`: the first in offsets of the
   * chunk's current text, each later one in offsets of the text the batch before it left,
   * exactly as applyEditSteps reads them.
   */
  edit(index: number, steps: readonly (readonly TextEdit[])[], reasoning: string, fallback: boolean, pass: number): void {
    const unit = this.units[index]!;
    const before = unit.body.text;
    for (const edits of steps) unit.body.apply(edits);
    // The merging rule every caller uses: a new placeholder next to another becomes one with it.
    // Only after the last batch: merging shortens the text, and a later batch's offsets were
    // computed on the unmerged text (merging between batches wrote placeholders inside words).
    unit.body.mergePlaceholders(REDACTED);
    if (unit.body.text === before) return;
    if (reasoning.trim().length > 0) unit.notes.push({ pass, text: reasoning.trim() });
    unit.fallback ||= fallback;
  }

  /**
   * One proposal per changed chunk: the changed region (common prefix and suffix trimmed,
   * widened to whole words), in original offsets. Applying them all gives `text`.
   */
  proposals(model: ModelIdentity): Proposal[] {
    const proposals: Proposal[] = [];
    for (const unit of this.units) {
      const before = this.original.slice(unit.originalStart, unit.originalEnd);
      const text = unit.body.text;
      if (before === text) continue;
      const { prefix, suffix } = wordAlignedTrim(before, text);
      const notes = unit.notes.length > 1 ? unit.notes.map((note) => `Pass ${note.pass}: ${note.text}`) : unit.notes.map((note) => note.text);
      proposals.push({
        start: unit.originalStart + prefix,
        end: unit.originalEnd - suffix,
        before: before.slice(prefix, before.length - suffix),
        after: text.slice(prefix, text.length - suffix),
        reasoning: notes.length > 0 ? notes.join('\n').slice(0, MAX_REASONING_LENGTH) : null,
        fallback: unit.fallback,
        model,
      });
    }
    return proposals;
  }
}

/** The first and last chunk a span overlaps (last < first when none), by binary search over sorted offsets. */
function overlapRange(offsets: readonly { start: number; end: number }[], span: TextSpan): [number, number] {
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (offsets[mid]!.end <= span.start) low = mid + 1;
    else high = mid;
  }
  let last = low - 1;
  while (last + 1 < offsets.length && offsets[last + 1]!.start < span.end) last++;
  return [low, last];
}

function isWordChar(text: string, index: number): boolean {
  return index >= 0 && index < text.length && WORD.test(text[index]!);
}

/** Lengths of the common prefix and suffix of two texts, shrunk so the change covers whole words. */
export function wordAlignedTrim(before: string, after: string): { prefix: number; suffix: number } {
  const max = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  // Back off to a word start (and never into a surrogate pair): "the app|licant" becomes "the |applicant".
  while (prefix > 0 && (isWordChar(before, prefix - 1) || (before.charCodeAt(prefix - 1) & 0xfc00) === 0xd800)) prefix--;
  let suffix = 0;
  while (suffix < max - prefix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  while (suffix > 0 && (isWordChar(before, before.length - suffix) || (before.charCodeAt(before.length - suffix) & 0xfc00) === 0xdc00)) suffix--;
  return { prefix, suffix };
}
