/**
 * Progress of a rewriting pass: chunk (or phrase) i of n, tokens per second, and a rough
 * estimate of the time left, from the tokens the pending requests may still need.
 */
import type { GenerationProgress } from '../llm/llm-protocol.js';
import type { RewriteProgress } from './types.js';

/** About how many tokens an answer for a chunk of `length` characters takes (rewrite + reasoning, ~3.5 characters a token). */
export function expectedAnswerTokens(length: number): number {
  return Math.ceil((length + 150) / 3.5);
}

/** Tracks one pass and reports it through `report`. */
export class PassProgress {
  private settled = 0;
  private callTokens = 0;
  private callExpected = 0;
  private callCompleted = 0;
  private attempt = 1;
  private tokensPerSecond = 0;

  constructor(
    private readonly pass: number,
    private readonly maxPasses: number,
    private total: number,
    private readonly report: ((progress: RewriteProgress) => void) | undefined,
    private readonly maxAttempts = 1,
    /** 'phrase': the pass reports nothing until countPhrases says how many (a first "chunk 1 of 3" would be the wrong count). */
    private unit: RewriteProgress['unit'] = 'chunk',
  ) {
    if (unit === 'chunk') this.emit(undefined);
  }

  /**
   * The pass is rewritten phrase by phrase, `count` requests in all: what startCall, update
   * and settle count from now on. (Counted against the chunks, ten settled phrases of a
   * ten-chunk pass showed "chunk 10 of 10, 100 %" with most of the pass still to come.)
   */
  countPhrases(count: number): void {
    this.unit = 'phrase';
    this.total = count;
    this.settled = 0;
    this.emit(undefined);
  }

  /**
   * A generate call starts for chunks (or phrases) of these lengths, as try `attempt` (0 the
   * first). A later try asks again only for those whose answers the checks refused, so the
   * share answered goes back to what is settled: the label says which try it is.
   */
  startCall(lengths: readonly number[], attempt = 0): void {
    this.attempt = attempt + 1;
    this.callExpected = lengths.reduce((sum, length) => sum + expectedAnswerTokens(length), 0);
    this.callTokens = 0;
    this.callCompleted = 0;
  }

  /** The runtime reported progress on the current call. */
  update(progress: GenerationProgress): void {
    this.callTokens = progress.generatedTokens;
    this.callCompleted = progress.completedRequests;
    this.tokensPerSecond = progress.tokensPerSecond;
    // Once every answer of the call is in, nothing is left of it, however much shorter the
    // answers were than expected (the estimate said "about 1 min left" beside a full bar).
    const left = progress.completedRequests >= progress.totalRequests ? 0 : Math.max(0, this.callExpected - this.callTokens);
    this.emit(this.tokensPerSecond > 0 ? left / this.tokensPerSecond : undefined);
  }

  /** `count` chunks (or phrases) are settled (accepted, or given up on) after a call. */
  settle(count: number): void {
    this.settled += count;
    this.callCompleted = 0;
    this.emit(this.settled >= this.total ? 0 : undefined);
  }

  private emit(secondsLeft: number | undefined): void {
    this.report?.({
      pass: this.pass,
      maxPasses: this.maxPasses,
      unit: this.unit,
      done: Math.min(this.total, this.settled + this.callCompleted),
      total: this.total,
      attempt: this.attempt,
      maxAttempts: this.maxAttempts,
      tokensPerSecond: this.tokensPerSecond,
      secondsLeft,
    });
  }
}

/**
 * "Rewriting, pass 1 of at most 4, chunk 3 of 8 · 12 tokens/s · about 40 s left in this try"
 * (", try 2 of 3" after the chunk when answers are asked for again): a job phase for the app.
 * The passes stop once nothing links, so their number is a most; the chunks (or phrases) are
 * the pass's own. The time left is the current generate call's: how many answers the checks
 * will refuse and ask for again is not known before they come, so it says "in this try"
 * while another may follow, and "in this pass" on the last (the clerk read "about 20 s left"
 * and then waited minutes for tries 2 and 3).
 */
export function describeProgress(progress: RewriteProgress): string {
  const at = Math.min(progress.total, progress.done + 1);
  const passes = progress.pass === progress.maxPasses ? `pass ${progress.pass}, the last` : `pass ${progress.pass} of at most ${progress.maxPasses}`;
  const retry = progress.attempt > 1 ? `, try ${progress.attempt} of ${progress.maxAttempts}` : '';
  const parts = [`Rewriting, ${passes}, ${progress.unit} ${at} of ${progress.total}${retry}`];
  if (progress.tokensPerSecond > 0) parts.push(`${Math.round(progress.tokensPerSecond)} tokens/s`);
  if (progress.secondsLeft !== undefined && progress.secondsLeft > 0) {
    const seconds = Math.max(5, Math.round(progress.secondsLeft / 5) * 5);
    const span = progress.attempt < progress.maxAttempts ? 'this try' : 'this pass';
    parts.push(`about ${seconds < 60 ? `${seconds} s` : `${Math.round(seconds / 60)} min`} left in ${span}`);
  }
  return parts.join(' · ');
}
