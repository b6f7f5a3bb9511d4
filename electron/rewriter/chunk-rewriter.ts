/**
 * Rewrites the chunks of one pass: all of them in one generate call (so the runtime
 * decodes them as parallel sequences, their tokens in the same batches), then the ones
 * whose answer failed validation again, with new seeds, a bounded number of times. A
 * chunk the model keeps failing on gets placeholders instead (marked as a fallback).
 */
import { AppError, throwIfAborted } from '../../shared/errors.js';
import type { GenerationBatch, GenerationRequest, GenerationResult } from '../llm/llm-protocol.js';
import type { PassProgress } from './progress.js';
import { buildRequest, type PromptMode } from './prompt.js';
import type { TextEdit } from './provenance.js';
import type { GenerationTotals, RewriteModel, TextSpan } from './types.js';
import { fallbackNote } from './fallback-note.js';
import type { InventedWords } from './invented-words.js';
import type { MeaningCheck } from './meaning-check.js';
import { fallbackRewrite, normalizeRewrite, ownPlaceholders, validateRewrite, type ChunkTask, type RewriteProblem } from './validation.js';

/** What became of one chunk. */
export interface ChunkOutcome {
  /** Edits of the chunk, applied batch after batch (offsets of the text each batch meets); none when it stays. */
  readonly steps: readonly (readonly TextEdit[])[];
  readonly reasoning: string;
  /** The model kept failing; placeholders replaced the flagged phrases (baseline: the chunk was kept). */
  readonly fallback: boolean;
  readonly attempts: number;
}

/** Everything a pass's chunks share. */
export interface ChunkBatchContext {
  readonly model: RewriteModel;
  readonly mode: PromptMode;
  readonly pattern: RegExp;
  readonly temperature: number;
  readonly fewShot: number;
  readonly maxTokens: number | undefined;
  readonly maxRetries: number;
  /** The seed of a chunk's attempt: new for every attempt, reproducible from the run's seed. */
  seedFor(chunk: number, attempt: number): number;
  readonly signal: AbortSignal | undefined;
  readonly progress: PassProgress;
  readonly totals: TotalsCounter;
  /** Phrase mode: rewrite the other occurrences of a flagged phrase in the chunk too (unit 'phrase'), or only the spans given ('plan'). */
  readonly copiesToo?: boolean;
  /**
   * The document as given, before any pass: a word it has anywhere may be written, even
   * when the prompt's examples have it too (see 'example-copied' in phrase-rewriter.ts).
   */
  readonly documentText?: string;
  /** Phrase mode: refuses answers with made-up words (absent: no such check, as in tests with scripted models). */
  readonly inventedWords?: InventedWords;
  /** Phrase mode: refuses answers about something else than their phrase (absent: no embedding model, no such check). */
  readonly meaning?: MeaningCheck;
}

/** Adds up the runtime's counts over generate calls. */
export class TotalsCounter {
  calls = 0;
  requests = 0;
  promptTokens = 0;
  reusedPromptTokens = 0;
  generatedTokens = 0;
  decodeCalls = 0;
  seconds = 0;
  /** Refused answers by reason (an answer can have several). */
  readonly rejections: Partial<Record<RewriteProblem, number>> = {};

  reject(problems: readonly RewriteProblem[]): void {
    for (const problem of problems) this.rejections[problem] = (this.rejections[problem] ?? 0) + 1;
  }

  add(batch: GenerationBatch, requests: number): void {
    this.calls++;
    this.requests += requests;
    this.decodeCalls += batch.decodeCalls;
    this.generatedTokens += batch.generatedTokens;
    this.seconds += batch.seconds;
    for (const result of batch.results) {
      this.promptTokens += result.promptTokens;
      this.reusedPromptTokens += result.reusedPromptTokens;
    }
  }

  snapshot(): GenerationTotals {
    const { calls, requests, promptTokens, reusedPromptTokens, generatedTokens, decodeCalls, seconds } = this;
    return { calls, requests, promptTokens, reusedPromptTokens, generatedTokens, decodeCalls, seconds };
  }
}

const TOO_LONG: GenerationResult = {
  text: '',
  json: undefined,
  stopReason: 'context-full',
  promptTokens: 0,
  reusedPromptTokens: 0,
  generatedTokens: 0,
  seconds: 0,
};

/**
 * One generate call. When the runtime refuses the batch because a prompt is longer than
 * the context, the requests go one by one, and the too-long ones count as failed answers
 * (they end as fallbacks) instead of failing the whole pass.
 */
async function generate(context: ChunkBatchContext, requests: GenerationRequest[]): Promise<GenerationBatch> {
  const options = { signal: context.signal, onProgress: (p: Parameters<PassProgress['update']>[0]) => context.progress.update(p) };
  try {
    return await context.model.generate(requests, options);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'invalid-input')) throw error;
    if (requests.length === 1) return { results: [TOO_LONG], decodeCalls: 0, generatedTokens: 0, tokensPerDecode: 0, seconds: 0 };
  }
  const batches: GenerationBatch[] = [];
  for (const request of requests) batches.push(await generate(context, [request]));
  const decodeCalls = batches.reduce((sum, b) => sum + b.decodeCalls, 0);
  const generatedTokens = batches.reduce((sum, b) => sum + b.generatedTokens, 0);
  return {
    results: batches.flatMap((b) => b.results),
    decodeCalls,
    generatedTokens,
    tokensPerDecode: decodeCalls > 0 ? generatedTokens / decodeCalls : 0,
    seconds: batches.reduce((sum, b) => sum + b.seconds, 0),
  };
}

/** One generate call whose counts go into the pass's totals. */
export async function generateChunked(context: ChunkBatchContext, requests: GenerationRequest[]): Promise<GenerationBatch> {
  const batch = await generate(context, requests);
  context.totals.add(batch, requests.length);
  return batch;
}

/** The answer's fields, when the model gave a complete answer of the right shape. */
function answerOf(result: GenerationResult | undefined): { reasoning: string; rewrite: string } | undefined {
  if (result?.stopReason !== 'complete') return undefined;
  const json = result.json as { reasoning?: unknown; rewrite?: unknown } | null | undefined;
  if (typeof json?.reasoning !== 'string' || typeof json.rewrite !== 'string') return undefined;
  return { reasoning: json.reasoning, rewrite: json.rewrite };
}

/** Rewrites `tasks` (chunk i of the pass is tasks[i]) and returns one outcome per task, in order. */
export async function rewriteChunks(tasks: readonly ChunkTask[], context: ChunkBatchContext): Promise<ChunkOutcome[]> {
  const outcomes: (ChunkOutcome | undefined)[] = tasks.map(() => undefined);
  // The latest rewrite that failed only because flagged phrases survived: redacting them may still save it.
  const partials: ({ text: string; kept: TextSpan[]; reasoning: string } | undefined)[] = tasks.map(() => undefined);
  // Why each chunk's last answer was refused: the fallback's note says it.
  const lastProblems: RewriteProblem[][] = tasks.map(() => []);
  for (let attempt = 0; attempt <= context.maxRetries; attempt++) {
    const pending = tasks.flatMap((_, i) => (outcomes[i] === undefined ? [i] : []));
    if (pending.length === 0) break;
    throwIfAborted(context.signal);
    const requests = pending.map((i) =>
      buildRequest(context.mode, tasks[i]!, {
        temperature: context.temperature,
        seed: context.seedFor(i, attempt),
        fewShot: context.fewShot,
        maxTokens: context.maxTokens,
      }),
    );
    context.progress.startCall(
      pending.map((i) => tasks[i]!.text.length),
      attempt,
    );
    const batch = await generateChunked(context, requests);
    let settled = 0;
    pending.forEach((i, n) => {
      const task = tasks[i]!;
      const answer = answerOf(batch.results[n]);
      if (answer === undefined) {
        lastProblems[i] = ['no-answer'];
        context.totals.reject(['no-answer']);
        return;
      }
      const rewrite = normalizeRewrite(task, answer.rewrite);
      const { problems, kept } = validateRewrite(task, rewrite, context.pattern);
      lastProblems[i] = problems;
      context.totals.reject(problems);
      if (problems.length === 0) {
        const whole: TextEdit = {
          start: 0,
          end: task.text.length,
          text: rewrite,
          origin: 'model',
          ownPlaceholders: ownPlaceholders(task, rewrite, context.pattern),
        };
        outcomes[i] = { steps: [[whole]], reasoning: answer.reasoning, fallback: false, attempts: attempt + 1 };
        settled++;
      } else if (problems.every((p) => p === 'span-kept')) {
        partials[i] = { text: rewrite, kept, reasoning: answer.reasoning };
      }
    });
    if (attempt === context.maxRetries) settled = pending.length;
    context.progress.settle(settled);
  }
  return tasks.map((task, i) => {
    const done = outcomes[i];
    if (done !== undefined) return done;
    // In baseline mode a chunk the model keeps failing on stays as it was.
    if (context.mode === 'baseline') return { steps: [], reasoning: '', fallback: true, attempts: context.maxRetries + 1 };
    const partial = partials[i];
    const { steps, usedRewrite } = fallbackRewrite(task, context.pattern, partial);
    const note = fallbackNote('these words', lastProblems[i]!);
    return { steps, reasoning: usedRewrite ? `${partial!.reasoning} ${note}` : note, fallback: true, attempts: context.maxRetries + 1 };
  });
}
