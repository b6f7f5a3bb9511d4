/**
 * Results of checking a document against the collection. Offsets are UTF-16 code
 * units into the checked text, `end` exclusive, as JavaScript strings count them.
 */
import type { DetectionSettings } from './settings.js';

/** A phrase of the checked text, located by characters and by tokens. */
export interface PhraseLocation {
  readonly start: number;
  readonly end: number;
  /** Index of the first token in the checked text. */
  readonly tokenStart: number;
  /** Length in tokens (the N of the N-gram). */
  readonly tokenLength: number;
  /** The phrase as written in the checked text. */
  readonly text: string;
}

/** A minimal linkable N-gram: 1 ≤ df < k, and every shorter N-gram inside it has df ≥ k. */
export interface LinkableNgram extends PhraseLocation {
  /** Documents of the collection holding it. */
  readonly df: number;
  /** External ids of those documents, in document-number order. */
  readonly documents: string[];
}

/** A span to rephrase because of a combination: the combination's shortest member. */
export interface CombinationSpan extends PhraseLocation {
  /** One minimal linkable combination that flags this span. */
  readonly witness: CombinationWitness;
  /** More of them, when the check asked for several per span (the edit plan's rounds). */
  readonly others?: readonly CombinationWitness[];
}

/** A minimal linkable combination of 2 or 3 common N-grams. */
export interface CombinationWitness {
  /** All members, the flagged span included, in text order. */
  readonly members: PhraseLocation[];
  /** Number of documents holding every member (1 ≤ it < k). */
  readonly intersection: number;
  /** External ids of those documents. */
  readonly documents: string[];
}

/** Counts over the checked text; N-grams are counted as occurrences, not distinct strings. */
export interface DetectionSummary {
  readonly tokens: number;
  readonly segments: number;
  /** N-gram occurrences with N ≤ max N. */
  readonly ngrams: number;
  /** Occurrences with 1 ≤ df < k (and the source among them, when one is given). */
  readonly linkable: number;
  /** Minimal linkable N-grams. */
  readonly minimal: number;
  /** Combination candidates: the non-overlapping common N-grams (df ≥ k). */
  readonly candidates: number;
  /** Spans to rephrase from combinations (arity ≥ 2). */
  readonly combinationSpans: number;
  /** Linkable pairs, only when every combination was enumerated. */
  readonly linkablePairs?: number;
  /** Minimal linkable triples, only when every combination was enumerated. */
  readonly minimalLinkableTriples?: number;
}

/** The full verdict on one text. */
export interface DetectionResult {
  readonly settings: DetectionSettings;
  readonly summary: DetectionSummary;
  /** Minimal linkable N-grams, by start offset. They may overlap. */
  readonly minimal: LinkableNgram[];
  /** Spans to rephrase from combinations, by start offset (empty at arity 1). */
  readonly combinations: CombinationSpan[];
  /** Combination candidates, by start offset: what arity ≥ 2 may send for rewriting. */
  readonly candidates: PhraseLocation[];
  /**
   * Present only when the check paused before the end of the text (DetectOptions.pauseWhen):
   * everything above describes the text before `uncheckedFrom` alone, and no combination
   * was searched. Such a result is never a verdict on the whole text.
   */
  readonly partial?: PartialCheck;
}

/** How far a paused check got: its first `segmentsChecked` of summary.segments segments, and part of the next. */
export interface PartialCheck {
  readonly segmentsChecked: number;
  /** Character offset where the unchecked text begins. */
  readonly uncheckedFrom: number;
}
