/**
 * Checks a model's rewrite of one chunk before it may replace the chunk. Nothing outside
 * the chunk can change (only the chunk is ever replaced); within it, the flagged phrases
 * must be gone, the placeholders kept, and the length sane.
 */
import { REDACTED, occurrenceRanges, patternsFound, patternsOf, placeholdersOf, redactRanges, tokensOf, type KeyPattern } from './span-match.js';
import type { TextSpan } from './types.js';

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

/** Why a rewrite was refused. */
export type RewriteProblem = 'no-answer' | 'empty' | 'span-kept' | 'placeholder-lost' | 'placeholder-invented' | 'too-short' | 'too-long';

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

/** Lengths a rewrite of `length` characters may have: half to double, with slack for short chunks. */
export function lengthBounds(length: number): { min: number; max: number } {
  return { min: Math.max(1, Math.floor(length * 0.5) - 20), max: length * 2 + 100 };
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
  return { problems, kept };
}

/**
 * The fallback when the model keeps failing. When its last usable rewrite failed only
 * because some flagged phrases survived, those are redacted in it; otherwise every
 * occurrence of the flagged phrases in the original chunk is.
 */
export function fallbackRewrite(
  task: ChunkTask,
  pattern: RegExp,
  partial?: { text: string; kept: readonly TextSpan[] },
): { text: string; usedRewrite: boolean } {
  if (partial !== undefined) {
    const redacted = redactRanges(partial.text, partial.kept);
    if (validateRewrite(task, redacted, pattern).problems.length === 0) return { text: redacted, usedRewrite: true };
  }
  const tokens = tokensOf(task.text, pattern);
  return { text: redactRanges(task.text, occurrenceRanges(tokens, task.patterns)), usedRewrite: false };
}
