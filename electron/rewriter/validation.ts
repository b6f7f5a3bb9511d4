/**
 * Checks a model's rewrite of one chunk before it may replace the chunk. Nothing outside
 * the chunk can change (only the chunk is ever replaced); within it, the flagged phrases
 * must be gone, the placeholders kept, and the length sane.
 */
import { numberKeys } from './number-keys.js';
import { REDACTED, occurrenceRanges, patternsFound, patternsOf, placeholdersOf, tokensOf, type KeyPattern, type Tokens } from './span-match.js';
import type { TextEdit } from './provenance.js';
import type { TextSpan } from './types.js';
import { applyEditSteps } from './provenance.js';

/** Markers around the phrases to rephrase, in the prompt. */
export const MARK_OPEN = '⟦';
export const MARK_CLOSE = '⟧';

/** A chunk to rewrite: its text, the spans to rephrase in it (chunk offsets) and what validation needs. */
export interface ChunkTask {
  readonly text: string;
  /** Spans as flagged (they may overlap); the prompt marks their union. */
  readonly spans: readonly TextSpan[];
  readonly patterns: readonly KeyPattern[];
  /** The chunk's placeholders, a multiset. */
  readonly placeholders: readonly string[];
}

/**
 * Why a rewrite was refused. The last four came from reading real small models' answers:
 * 'number-invented' (a date, article number or figure the text never had, in digits or in
 * words: a changed fact),
 * 'context-changed' (in chunk mode, most of the words outside the flagged phrases gone:
 * the model wrote another passage instead of rephrasing this one) and 'example-copied'
 * (in phrase mode, a word of the prompt's examples that the document does not have:
 * SmolLM2 wrote "dismissed" five times into a judgment that never had it), and
 * 'meaning-changed' (in phrase mode with an embedding model, an answer about something
 * else than its phrase: meaning-check.ts).
 */
export type RewriteProblem =
  | 'no-answer'
  | 'empty'
  | 'span-kept'
  | 'placeholder-lost'
  | 'placeholder-invented'
  | 'too-short'
  | 'too-long'
  | 'number-invented'
  | 'context-changed'
  | 'example-copied'
  | 'word-invented'
  | 'repeated'
  | 'meaning-changed';

/** Share of the words outside the flagged phrases a chunk rewrite must keep, in order. */
export const MIN_CONTEXT_KEPT = 0.5;

/** The verdict on one rewrite. */
export interface Validation {
  readonly problems: RewriteProblem[];
  /** Where flagged phrases survive in the rewrite (for a partial fallback). */
  readonly kept: TextSpan[];
}

/** Prepares a chunk for rewriting. `spans` are chunk offsets. */
export function prepareTask(text: string, spans: readonly TextSpan[], pattern: RegExp): ChunkTask {
  const clipped = spans.map((s) => ({ start: Math.max(0, s.start), end: Math.min(text.length, s.end) })).filter((s) => s.end > s.start);
  return { text, spans: clipped, patterns: patternsOf(tokensOf(text, pattern), clipped), placeholders: placeholdersOf(text, pattern) };
}

/** Lengths a rewrite of `length` characters may have: half to half again, with slack for short chunks. */
export function lengthBounds(length: number): { min: number; max: number } {
  return { min: Math.max(1, Math.floor(length * 0.5) - 20), max: Math.floor(length * 1.5) + 100 };
}

/**
 * Cleans a raw answer: trims it, drops copied markers, and (when the chunk is one line)
 * folds line breaks into spaces so the paragraph layout stays the clerk's.
 */
export function normalizeRewrite(task: ChunkTask, raw: string): string {
  let text = raw;
  if (!task.text.includes(MARK_OPEN) && !task.text.includes(MARK_CLOSE)) text = text.split(MARK_OPEN).join('').split(MARK_CLOSE).join('');
  if (!/[\r\n]/u.test(task.text)) text = text.replace(/\s*[\r\n]+\s*/gu, ' ');
  return text.trim();
}

/** True when `after` states a number (in digits or words, number-keys.ts) that `before` does not state as often. */
export function inventsNumbers(before: Pick<Tokens, 'keys'>, after: Pick<Tokens, 'keys'>): boolean {
  const available = counts(numberKeys(before));
  for (const key of numberKeys(after)) {
    const left = available.get(key) ?? 0;
    if (left === 0) return true;
    available.set(key, left - 1);
  }
  return false;
}

/** Length of the longest common subsequence of two key lists (chunks are short: a plain table). */
function commonSubsequence(a: readonly string[], b: readonly string[]): number {
  let previous = new Uint16Array(b.length + 1);
  for (const key of a) {
    const row = new Uint16Array(b.length + 1);
    for (let j = 0; j < b.length; j++) row[j + 1] = key === b[j] ? previous[j]! + 1 : Math.max(previous[j + 1]!, row[j]!);
    previous = row;
  }
  return previous[b.length]!;
}

/** Share of the chunk's words outside its spans that the rewrite keeps, in order (1 when there are none). */
export function contextKept(task: ChunkTask, chunkTokens: Tokens, rewriteTokens: Tokens): number {
  const outside: string[] = [];
  for (let t = 0; t < chunkTokens.count; t++) {
    const start = chunkTokens.starts[t]!;
    const end = chunkTokens.ends[t]!;
    if (!task.spans.some((span) => span.start < end && span.end > start)) outside.push(chunkTokens.keys[t]!);
  }
  if (outside.length === 0) return 1;
  return commonSubsequence(outside, rewriteTokens.keys.slice()) / outside.length;
}

function counts(items: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const item of items) map.set(item, (map.get(item) ?? 0) + 1);
  return map;
}

/** Validates a normalized rewrite of `task`. */
export function validateRewrite(task: ChunkTask, rewrite: string, pattern: RegExp): Validation {
  if (rewrite.trim().length === 0) return { problems: ['empty'], kept: [] };
  const problems: RewriteProblem[] = [];
  const tokens = tokensOf(rewrite, pattern);
  const found = patternsFound(tokens, task.patterns);
  const kept =
    found.length > 0
      ? occurrenceRanges(
          tokens,
          found.map((i) => task.patterns[i]!),
        )
      : [];
  if (kept.length > 0) problems.push('span-kept');

  const before = counts(task.placeholders);
  const after = counts(placeholdersOf(rewrite, pattern));
  if ([...before].some(([placeholder, n]) => (after.get(placeholder) ?? 0) < n)) problems.push('placeholder-lost');
  // New placeholders: only the one the prompt allows for phrases that cannot be rephrased.
  if ([...after.keys()].some((placeholder) => !before.has(placeholder) && placeholder !== REDACTED)) problems.push('placeholder-invented');

  const { min, max } = lengthBounds(task.text.length);
  if (rewrite.length < min) problems.push('too-short');
  if (rewrite.length > max) problems.push('too-long');
  const chunkTokens = tokensOf(task.text, pattern);
  if (inventsNumbers(chunkTokens, tokens)) problems.push('number-invented');
  if (task.spans.length > 0 && contextKept(task, chunkTokens, tokens) < MIN_CONTEXT_KEPT) problems.push('context-changed');
  return { problems, kept };
}

/**
 * The fallback when the model keeps failing, as edit steps of the chunk (see
 * provenance.ts). When its last usable rewrite failed only because some flagged phrases
 * survived, the rewrite is kept with those redacted; otherwise every occurrence of the
 * flagged phrases in the original chunk is.
 */
export function fallbackRewrite(
  task: ChunkTask,
  pattern: RegExp,
  partial?: { text: string; kept: readonly TextSpan[] },
): { steps: TextEdit[][]; usedRewrite: boolean } {
  const redact = (ranges: readonly TextSpan[]): TextEdit[] =>
    ranges.map((range) => ({ start: range.start, end: range.end, text: REDACTED, origin: 'fallback' }));
  if (partial !== undefined) {
    // Exactly the text the steps below produce (placeholders are not merged here: the check must see what is kept).
    const redacted = applyEditSteps(partial.text, [redact(partial.kept)]);
    if (validateRewrite(task, redacted, pattern).problems.length === 0) {
      const whole: TextEdit = {
        start: 0,
        end: task.text.length,
        text: partial.text,
        origin: 'model',
        ownPlaceholders: ownPlaceholders(task, partial.text, pattern),
      };
      return { steps: [[whole], redact(partial.kept)], usedRewrite: true };
    }
  }
  const tokens = tokensOf(task.text, pattern);
  return { steps: [redact(occurrenceRanges(tokens, task.patterns))], usedRewrite: false };
}

/** Placeholders a rewrite has beyond those of its chunk: the ones the model wrote itself. */
export function ownPlaceholders(task: ChunkTask, rewrite: string, pattern: RegExp): number {
  return Math.max(0, placeholdersOf(rewrite, pattern).length - task.placeholders.length);
}
