/**
 * The built-in suggestion source: a placeholder for each span still linkable. The LLM
 * rewriter is the other source, behind the interface of rewriter/suggestion-source.ts.
 */
import { REDACTED } from '../../shared/review/redaction.js';
import type { SpanToRephrase, SuggestionSource } from '../rewriter/suggestion-source.js';

export type { SpanToRephrase, SuggestionRequest, SuggestionResponse, SuggestionSource } from '../rewriter/suggestion-source.js';

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

/** The built-in source: one placeholder per (merged) span. */
export const placeholderSource: SuggestionSource = {
  id: 'placeholder',
  async propose(request) {
    return {
      proposals: mergeSpans(request.spans).map((s) => ({ start: s.start, end: s.end, before: request.text.slice(s.start, s.end), after: REDACTED })),
    };
  },
};
