/**
 * Where suggestions come from, as the review app asks for them: replacements of the spans
 * still linkable. The built-in source (services/) proposes a placeholder for each; the
 * LLM rewriter (model-source.ts) is a second source behind the same interface. The types
 * live here, below the services, so the rewriter never imports upward.
 */
import type { ReviewSettings } from '../../shared/ipc/types.js';
import type { Proposal } from '../workspace/suggestion-store.js';
import type { CollectionWords } from './invented-words.js';

/** A span of the current text to rephrase. */
export interface SpanToRephrase {
  readonly start: number;
  readonly end: number;
}

/** The job a source runs in: cancel and progress (the services' JobContext fits it). */
export interface SourceJobContext {
  readonly signal: AbortSignal;
  progress(phase: string, done: number, total: number): void;
}

/** What a source receives. */
export interface SuggestionRequest {
  readonly documentId: string;
  readonly text: string;
  readonly spans: readonly SpanToRephrase[];
  /** The spans are planned words (the edit plan's runs), not flagged phrases: rephrase the phrase around each. */
  readonly planned?: boolean;
  readonly settings: ReviewSettings;
  /** Re-checks a rewritten text (the model's pass loop uses it). */
  readonly check: (text: string) => Promise<readonly SpanToRephrase[]>;
  /** For each token key, whether the collection has it (the model refuses made-up words with it). */
  readonly collectionWords?: CollectionWords;
  readonly context: SourceJobContext;
}

/** What a source returns: the proposals, and a record of the work for the export report. */
export interface SuggestionResponse {
  readonly proposals: Proposal[];
  readonly record?: unknown;
}

export interface SuggestionSource {
  readonly id: 'placeholder' | 'model';
  propose(request: SuggestionRequest): Promise<SuggestionResponse>;
  dispose?(): Promise<void> | void;
}
