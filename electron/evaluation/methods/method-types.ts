/**
 * What a rewriting method is to the evaluation: a function from a released document to
 * its rewrite, with what the rewrite cost. The harness measures everything else.
 */
import type { EmbedFn } from '../paraphrase/handcrafted-paraphrase.js';
import type { PhraseIndex } from '../../../shared/linkage/phrase-index.js';
import type { DetectionSettings } from '../../../shared/linkage/settings.js';
import type { DetectionResult } from '../../../shared/linkage/types.js';
import type { CollectionIndex } from '../../index-store/collection-index.js';

/** The methods of the paper's Tables 1–2 that this project runs, and the reference row. */
export type MethodId =
  | 'released'
  | 'llm-spans-arity-1'
  | 'llm-spans-arity-3'
  | 'llm-baseline'
  | 'llm-plan-arity-1'
  | 'llm-plan-arity-3'
  | 'handcrafted'
  | 'redaction'
  | 'redaction-arity-1'
  | 'minimal-redaction-arity-1'
  | 'minimal-redaction-arity-3';

/** Every method, in the order of the tables. */
export const METHOD_IDS: readonly MethodId[] = [
  'released',
  'llm-baseline',
  'handcrafted',
  'redaction-arity-1',
  'redaction',
  'minimal-redaction-arity-1',
  'minimal-redaction-arity-3',
  'llm-spans-arity-1',
  'llm-spans-arity-3',
  'llm-plan-arity-1',
  'llm-plan-arity-3',
];

/** The LLM methods (they need a rewriter and a model). */
export const LLM_METHOD_IDS: readonly MethodId[] = ['llm-spans-arity-1', 'llm-spans-arity-3', 'llm-baseline', 'llm-plan-arity-1', 'llm-plan-arity-3'];

/** A released (de-identified) document d′ and the id of its source d in the collection. */
export interface EvaluationDocument {
  readonly id: string;
  readonly text: string;
  readonly sourceId: string;
}

/** What a method may use besides the document. */
export interface MethodContext {
  readonly collection: CollectionIndex;
  readonly index: PhraseIndex;
  /** Detection settings of the run at its first k: arity 3, the source set, the collection's placeholder pattern. */
  readonly settings: DetectionSettings;
  /** d′ checked with `settings`: `minimal` are the arity-1 spans, with `combinations` the arity ≤ 3 spans. */
  readonly detection: DetectionResult;
  /** A seed for this document (derived from the run's seed and the document id). */
  readonly seed: number;
  /** Sentence embeddings, when the run has an embedding model. */
  readonly embed?: EmbedFn | undefined;
  readonly signal?: AbortSignal | undefined;
}

/**
 * Who resolved the arity-1 spans of d′ (the model, a placeholder it wrote, a fallback
 * placeholder, nobody): counts, for the LLM methods. See electron/rewriter/attribution.ts.
 */
export interface SpanCredit {
  readonly spans: number;
  readonly model: number;
  readonly modelPlaceholder: number;
  readonly fallback: number;
  readonly unresolved: number;
  readonly ownPlaceholders: number;
}

/** A rewrite and its cost. */
export interface MethodOutput {
  readonly text: string;
  /** Rewriting passes over the document (1 for one-shot methods, 0 for none). */
  readonly passes: number;
  readonly promptTokens: number;
  readonly generatedTokens: number;
  /** Wall-clock seconds of the rewrite alone. */
  readonly seconds: number;
  /** LLM methods: who resolved d′'s arity-1 spans. */
  readonly credit?: SpanCredit | undefined;
  /** LLM methods: answers the rewriter's checks refused, by reason, over every pass. */
  readonly rejections?: Readonly<Record<string, number>> | undefined;
}

/** A rewriting method. */
export type EvaluationMethod = (document: EvaluationDocument, context: MethodContext) => Promise<MethodOutput>;

/** A method with its name in the tables and the settings that determine its output. */
export interface MethodDefinition {
  readonly id: MethodId;
  /** The row label, in the paper's wording where the paper has the method. */
  readonly label: string;
  readonly run: EvaluationMethod;
  /** Everything besides the document and the run's settings that its output depends on (part of the resume key). */
  readonly settings: Readonly<Record<string, unknown>>;
}
