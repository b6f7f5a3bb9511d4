/**
 * The rewriter's shapes: what it needs from a model, its settings, and the record it
 * keeps of a run. Records are plain JSON (they go into the workspace and the export
 * report) and never hold document text.
 */
import type { GenerateOptions } from '../llm/llm-client.js';
import type { GenerationBatch, GenerationRequest } from '../llm/llm-protocol.js';

/** What the rewriter needs from a model. LlmClient fits; tests use deterministic fakes. */
export interface RewriteModel {
  generate(requests: readonly GenerationRequest[], options?: GenerateOptions): Promise<GenerationBatch>;
}

/** Which model made a suggestion: stored with each proposal and in the record. */
export interface ModelIdentity {
  readonly name: string;
  /** Lowercase hex SHA-256 of the GGUF file; null when it was not computed (tests). */
  readonly sha256: string | null;
  readonly architecture: string;
  readonly quantization: string;
}

/** A character range of a text, `end` exclusive. */
export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

/** Re-checks a text against the collection and returns the spans still to rephrase. */
export type CheckText = (text: string) => Promise<readonly TextSpan[]>;

/** Where a run stands, for progress bars. */
export interface RewriteProgress {
  readonly pass: number;
  readonly maxPasses: number;
  /**
   * What the pass counts: its chunks, or (rewriting phrase by phrase, in context) the
   * phrases of its chunks, each a request of its own.
   */
  readonly unit: 'chunk' | 'phrase';
  /** Those of this pass that are settled (accepted, or given up on), and those answered in the current call. */
  readonly done: number;
  readonly total: number;
  /** The current call's try (1 the first; a later one asks again for the answers the checks refused) and the most tries. */
  readonly attempt: number;
  readonly maxAttempts: number;
  readonly tokensPerSecond: number;
  /** Estimated seconds left of the current call (this try of this pass); undefined before anything was generated. */
  readonly secondsLeft: number | undefined;
}

/** Detection settings the run was made for (only recorded: detection itself goes through `check`). */
export interface RecordedDetectionSettings {
  readonly k: number;
  readonly arity: number;
  readonly maxN: number;
}

/** How the rewriter works. Every field has a default. */
export interface RewriteOptions {
  /** Sampling temperature; the paper's 1.2 by default. */
  readonly temperature?: number;
  /** Base seed; each request derives its own from it. Default: random, and recorded. */
  readonly seed?: number;
  /** Most detect → rewrite → detect passes: default 4 (3 in baseline mode, as in the paper's example). */
  readonly maxPasses?: number;
  /** New attempts (with new seeds) for a rewrite that fails validation. Default 2. */
  readonly maxRetries?: number;
  /** Sentences per chunk. Default 3. */
  readonly sentencesPerChunk?: number;
  /** A chunk grows past one sentence only while it stays under this many characters. Default 900. */
  readonly maxChunkChars?: number;
  /** Few-shot examples in the prompt (0–4). Default 4. */
  readonly fewShot?: number;
  /**
   * What the model rewrites (see RewriteUnit): 'phrase' (default), each flagged phrase in its
   * chunk's context, answered alone; 'plan', exactly the given spans; or 'chunk', the paper's
   * whole chunk. Small models only manage the first two (see phrase-prompt.ts); baseline
   * mode always rewrites chunks.
   */
  readonly unit?: RewriteUnit;
  /** Spans of the input to attribute at the end (see SpanAttribution). Default: the first pass's spans. */
  readonly attributeSpans?: readonly TextSpan[];
  /** Most tokens per answer. Default: enough for the schema's longest answer. */
  readonly maxTokens?: number;
  /** Placeholder pattern (regex source) of the text. Default: [REDACTED], <PERSON>, … */
  readonly placeholderPattern?: string;
  /** Recorded with the run. */
  readonly detection?: RecordedDetectionSettings;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: RewriteProgress) => void;
}

/**
 * What the model is asked to rewrite at a time: 'phrase', each flagged phrase and its
 * copies in the chunk; 'plan', exactly the spans given (the words of the minimal edit
 * plan, see shared/linkage/plan); 'chunk', the whole chunk (the paper's prompt).
 */
export type RewriteUnit = 'phrase' | 'plan' | 'chunk';

/**
 * Who resolved the attributed spans (counts; see attribution.ts). model + modelPlaceholder
 * + fallback + unresolved = spans.
 */
export interface SpanAttribution {
  readonly spans: number;
  /** Key sequence gone, rewritten by the model without a placeholder of its own. */
  readonly model: number;
  /** Key sequence gone, rewritten by the model into (or with) a placeholder it wrote itself. */
  readonly modelPlaceholder: number;
  /** Covered by a fallback placeholder (the model kept failing). */
  readonly fallback: number;
  /** Key sequence still in the final text. */
  readonly unresolved: number;
  /** Placeholders the model wrote itself, over the whole text. */
  readonly ownPlaceholders: number;
}

/** Model work of one pass (or a whole run), as the runtime counted it. */
export interface GenerationTotals {
  /** Generate calls: one per pass, plus one per round of retries. */
  readonly calls: number;
  /** Requests sent (chunks, retries included). */
  readonly requests: number;
  readonly promptTokens: number;
  /** Prompt tokens already cached in a sequence (the shared instructions) and not decoded again. */
  readonly reusedPromptTokens: number;
  readonly generatedTokens: number;
  readonly decodeCalls: number;
  /** Seconds inside generate calls. */
  readonly seconds: number;
}

/** One pass of a run. */
export interface PassRecord extends GenerationTotals {
  readonly pass: number;
  /** Spans to rephrase at the start of the pass (0 in baseline mode). */
  readonly spans: number;
  /** Chunks sent to the model. */
  readonly chunks: number;
  /** Chunks whose first answer failed validation. */
  readonly retried: number;
  /** Chunks where the model kept failing: placeholders replaced the spans (or, in baseline mode, the chunk was kept). */
  readonly fallbacks: number;
  /** Refused answers by reason: 'no-answer' (cut off or malformed), 'span-kept', 'placeholder-lost', … */
  readonly rejections: Readonly<Record<string, number>>;
  /** Spans still to rephrase after the pass; null when not checked. */
  readonly remaining: number | null;
  /** Wall-clock seconds of the pass, detection included. */
  readonly wallSeconds: number;
}

/** Why a run stopped. */
export type RewriteOutcomeReason = 'nothing-linkable' | 'max-passes' | 'nothing-to-do';

/** The record of one run on one document: what the export report lists. */
export interface RewriteRecord {
  readonly kind: 'llm-rewrite';
  readonly mode: 'spans' | 'baseline';
  readonly startedAt: string;
  readonly model: ModelIdentity;
  readonly settings: {
    readonly k: number | null;
    readonly arity: number | null;
    readonly maxN: number | null;
    readonly temperature: number;
    readonly seed: number;
    readonly maxPasses: number;
    readonly maxRetries: number;
    readonly sentencesPerChunk: number;
    readonly maxChunkChars: number;
    readonly fewShot: number;
    readonly unit: RewriteUnit;
    /**
     * The embedding model that refused answers about something else than their phrase, and
     * the lowest cosine it kept (meaning-check.ts); null when none ran (no such model, chunk
     * mode, the baseline). Absent from records made before it existed.
     */
    readonly meaningCheck?: { readonly model: string; readonly minSimilarity: number } | null;
  };
  readonly passes: PassRecord[];
  readonly totals: GenerationTotals & {
    readonly passes: number;
    readonly fallbacks: number;
    /** Refused answers by reason, over every pass (see PassRecord.rejections). */
    readonly rejections: Readonly<Record<string, number>>;
    readonly wallSeconds: number;
    readonly tokensPerDecode: number;
  };
  readonly outcome: RewriteOutcomeReason;
  /** Spans still to rephrase at the end; null when not checked. */
  readonly remaining: number | null;
  /** Who resolved the first pass's spans (or the ones the caller asked about). */
  readonly attribution: SpanAttribution;
}
