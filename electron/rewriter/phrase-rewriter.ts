/**
 * Phrase-by-phrase rewriting (unit 'phrase'): each flagged phrase of a chunk, with the
 * chunk as its context, is one request; all of a pass's phrases decode together as
 * parallel sequences. An answer is checked on its own (the phrase gone, no invented
 * number or placeholder, a sane length), retried with a new seed when it fails, and
 * replaced by a placeholder when the model keeps failing. Nothing outside the phrases can
 * change, so placeholders and the rest of the text are kept by construction.
 */
import { throwIfAborted } from '../../shared/errors.js';
import { generateChunked, type ChunkBatchContext, type ChunkOutcome } from './chunk-rewriter.js';
import { buildPhraseRequest } from './phrase-prompt.js';
import type { TextEdit } from './provenance.js';
import { REDACTED, occurrenceRanges, placeholdersOf, tokensOf } from './span-match.js';
import type { TextSpan } from './types.js';
import { MARK_CLOSE, MARK_OPEN, inventsNumbers, validateRewrite, type ChunkTask, type RewriteProblem } from './validation.js';

/** A stretch of a chunk to rewrite as one phrase: touching or overlapping occurrences of flagged phrases, merged. */
export interface PhraseRegion extends TextSpan {
  /** Indexes into the task's patterns that occur in this region. */
  readonly patterns: readonly number[];
}

/**
 * The regions of a chunk: every occurrence of every flagged phrase (not only the flagged
 * one: a copy elsewhere in the chunk would keep the phrase in the text), merged where they
 * overlap or only whitespace separates them (one phrase reads better than two halves).
 */
export function phraseRegions(task: ChunkTask, pattern: RegExp, copiesToo = true): PhraseRegion[] {
  const tokens = tokensOf(task.text, pattern);
  const found: { start: number; end: number; pattern: number }[] = [];
  if (copiesToo) {
    task.patterns.forEach((keyPattern, index) => {
      for (const range of occurrenceRanges(tokens, [keyPattern])) found.push({ ...range, pattern: index });
    });
  }
  task.spans.forEach((span, index) => found.push({ ...span, pattern: index }));
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const regions: { start: number; end: number; patterns: Set<number> }[] = [];
  for (const item of found) {
    const last = regions.at(-1);
    if (last !== undefined && (item.start <= last.end || task.text.slice(last.end, item.start).trim() === '')) {
      last.end = Math.max(last.end, item.end);
      last.patterns.add(item.pattern);
    } else regions.push({ start: item.start, end: item.end, patterns: new Set([item.pattern]) });
  }
  return regions.map((region) => ({ start: region.start, end: region.end, patterns: [...region.patterns] }));
}

/** Cleans a raw replacement: no markers, one line, no quotes the phrase did not have. */
export function normalizeReplacement(phrase: string, raw: string): string {
  let text = raw.split(MARK_OPEN).join('').split(MARK_CLOSE).join('').replace(/\s+/gu, ' ').trim();
  const quoted = /^["'“‘«](.*)["'”’»]$/su.exec(text);
  if (quoted !== null && !/^["'“‘«]/u.test(phrase)) text = quoted[1]!.trim();
  // A trailing period the phrase did not end with would split the sentence.
  if (/[.]$/u.test(text) && !/[.]$/u.test(phrase)) text = text.slice(0, -1).trimEnd();
  return text;
}

/** The verdict on one replacement. */
export interface ReplacementCheck {
  readonly text: string;
  readonly problems: RewriteProblem[];
  /** Placeholders the model wrote itself (the phrase had none: phrases never cross one). */
  readonly ownPlaceholders: number;
}

/** Checks a replacement of `region` in `task`. */
export function checkReplacement(task: ChunkTask, region: PhraseRegion, raw: string, pattern: RegExp): ReplacementCheck {
  const phrase = task.text.slice(region.start, region.end);
  const text = normalizeReplacement(phrase, raw);
  if (text.length === 0) return { text, problems: ['empty'], ownPlaceholders: 0 };
  const problems: RewriteProblem[] = [];
  const placeholders = placeholdersOf(text, pattern);
  if (placeholders.some((placeholder) => placeholder !== REDACTED)) problems.push('placeholder-invented');
  // The phrase must be gone from where it was, neighbours included (a rewrite can recreate it across its edge).
  const spliced = task.text.slice(0, region.start) + text + task.text.slice(region.end);
  const end = region.start + text.length;
  const tokens = tokensOf(spliced, pattern);
  const kept = occurrenceRanges(
    tokens,
    region.patterns.map((index) => task.patterns[index]!),
  ).some((range) => range.start < end && range.end > region.start);
  if (kept) problems.push('span-kept');
  if (inventsNumbers(tokensOf(phrase, pattern), tokensOf(text, pattern))) problems.push('number-invented');
  if (text.length > phrase.length * 3 + 40) problems.push('too-long');
  return { text, problems, ownPlaceholders: placeholders.length };
}

function answerOf(json: unknown): string | undefined {
  const replacement = (json as { replacement?: unknown } | null | undefined)?.replacement;
  return typeof replacement === 'string' ? replacement : undefined;
}

const FALLBACK_NOTE = 'The model could not rephrase some words in a way that passed the checks; they were replaced with a placeholder.';

/** Rewrites the phrases of `tasks` and returns one outcome per task, in order. */
export async function rewritePhrases(tasks: readonly ChunkTask[], context: ChunkBatchContext): Promise<ChunkOutcome[]> {
  const regions = tasks.map((task) => phraseRegions(task, context.pattern, context.copiesToo ?? true));
  const jobs = regions.flatMap((list, taskIndex) => list.map((region, regionIndex) => ({ taskIndex, regionIndex, region })));
  const answers: ({ text: string; ownPlaceholders: number; attempts: number } | undefined)[] = jobs.map(() => undefined);
  for (let attempt = 0; attempt <= context.maxRetries; attempt++) {
    const pending = jobs.flatMap((_, i) => (answers[i] === undefined ? [i] : []));
    if (pending.length === 0) break;
    throwIfAborted(context.signal);
    const requests = pending.map((i) => {
      const job = jobs[i]!;
      return buildPhraseRequest(tasks[job.taskIndex]!.text, job.region, {
        temperature: context.temperature,
        // Seeds per phrase: a chunk's k-th phrase gets its own stream of attempts.
        seed: context.seedFor(job.taskIndex * 1024 + job.regionIndex, attempt),
        fewShot: context.fewShot,
        maxTokens: context.maxTokens,
      });
    });
    context.progress.startCall(pending.map((i) => jobs[i]!.region.end - jobs[i]!.region.start));
    const batch = await generateChunked(context, requests);
    let settled = 0;
    pending.forEach((i, n) => {
      const job = jobs[i]!;
      const result = batch.results[n];
      const raw = result?.stopReason === 'complete' ? answerOf(result.json) : undefined;
      if (raw === undefined) {
        context.totals.reject(['no-answer']);
        return;
      }
      const check = checkReplacement(tasks[job.taskIndex]!, job.region, raw, context.pattern);
      context.totals.reject(check.problems);
      if (check.problems.length === 0) {
        answers[i] = { text: check.text, ownPlaceholders: check.ownPlaceholders, attempts: attempt + 1 };
        settled++;
      }
    });
    if (attempt === context.maxRetries) settled = pending.length;
    context.progress.settle(settled);
  }

  return tasks.map((task, taskIndex) => {
    const edits: TextEdit[] = [];
    let fallback = false;
    let attempts = 1;
    let rephrased = 0;
    jobs.forEach((job, i) => {
      if (job.taskIndex !== taskIndex) return;
      const answer = answers[i];
      if (answer === undefined) {
        fallback = true;
        attempts = Math.max(attempts, context.maxRetries + 1);
        edits.push({ start: job.region.start, end: job.region.end, text: REDACTED, origin: 'fallback' });
      } else {
        rephrased++;
        attempts = Math.max(attempts, answer.attempts);
        edits.push({ start: job.region.start, end: job.region.end, text: answer.text, origin: 'model', ownPlaceholders: answer.ownPlaceholders });
      }
    });
    const steps = [edits, ...overallFix(task, edits, context.pattern)];
    const notes = [rephrased > 0 ? `Rephrased ${rephrased} rare phrase${rephrased === 1 ? '' : 's'}.` : '', fallback ? FALLBACK_NOTE : ''];
    return { steps, reasoning: notes.filter((note) => note.length > 0).join(' '), fallback: fallback || steps.length > 1, attempts };
  });
}

/**
 * A last check of the chunk with every replacement in place: phrases checked one at a
 * time can still combine into a flagged one. Whatever survives gets a placeholder.
 */
function overallFix(task: ChunkTask, edits: readonly TextEdit[], pattern: RegExp): TextEdit[][] {
  let text = task.text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  const { problems, kept } = validateRewrite({ ...task, spans: [] }, text, pattern);
  if (!problems.includes('span-kept')) return [];
  return [kept.map((range) => ({ start: range.start, end: range.end, text: REDACTED, origin: 'fallback' as const }))];
}
