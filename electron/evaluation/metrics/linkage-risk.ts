/**
 * Linkage risk: the paper's "proportion of linkable N-grams" (§4.4), as this project
 * defines it exactly.
 *
 * For a released text d′ with source d, k and the engine's detection with d as source:
 * - the spans to rephrase at arity 1 are the minimal linkable N-grams of d′ (one per
 *   occurrence);
 * - at arity ≤ 3 they are those plus the spans from combinations (the shortest member of
 *   each minimal linkable combination of 2 or 3 common N-grams). A span from a
 *   combination counts on its own: it is "present" when its own key sequence is, whatever
 *   became of the other members;
 * - a span is still present after rewriting when its key sequence occurs inside one
 *   segment anywhere in the rewrite;
 * - the share of one document = present / spans; the pooled share = Σ present / Σ spans
 *   over all documents; the mean share = the mean of the documents' shares, over the
 *   documents that have at least one span.
 * - newly linkable, what the rewrite adds: whether an N-gram links depends on the
 *   collection alone, so a span of the rewrite is new only when its evidence was not in
 *   d′. At arity 1: minimal linkable N-grams of the rewrite (same k, same source) whose key
 *   sequence occurs nowhere in d′. At arity ≤ 3: those plus the rewrite's spans from
 *   combinations whose witness combination has a member that occurs nowhere in d′ (a
 *   combination whose members all occur in d′ was linkable in d′ already, even if the
 *   engine flagged another of its members there).
 */
import type { DetectionResult } from '../../../shared/linkage/types.js';
import type { TokenizedText } from '../../../shared/tokenizer/tokenize.js';
import { KeySequenceFinder, keySequence } from './key-sequences.js';

/** The spans to rephrase of one text at one k, as key sequences (one entry per span). */
export interface SpansToRephrase {
  /** Minimal linkable N-grams: arity 1. */
  readonly minimal: readonly string[];
  /** Spans from combinations: with `minimal`, arity ≤ 3. */
  readonly combinations: readonly string[];
  /** For each span from a combination, the members of its witness combination. */
  readonly witnesses: readonly (readonly string[])[];
}

/** Spans counted and spans still present. */
export interface ShareCount {
  readonly spans: number;
  readonly present: number;
}

/** Linkage risk of one rewritten document at one k. */
export interface DocumentLinkage {
  readonly arity1: ShareCount;
  readonly arity3: ShareCount;
  /** Spans to rephrase in the rewrite whose evidence was not in d′ (see the module comment). */
  readonly newlyLinkable: { readonly arity1: number; readonly arity3: number };
}

/** A share over many documents. Null where no document had a span. */
export interface AggregateShare {
  /** Documents with at least one span. */
  readonly documents: number;
  readonly spans: number;
  readonly present: number;
  /** Σ present / Σ spans. */
  readonly pooled: number | null;
  /** Mean over documents with spans of present / spans. */
  readonly mean: number | null;
}

/** Reads the spans to rephrase from a detection of `tokens` (the same text, same placeholder pattern). */
export function spansToRephrase(result: DetectionResult, tokens: TokenizedText): SpansToRephrase {
  return {
    minimal: result.minimal.map((m) => keySequence(tokens, m.tokenStart, m.tokenLength)),
    combinations: result.combinations.map((c) => keySequence(tokens, c.tokenStart, c.tokenLength)),
    witnesses: result.combinations.map((c) => c.witness.members.map((m) => keySequence(tokens, m.tokenStart, m.tokenLength))),
  };
}

function countPresent(spans: readonly string[], finder: KeySequenceFinder): number {
  let present = 0;
  for (const span of spans) if (finder.contains(span)) present++;
  return present;
}

/**
 * The linkage risk of one rewrite: `released` are d′'s spans and `releasedTokens` d′
 * tokenized; `rewrite` is the rewritten text tokenized and `rewriteSpans` its spans.
 */
export function documentLinkage(
  released: SpansToRephrase,
  releasedTokens: TokenizedText,
  rewrite: TokenizedText,
  rewriteSpans: SpansToRephrase,
): DocumentLinkage {
  const inRewrite = new KeySequenceFinder(rewrite);
  const inReleased = new KeySequenceFinder(releasedTokens);
  const minimalPresent = countPresent(released.minimal, inRewrite);
  const combinationsPresent = countPresent(released.combinations, inRewrite);
  const newSingles = rewriteSpans.minimal.filter((span) => !inReleased.contains(span)).length;
  const newCombinations = rewriteSpans.witnesses.filter((members) => members.some((member) => !inReleased.contains(member))).length;
  return {
    arity1: { spans: released.minimal.length, present: minimalPresent },
    arity3: { spans: released.minimal.length + released.combinations.length, present: minimalPresent + combinationsPresent },
    newlyLinkable: { arity1: newSingles, arity3: newSingles + newCombinations },
  };
}

/** Pooled and mean shares over documents (see the module comment). */
export function aggregateShares(counts: readonly ShareCount[]): AggregateShare {
  let spans = 0;
  let present = 0;
  let documents = 0;
  let shareSum = 0;
  for (const count of counts) {
    if (count.spans === 0) continue;
    documents++;
    spans += count.spans;
    present += count.present;
    shareSum += count.present / count.spans;
  }
  return { documents, spans, present, pooled: spans > 0 ? present / spans : null, mean: documents > 0 ? shareSum / documents : null };
}
