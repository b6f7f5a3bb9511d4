/**
 * Phrase-by-phrase rewriting (unit 'phrase'): each flagged phrase of a chunk, with the
 * chunk as its context, is one request; all of a pass's phrases decode together as
 * parallel sequences. An answer is checked on its own (the phrase gone, no invented
 * number, placeholder or word, no word borrowed from the examples, a sane length; for a
 * planned word also about the phrase's length and no run of words repeated), retried with
 * a new seed when it fails, and replaced by a placeholder when the model keeps failing.
 * Nothing outside the phrases can change, so placeholders and the rest of the text are
 * kept by construction.
 */
import { throwIfAborted } from '../../shared/errors.js';
import { generateChunked, type ChunkBatchContext, type ChunkOutcome } from './chunk-rewriter.js';
import type { ExampleTurn } from '../llm/llm-protocol.js';
import { REBUILT_PHRASE_NOTE, fallbackNote } from './fallback-note.js';
import { buildPhraseRequest, phraseExamples } from './phrase-prompt.js';
import type { TextEdit } from './provenance.js';
import { REDACTED, occurrenceRanges, placeholdersOf, tokensOf, type Tokens } from './span-match.js';
import type { TextSpan } from './types.js';
import { MARK_CLOSE, MARK_OPEN, inventsNumbers, validateRewrite, type ChunkTask, type RewriteProblem } from './validation.js';

/** A stretch of a chunk to rewrite as one phrase: touching or overlapping occurrences of flagged phrases, merged. */
export interface PhraseRegion extends TextSpan {
  /** Indexes into the task's patterns that occur in this region. */
  readonly patterns: readonly number[];
  /** The flagged words themselves, before widening: what a fallback placeholder replaces. */
  readonly cores: readonly TextSpan[];
}

/**
 * The fewest words a planned region asks the model to rephrase (unit 'plan'). The minimal
 * edit plan mostly marks lone words ("January", "Kandıra"), which have no synonym that keeps
 * a date or a place: asked for "January" and "May" alone, SmolLM2 wrote a new number or the
 * word again in 8 of 8 answers on echr-001-91088. The phrase around a word ("31 May 2001")
 * can be rephrased. Flagged spans (unit 'phrase') are not widened: they are phrases already,
 * and widening a lone rare word there cost the model its answer on a demo paragraph.
 */
export const MIN_PHRASE_WORDS = 3;

/**
 * `range` widened by the neighbouring words of its own segment (never across punctuation
 * or a placeholder), a word to the left, then one to the right ("in Kandıra prison"),
 * until it holds MIN_PHRASE_WORDS words or the segment ends.
 */
function widenToPhrase(tokens: Tokens, range: TextSpan): TextSpan {
  let first = -1;
  let last = -1;
  for (let t = 0; t < tokens.count; t++) {
    if (tokens.ends[t]! <= range.start || tokens.starts[t]! >= range.end) continue;
    if (first < 0) first = t;
    last = t;
  }
  if (first < 0) return range;
  const segment = (t: number) => (t >= 0 && t < tokens.count ? tokens.segmentOf[t] : -1);
  const short = () => last - first + 1 < MIN_PHRASE_WORDS;
  while (short()) {
    const left = segment(first - 1) === segment(first);
    if (left) first--;
    const right = short() && segment(last + 1) === segment(last);
    if (right) last++;
    if (!left && !right) break;
  }
  return { start: Math.min(range.start, tokens.starts[first]!), end: Math.max(range.end, tokens.ends[last]!) };
}

/**
 * The regions of a chunk, merged where they overlap or only whitespace separates them (one
 * phrase reads better than two halves):
 * - `copiesToo` (unit 'phrase'): every occurrence of every flagged phrase, not only the
 *   flagged one (a copy elsewhere in the chunk would keep the phrase in the text);
 * - otherwise (unit 'plan'): exactly the planned words, each widened to a phrase of at least
 *   MIN_PHRASE_WORDS words where its segment allows.
 * The check of an answer asks only that the flagged words are gone (checkReplacement).
 */
export function phraseRegions(task: ChunkTask, pattern: RegExp, copiesToo = true): PhraseRegion[] {
  const tokens = tokensOf(task.text, pattern);
  const found: PhraseRegion[] = [];
  const add = (range: TextSpan, index: number) => found.push({ start: range.start, end: range.end, patterns: [index], cores: [range] });
  if (copiesToo) {
    task.patterns.forEach((keyPattern, index) => {
      for (const range of occurrenceRanges(tokens, [keyPattern])) add(range, index);
    });
  }
  task.spans.forEach((span, index) => add(span, index));
  // Merged before widening, so that touching phrases widen as one; merged again after it.
  const merged = mergeRegions(task.text, found);
  if (copiesToo) return merged;
  return mergeRegions(
    task.text,
    merged.map((region) => ({ ...region, ...widenToPhrase(tokens, region) })),
  );
}

/** Regions merged where they overlap or only whitespace separates them, in text order. */
function mergeRegions(text: string, items: readonly PhraseRegion[]): PhraseRegion[] {
  const sorted = [...items].sort((a, b) => a.start - b.start || b.end - a.end);
  const regions: { start: number; end: number; patterns: Set<number>; cores: TextSpan[] }[] = [];
  for (const item of sorted) {
    const last = regions.at(-1);
    if (last !== undefined && (item.start <= last.end || text.slice(last.end, item.start).trim() === '')) {
      last.end = Math.max(last.end, item.end);
      for (const index of item.patterns) last.patterns.add(index);
      last.cores.push(...item.cores);
    } else regions.push({ start: item.start, end: item.end, patterns: new Set(item.patterns), cores: [...item.cores] });
  }
  return regions.map((region) => ({
    start: region.start,
    end: region.end,
    patterns: [...region.patterns].sort((a, b) => a - b),
    cores: mergeCores(text, region.cores),
  }));
}

/** Core ranges in order, merged where they overlap or only whitespace separates them (one placeholder, not two). */
function mergeCores(text: string, cores: readonly TextSpan[]): TextSpan[] {
  const merged: { start: number; end: number }[] = [];
  for (const core of [...cores].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last !== undefined && (core.start <= last.end || text.slice(last.end, core.start).trim() === '')) last.end = Math.max(last.end, core.end);
    else merged.push({ start: core.start, end: core.end });
  }
  return merged;
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

/**
 * The words an answer may not take from the prompt's examples: their words of
 * MIN_BORROWED_LETTERS letters or more (shorter ones are mostly "the", "with", "made"),
 * less the words of `documentText`, the document being rewritten. Lower case; a word the
 * passage has itself is allowed again in checkReplacement.
 *
 * Why the whole document and not only the passage: the check is there for a model that
 * copies an example's content into a judgment ("dismissed", written five times by SmolLM2
 * into echr-001-61177, which never has it). A word the judgment already uses elsewhere
 * ("court", "above") states nothing new; refusing it only cost fallbacks (rewriter 7).
 */
export function exampleWords(examples: readonly ExampleTurn[], pattern: RegExp, documentText = ''): Set<string> {
  const own = new Set(wordsOf(documentText, pattern));
  return new Set(
    examples.flatMap((turn) => wordsOf(`${turn.user} ${turn.assistant}`, pattern)).filter((word) => word.length >= MIN_BORROWED_LETTERS && !own.has(word)),
  );
}

const MIN_BORROWED_LETTERS = 5;

/** Lower-case words, placeholders left out (an example's "[REDACTED]" is never a borrowed word). */
function wordsOf(text: string, pattern: RegExp): string[] {
  return (
    text
      .replace(pattern, ' ')
      .toLowerCase()
      .match(/\p{L}+/gu) ?? []
  );
}

/**
 * Unit 'plan': the most words an answer may have, for a phrase of `words` words. The planned
 * words cannot be written again (avoided-words.ts), and SmolLM2, so held back, sometimes ran
 * on instead: "an indeterminate sentence for public protection" became 20 words of "the
 * offense of general offense …" on a demo paragraph. A paraphrase is about as long as its
 * phrase; twice as long and two words more is generous.
 */
export function maxPlannedAnswerWords(words: number): number {
  return 2 * words + 2;
}

/** Whether `keys` has a run of REPEAT_RUN words twice that `phraseKeys` does not have twice. */
function repeatsItself(keys: readonly string[], phraseKeys: readonly string[]): boolean {
  const twice = (list: readonly string[]): Set<string> => {
    const seen = new Set<string>();
    const repeated = new Set<string>();
    for (let i = 0; i + REPEAT_RUN <= list.length; i++) {
      const run = list.slice(i, i + REPEAT_RUN).join(' ');
      if (seen.has(run)) repeated.add(run);
      seen.add(run);
    }
    return repeated;
  };
  const own = twice(phraseKeys);
  return [...twice(keys)].some((run) => !own.has(run));
}

/** Words in a row that, written twice in one answer, mark a model running on ("for the offense of … for the offense of"). */
const REPEAT_RUN = 3;

/**
 * Checks a replacement of `region` in `task`; `borrowable`: the words of the examples the
 * request showed (exampleWords); `planned`: unit 'plan', where the answer is also held to
 * about the phrase's length in words and may not repeat itself ('repeated').
 */
export function checkReplacement(
  task: ChunkTask,
  region: PhraseRegion,
  raw: string,
  pattern: RegExp,
  borrowable?: ReadonlySet<string>,
  planned = false,
): ReplacementCheck {
  const phrase = task.text.slice(region.start, region.end);
  const text = normalizeReplacement(phrase, raw);
  if (text.length === 0) return { text, problems: ['empty'], ownPlaceholders: 0 };
  const problems: RewriteProblem[] = [];
  const placeholders = placeholdersOf(text, pattern);
  // A bracket outside a placeholder is a placeholder garbled ("[redac]"): a clerk would read it as one.
  const bracketed = (value: string) => /[[\]<>{}]/u.test(value.replace(pattern, ''));
  if (placeholders.some((placeholder) => placeholder !== REDACTED) || (bracketed(text) && !bracketed(phrase))) problems.push('placeholder-invented');
  // The phrase must be gone from where it was, neighbours included (a rewrite can recreate it across its edge).
  const spliced = task.text.slice(0, region.start) + text + task.text.slice(region.end);
  const end = region.start + text.length;
  const tokens = tokensOf(spliced, pattern);
  const kept = occurrenceRanges(
    tokens,
    region.patterns.map((index) => task.patterns[index]!),
  ).some((range) => range.start < end && range.end > region.start);
  if (kept) problems.push('span-kept');
  const phraseTokens = tokensOf(phrase, pattern);
  const answerTokens = tokensOf(text, pattern);
  if (inventsNumbers(phraseTokens, answerTokens)) problems.push('number-invented');
  if (text.length > phrase.length * 3 + 40 || (planned && answerTokens.keys.length > maxPlannedAnswerWords(phraseTokens.keys.length)))
    problems.push('too-long');
  if (planned && repeatsItself(answerTokens.keys, phraseTokens.keys)) problems.push('repeated');
  if (borrowable !== undefined && borrowable.size > 0) {
    const own = new Set(wordsOf(task.text, pattern));
    if (wordsOf(text, pattern).some((word) => borrowable.has(word) && !own.has(word))) problems.push('example-copied');
  }
  return { text, problems, ownPlaceholders: placeholders.length };
}

function answerOf(json: unknown): string | undefined {
  const replacement = (json as { replacement?: unknown } | null | undefined)?.replacement;
  return typeof replacement === 'string' ? replacement : undefined;
}

/** Rewrites the phrases of `tasks` and returns one outcome per task, in order. */
export async function rewritePhrases(tasks: readonly ChunkTask[], context: ChunkBatchContext): Promise<ChunkOutcome[]> {
  const regions = tasks.map((task) => phraseRegions(task, context.pattern, context.copiesToo ?? true));
  const jobs = regions.flatMap((list, taskIndex) => list.map((region, regionIndex) => ({ taskIndex, regionIndex, region })));
  const answers: ({ text: string; ownPlaceholders: number; attempts: number } | undefined)[] = jobs.map(() => undefined);
  // Why each phrase's last answer was refused: the fallback's note says it.
  const lastProblems: RewriteProblem[][] = jobs.map(() => []);
  context.progress.countPhrases(jobs.length);
  const planned = context.copiesToo === false;
  // Every request of a run shows the same examples: their words are gathered once.
  const borrowable = exampleWords(phraseExamples(context.fewShot, planned), context.pattern, context.documentText);
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
        // A planned region names its planned words: the words it was widened by are context to keep.
        replace: planned ? job.region.cores.map((core) => tasks[job.taskIndex]!.text.slice(core.start, core.end)) : undefined,
      });
    });
    context.progress.startCall(
      pending.map((i) => jobs[i]!.region.end - jobs[i]!.region.start),
      attempt,
    );
    const batch = await generateChunked(context, requests);
    const checks = pending.map((i, n) => {
      const job = jobs[i]!;
      const result = batch.results[n];
      const raw = result?.stopReason === 'complete' ? answerOf(result.json) : undefined;
      return raw === undefined ? undefined : checkReplacement(tasks[job.taskIndex]!, job.region, raw, context.pattern, borrowable, planned);
    });
    await refuseInventedWords(checks, context);
    await refuseMeaningChanges(
      pending.map((i) => jobs[i]!),
      checks,
      tasks,
      context,
    );
    let settled = 0;
    pending.forEach((i, n) => {
      const check = checks[n];
      lastProblems[i] = check === undefined ? ['no-answer'] : check.problems;
      if (check === undefined) {
        context.totals.reject(['no-answer']);
        return;
      }
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
    const refused: RewriteProblem[] = [];
    jobs.forEach((job, i) => {
      if (job.taskIndex !== taskIndex) return;
      const answer = answers[i];
      if (answer === undefined) {
        fallback = true;
        refused.push(...lastProblems[i]!);
        attempts = Math.max(attempts, context.maxRetries + 1);
        // Only the flagged words: the words the region was widened by stay as they were.
        for (const core of job.region.cores) edits.push({ start: core.start, end: core.end, text: REDACTED, origin: 'fallback' });
      } else {
        rephrased++;
        attempts = Math.max(attempts, answer.attempts);
        if (answer.text === REDACTED) {
          // "It cannot be rephrased": the placeholder takes the flagged words only, as a fallback would.
          for (const core of job.region.cores) edits.push({ start: core.start, end: core.end, text: REDACTED, origin: 'model', ownPlaceholders: 1 });
        } else edits.push({ start: job.region.start, end: job.region.end, text: answer.text, origin: 'model', ownPlaceholders: answer.ownPlaceholders });
      }
    });
    const steps = [edits, ...overallFix(task, edits, context.pattern)];
    const notes = [
      rephrased > 0 ? `Rephrased ${rephrased} rare phrase${rephrased === 1 ? '' : 's'}.` : '',
      fallback ? fallbackNote('some words', refused) : '',
      steps.length > 1 ? REBUILT_PHRASE_NOTE : '',
    ];
    return { steps, reasoning: notes.filter((note) => note.length > 0).join(' '), fallback: fallback || steps.length > 1, attempts };
  });
}

/** Adds 'word-invented' to the checks of answers that pass every other check but have a made-up word. */
async function refuseInventedWords(checks: readonly (ReplacementCheck | undefined)[], context: ChunkBatchContext): Promise<void> {
  if (context.inventedWords === undefined) return;
  const passing = checks.filter((check): check is ReplacementCheck => check !== undefined && check.problems.length === 0);
  if (passing.length === 0) return;
  const invented = await context.inventedWords.of(passing.map((check) => check.text));
  throwIfAborted(context.signal);
  passing.forEach((check, n) => {
    if (invented[n]!.length > 0) check.problems.push('word-invented');
  });
}

/**
 * Adds 'meaning-changed' to the checks of answers that pass every other check but are
 * about something else than their phrase (meaning-check.ts). Last, since it costs an
 * embedding of each phrase and answer.
 */
async function refuseMeaningChanges(
  jobs: readonly { taskIndex: number; region: PhraseRegion }[],
  checks: readonly (ReplacementCheck | undefined)[],
  tasks: readonly ChunkTask[],
  context: ChunkBatchContext,
): Promise<void> {
  if (context.meaning === undefined) return;
  const passing = checks.flatMap((check, n) => (check !== undefined && check.problems.length === 0 ? [{ check, job: jobs[n]! }] : []));
  if (passing.length === 0) return;
  const changed = await context.meaning.changed(
    passing.map(({ check, job }) => ({ phrase: tasks[job.taskIndex]!.text.slice(job.region.start, job.region.end), answer: check.text })),
  );
  throwIfAborted(context.signal);
  passing.forEach(({ check }, n) => {
    if (changed[n]!) check.problems.push('meaning-changed');
  });
}

/**
 * A last check of the chunk with every replacement in place: phrases checked one at a
 * time can still combine into a flagged one across an edit's edge. Whatever such survivor
 * touches a replacement gets a placeholder. Occurrences no replacement touches are left
 * alone: in phrase mode every occurrence is a region already, and in plan mode a planned
 * word's other occurrences were not planned (redacting them changed words the plan kept).
 * The ranges are in offsets of the edited, unmerged text: the second batch of the steps.
 */
function overallFix(task: ChunkTask, edits: readonly TextEdit[], pattern: RegExp): TextEdit[][] {
  let text = task.text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  const { problems, kept } = validateRewrite({ ...task, spans: [] }, text, pattern);
  if (!problems.includes('span-kept')) return [];
  const written = writtenRanges(edits);
  const touching = kept.filter((range) => written.some((edit) => range.start <= edit.end && range.end >= edit.start));
  if (touching.length === 0) return [];
  return [touching.map((range) => ({ start: range.start, end: range.end, text: REDACTED, origin: 'fallback' as const }))];
}

/** Where each edit's text lies in the text the edits produce (they never overlap). */
function writtenRanges(edits: readonly TextEdit[]): TextSpan[] {
  let shift = 0;
  return [...edits]
    .sort((a, b) => a.start - b.start)
    .map((edit) => {
      const start = edit.start + shift;
      shift += edit.text.length - (edit.end - edit.start);
      return { start, end: start + edit.text.length };
    });
}
