/**
 * Child side: runs requests as parallel sequences of one context, in lockstep. Each step
 * asks every active sequence for its next token at once, so their decodes land in the same
 * llama.cpp batch (node-llama-cpp's own scheduling lets fast sequences run ahead alone,
 * which on a CPU meant one token per decode). A finished sequence takes the next queued
 * request; its prompt then decodes in the same batch as the others' tokens.
 */
import {
  LlamaGrammarEvaluationState,
  type ChatWrapper,
  type Llama,
  type LlamaContextSequence,
  type LlamaModel,
  type Token,
  type TokenBias,
} from 'node-llama-cpp';
import { AppError, abortError } from '../../shared/errors.js';
import type { GenerationBatch, GenerationProgress, GenerationRequest, GenerationResult, StopReason } from './llm-protocol.js';
import { requestTokenBias } from './avoided-words.js';
import { commonPrefixLength, promptTokens, type GrammarCache, type SchemaGrammar } from './llm-prompts.js';

/** What a generation needs from the loaded model. */
export interface GenerationRuntime {
  readonly llama: Llama;
  readonly model: LlamaModel;
  readonly sequences: readonly LlamaContextSequence[];
  readonly contextSize: number;
  readonly chatWrapper: ChatWrapper;
  readonly tokenBias: TokenBias;
  /** The tokens `tokenBias` bans, to build a request's own bias from (avoided-words.ts). */
  readonly bannedTokens: readonly Token[];
  readonly grammars: GrammarCache;
  /** Decode calls so far on the context (counted by its batching strategy). */
  decodeCalls(): number;
}

export const DEFAULT_TEMPERATURE = 1.2;
/** The JSON grammar's own stop trigger: a run of newlines after the closing brace. */
const TRAILING_NEWLINES = '\n\n\n\n';
const PROGRESS_INTERVAL_MS = 100;

interface Job {
  readonly index: number;
  readonly sequence: LlamaContextSequence;
  readonly generator: AsyncGenerator<Token, void, void | Token | Token[]>;
  readonly grammar: SchemaGrammar;
  readonly prompt: readonly Token[];
  readonly reused: number;
  readonly maxTokens: number;
  readonly startedAt: number;
  readonly tokens: Token[];
}

/** Makes a sequence hold exactly a prefix of `prompt`, keeping what is already there (a shared system prompt). */
async function reuseSequence(sequence: LlamaContextSequence, prompt: readonly Token[]): Promise<number> {
  // At least one prompt token must be decoded to get logits for the first answer token.
  const keep = Math.min(commonPrefixLength(sequence.contextTokens, prompt), prompt.length - 1);
  try {
    if (keep < sequence.nextTokenIndex) await sequence.eraseContextTokenRanges([{ start: keep, end: sequence.nextTokenIndex }]);
    return keep;
  } catch {
    await sequence.clearHistory();
    return 0;
  }
}

function finish(runtime: GenerationRuntime, job: Job, reason: Exclude<StopReason, 'invalid-json'> | 'end'): GenerationResult {
  const text = runtime.model.detokenize(job.tokens).trim();
  let json: unknown;
  let stopReason: StopReason = reason === 'end' ? 'complete' : reason;
  try {
    json = job.grammar.parse(text);
    stopReason = 'complete';
  } catch {
    json = undefined;
    if (stopReason === 'complete') stopReason = 'invalid-json';
  }
  return {
    text,
    json,
    stopReason,
    promptTokens: job.prompt.length,
    reusedPromptTokens: job.reused,
    generatedTokens: job.tokens.length,
    seconds: (performance.now() - job.startedAt) / 1000,
  };
}

/** Why the job should stop after its latest token, or undefined to continue. */
function stopAfterToken(runtime: GenerationRuntime, job: Job): Exclude<StopReason, 'invalid-json'> | 'end' | undefined {
  if (runtime.model.detokenize(job.tokens.slice(-8)).endsWith(TRAILING_NEWLINES)) return 'end';
  if (job.prompt.length + job.tokens.length >= runtime.contextSize - 1) return 'context-full';
  if (job.tokens.length >= job.maxTokens) return 'max-tokens';
  return undefined;
}

/** Runs every request to completion (or cancellation) and reports batching statistics. */
export async function generateBatch(
  runtime: GenerationRuntime,
  requests: readonly GenerationRequest[],
  options: { signal?: AbortSignal | undefined; onProgress?: ((progress: GenerationProgress) => void) | undefined } = {},
): Promise<GenerationBatch> {
  const { signal, onProgress } = options;
  const startedAt = performance.now();
  const decodeCallsBefore = runtime.decodeCalls();
  const prompts = requests.map((request) => promptTokens(runtime.model, runtime.chatWrapper, request));
  prompts.forEach((prompt) => {
    if (prompt.length >= runtime.contextSize - 1) {
      throw new AppError(
        'invalid-input',
        `A prompt is ${prompt.length} tokens long, but the model was loaded with room for ${runtime.contextSize}. Load it with a larger context, or shorten the prompt.`,
      );
    }
  });
  const grammars = await Promise.all(requests.map((request) => runtime.grammars.get(request.schema)));

  const results: GenerationResult[] = new Array<GenerationResult>(requests.length);
  const waiting = requests.map((_, index) => index);
  const free = [...runtime.sequences];
  const active: Job[] = [];
  let generatedTokens = 0;
  let completed = 0;
  let lastProgressAt = 0;

  const startJob = async (index: number, sequence: LlamaContextSequence): Promise<Job> => {
    const request = requests[index]!;
    const prompt = prompts[index]!;
    const grammar = grammars[index]!;
    const reused = await reuseSequence(sequence, prompt);
    const generator = sequence.evaluate(prompt.slice(reused), {
      temperature: request.temperature ?? DEFAULT_TEMPERATURE,
      seed: request.seed ?? Math.floor(Math.random() * 2 ** 31),
      tokenBias: requestTokenBias(runtime.model, runtime.tokenBias, runtime.bannedTokens, request.avoidWords),
      grammarEvaluationState: new LlamaGrammarEvaluationState({ model: runtime.model, grammar }),
    });
    const maxTokens = request.maxTokens ?? runtime.contextSize;
    return { index, sequence, generator, grammar, prompt, reused, maxTokens, startedAt: performance.now(), tokens: [] };
  };
  const retire = async (job: Job, result: GenerationResult): Promise<void> => {
    results[job.index] = result;
    completed++;
    active.splice(active.indexOf(job), 1);
    await job.generator.return();
    free.push(job.sequence);
  };

  try {
    while (waiting.length > 0 || active.length > 0) {
      if (signal?.aborted) throw abortError();
      while (free.length > 0 && waiting.length > 0) active.push(await startJob(waiting.shift()!, free.pop()!));
      // The lockstep: every active sequence asks for its next token in the same tick.
      const steps = await Promise.all(active.map((job) => job.generator.next()));
      const stepped = [...active];
      for (let i = 0; i < stepped.length; i++) {
        const job = stepped[i]!;
        const step = steps[i]!;
        // The evaluator ends (or, defensively, yields) at an end-of-generation token.
        if (step.done === true || runtime.model.isEogToken(step.value)) {
          await retire(job, finish(runtime, job, 'end'));
          continue;
        }
        job.tokens.push(step.value);
        generatedTokens++;
        const reason = stopAfterToken(runtime, job);
        if (reason !== undefined) await retire(job, finish(runtime, job, reason));
      }
      const now = performance.now();
      if (onProgress !== undefined && (now - lastProgressAt >= PROGRESS_INTERVAL_MS || completed === requests.length)) {
        lastProgressAt = now;
        const seconds = (now - startedAt) / 1000;
        onProgress({
          generatedTokens,
          tokensPerSecond: seconds > 0 ? generatedTokens / seconds : 0,
          completedRequests: completed,
          totalRequests: requests.length,
        });
      }
    }
  } finally {
    // On cancel or failure, release the sequences so the next call can use them.
    await Promise.allSettled(active.map((job) => job.generator.return()));
  }

  const decodeCalls = runtime.decodeCalls() - decodeCallsBefore;
  return {
    results,
    decodeCalls,
    generatedTokens,
    tokensPerDecode: decodeCalls > 0 ? generatedTokens / decodeCalls : 0,
    seconds: (performance.now() - startedAt) / 1000,
  };
}
