/**
 * The rewriting loop of the paper (§3.3): detect → rewrite the chunks holding spans →
 * detect again, until nothing is linkable or the pass limit is reached; and the paper's
 * baseline, which rewrites every chunk without a list of spans for a few passes.
 *
 * It never writes anything: it returns proposals (one per changed chunk, in offsets of
 * the text it was given) and a record. A cancel therefore loses nothing.
 */
import { AppError, throwIfAborted } from '../../shared/errors.js';
import type { Proposal } from '../workspace/suggestion-store.js';
import { rewriteChunks, TotalsCounter } from './chunk-rewriter.js';
import { attributeSpans } from './attribution.js';
import { rewritePhrases } from './phrase-rewriter.js';
import { ChunkedText } from './chunked-text.js';
import { chunkText } from './chunking.js';
import { PassProgress } from './progress.js';
import type { PromptMode } from './prompt.js';
import { buildRecord } from './records.js';
import { requestSeed, resolveRewriteOptions, type ResolvedRewriteSettings } from './settings.js';
import type { CheckText, ModelIdentity, PassRecord, RewriteModel, RewriteOptions, RewriteOutcomeReason, RewriteRecord, TextSpan } from './types.js';
import { prepareTask } from './validation.js';
import { InventedWords, type CollectionWords } from './invented-words.js';
import { MeaningCheck, type EmbedTexts } from './meaning-check.js';

/** A document to rewrite with the spans the engine flags. */
export interface RewriteInput {
  readonly text: string;
  /** Spans of `text` to rephrase in the first pass (the clerk's selection, or the spans still linkable). Default: check(text). */
  readonly spans?: readonly TextSpan[] | undefined;
  /** Re-checks a text against the collection between passes. */
  readonly check: CheckText;
  /**
   * Which words the collection has. Given, phrase by phrase rewriting refuses answers with a
   * word that neither the document, the collection nor the dictionary has ('word-invented').
   */
  readonly collectionWords?: CollectionWords;
  /**
   * An embedding model (its vectors, and its name for the record). Given, phrase by phrase
   * rewriting refuses answers about something else than the phrase they replace
   * ('meaning-changed', meaning-check.ts).
   */
  readonly meaning?: MeaningModelInput | undefined;
  readonly model: RewriteModel;
  readonly identity: ModelIdentity;
  readonly options?: RewriteOptions;
}

/** The embedding model of the meaning check. */
export interface MeaningModelInput {
  readonly embed: EmbedTexts;
  /** Its name, as the record says it ("all-MiniLM-L6-v2"). */
  readonly model: string;
}

/** A document to rewrite as the paper's baseline does: every chunk, no spans. */
export interface BaselineInput {
  readonly text: string;
  readonly model: RewriteModel;
  readonly identity: ModelIdentity;
  /** When given, the spans still linkable are counted after each pass (for the record). */
  readonly check?: CheckText | undefined;
  readonly options?: RewriteOptions;
}

/** What a run produced. */
export interface RewriteResult {
  /** The whole text after the last pass (what accepting every proposal gives). */
  readonly text: string;
  /** One per changed chunk, in order, offsets into the input text; they never overlap. */
  readonly proposals: Proposal[];
  readonly record: RewriteRecord;
  /** Spans still to rephrase in `text`; null when never checked (baseline without `check`). */
  readonly remaining: readonly TextSpan[] | null;
}

function checkSpans(text: string, spans: readonly TextSpan[]): void {
  for (const s of spans) {
    if (!Number.isInteger(s.start) || !Number.isInteger(s.end) || s.start < 0 || s.end > text.length || s.end <= s.start) {
      throw new AppError('invalid-input', 'A span to rephrase lies outside the text.');
    }
  }
}

/** Runs one pass over `targets` (chunk index → spans in chunk offsets) and returns its record. */
async function runPass(
  mode: PromptMode,
  document: ChunkedText,
  targets: Map<number, TextSpan[]>,
  pass: number,
  settings: ResolvedRewriteSettings,
  model: RewriteModel,
  documentText: string,
  answerChecks: { readonly inventedWords?: InventedWords | undefined; readonly meaning?: MeaningCheck | undefined } = {},
): Promise<Omit<PassRecord, 'remaining' | 'wallSeconds' | 'spans'>> {
  const indexes = [...targets.keys()].sort((a, b) => a - b);
  const tasks = indexes.map((i) => prepareTask(document.chunkText(i), targets.get(i)!, settings.pattern));
  const totals = new TotalsCounter();
  const byPhrase = mode === 'spans' && settings.unit !== 'chunk';
  const progress = new PassProgress(pass, settings.maxPasses, tasks.length, settings.onProgress, settings.maxRetries + 1, byPhrase ? 'phrase' : 'chunk');
  const outcomes = await (byPhrase ? rewritePhrases : rewriteChunks)(tasks, {
    model,
    mode,
    pattern: settings.pattern,
    temperature: settings.temperature,
    fewShot: settings.fewShot,
    maxTokens: settings.maxTokens,
    maxRetries: settings.maxRetries,
    seedFor: (chunk, attempt) => requestSeed(settings.seed, pass, indexes[chunk]!, attempt),
    signal: settings.signal,
    progress,
    totals,
    copiesToo: settings.unit === 'phrase',
    documentText,
    ...(answerChecks.inventedWords === undefined ? {} : { inventedWords: answerChecks.inventedWords }),
    ...(answerChecks.meaning === undefined ? {} : { meaning: answerChecks.meaning }),
  });
  outcomes.forEach((outcome, n) => document.edit(indexes[n]!, outcome.steps, outcome.reasoning, outcome.fallback && mode === 'spans', pass));
  return {
    pass,
    chunks: tasks.length,
    retried: outcomes.filter((o) => o.attempts > 1).length,
    fallbacks: outcomes.filter((o) => o.fallback).length,
    rejections: { ...totals.rejections },
    ...totals.snapshot(),
  };
}

/**
 * Rewrites the spans of `text` in passes until `check` finds nothing linkable or the pass
 * limit is reached. Rejects with an AbortError when cancelled, AppError('invalid-input')
 * for spans outside the text, AppError('invalid-settings') for bad options.
 */
export async function rewriteDocument(input: RewriteInput): Promise<RewriteResult> {
  const settings = resolveRewriteOptions(input.options ?? {}, 'spans');
  const startedAt = new Date();
  let spans = input.spans ?? (await input.check(input.text));
  checkSpans(input.text, spans);
  const attributed = settings.attributeSpans ?? spans;
  checkSpans(input.text, attributed);
  const document = new ChunkedText(input.text, chunkText(input.text, spans, settings));
  const passes: PassRecord[] = [];
  let outcome: RewriteOutcomeReason = spans.length === 0 ? 'nothing-to-do' : 'max-passes';
  // Chunk answers are whole passages in the paper's prompt, for larger models: not checked word by word.
  const byPhrase = settings.unit !== 'chunk';
  const answerChecks = {
    inventedWords: input.collectionWords === undefined || !byPhrase ? undefined : new InventedWords(input.text, settings.pattern, input.collectionWords),
    meaning: input.meaning === undefined || !byPhrase ? undefined : new MeaningCheck(input.meaning.embed),
  };
  for (let pass = 1; pass <= settings.maxPasses && spans.length > 0; pass++) {
    throwIfAborted(settings.signal);
    const passStarted = performance.now();
    const targets = document.assign(spans);
    // Spans wholly in whitespace between chunks (only a clerk's selection can be): nothing to send.
    if (targets.size === 0) break;
    const record = await runPass('spans', document, targets, pass, settings, input.model, input.text, answerChecks);
    throwIfAborted(settings.signal);
    const flagged = spans.length;
    spans = await input.check(document.text);
    passes.push({ ...record, spans: flagged, remaining: spans.length, wallSeconds: (performance.now() - passStarted) / 1000 });
    if (spans.length === 0) outcome = 'nothing-linkable';
  }
  return {
    text: document.text,
    proposals: document.proposals(input.identity),
    record: buildRecord({
      mode: 'spans',
      startedAt,
      model: input.identity,
      settings,
      passes,
      outcome,
      remaining: spans.length,
      attribution: attributeSpans(input.text, document.text, document.pieces(), attributed, settings.pattern),
      meaningCheck: answerChecks.meaning === undefined ? null : { model: input.meaning!.model, minSimilarity: answerChecks.meaning.threshold },
    }),
    remaining: spans,
  };
}

/**
 * The paper's baseline: the same model and prompt without spans, every chunk rewritten,
 * for `maxPasses` passes (default 3). A chunk the model keeps failing on stays as it was.
 */
export async function rewriteBaseline(input: BaselineInput): Promise<RewriteResult> {
  const settings = resolveRewriteOptions(input.options ?? {}, 'baseline');
  const startedAt = new Date();
  const attributed = settings.attributeSpans ?? [];
  checkSpans(input.text, attributed);
  const document = new ChunkedText(input.text, chunkText(input.text, [], settings));
  const passes: PassRecord[] = [];
  let remaining: readonly TextSpan[] | null = null;
  for (let pass = 1; pass <= settings.maxPasses && document.count > 0; pass++) {
    throwIfAborted(settings.signal);
    const passStarted = performance.now();
    const everyChunk = new Map(Array.from({ length: document.count }, (_, i): [number, TextSpan[]] => [i, []]));
    const record = await runPass('baseline', document, everyChunk, pass, settings, input.model, input.text);
    throwIfAborted(settings.signal);
    remaining = input.check === undefined ? null : await input.check(document.text);
    passes.push({ ...record, spans: 0, remaining: remaining?.length ?? null, wallSeconds: (performance.now() - passStarted) / 1000 });
  }
  return {
    text: document.text,
    proposals: document.proposals(input.identity),
    record: buildRecord({
      mode: 'baseline',
      startedAt,
      model: input.identity,
      settings,
      passes,
      outcome: document.count > 0 ? 'max-passes' : 'nothing-to-do',
      remaining: remaining?.length ?? null,
      attribution: attributeSpans(input.text, document.text, document.pieces(), attributed, settings.pattern),
    }),
    remaining,
  };
}
