/**
 * Where suggestions come from. The review app asks a source for replacements of the
 * spans still linkable; the built-in source proposes a placeholder for each, and the
 * LLM rewriter plugs in as a second source behind the same interface.
 */
import type { ReviewSettings } from '../../shared/ipc/types.js';
import type { Proposal } from '../workspace/suggestion-store.js';
import type { JobContext } from './jobs.js';

/** A span of the current text to rephrase. */
export interface SpanToRephrase {
  readonly start: number;
  readonly end: number;
}

/** What a source receives. */
export interface SuggestionRequest {
  readonly documentId: string;
  readonly text: string;
  readonly spans: readonly SpanToRephrase[];
  readonly settings: ReviewSettings;
  /** Re-checks a rewritten text (the model's pass loop uses it). */
  readonly check: (text: string) => Promise<readonly SpanToRephrase[]>;
  readonly context: JobContext;
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

/** Merges overlapping or touching spans into one (minimal N-grams may overlap). */
export function mergeSpans(spans: readonly SpanToRephrase[]): SpanToRephrase[] {
  const sorted = spans.slice().sort((a, b) => a.start - b.start || a.end - b.end);
  const out: { start: number; end: number }[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ start: s.start, end: s.end });
  }
  return out;
}

/** The placeholder every source falls back to. */
export const PLACEHOLDER = '[REDACTED]';

/** The built-in source: one placeholder per (merged) span. */
export const placeholderSource: SuggestionSource = {
  id: 'placeholder',
  async propose(request) {
    return {
      proposals: mergeSpans(request.spans).map((s) => ({ start: s.start, end: s.end, before: request.text.slice(s.start, s.end), after: PLACEHOLDER })),
    };
  },
};
