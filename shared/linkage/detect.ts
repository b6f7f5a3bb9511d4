/**
 * Checks a de-identified text against the collection: minimal linkable N-grams
 * (arity 1) and, for arity 2–3, the spans to rephrase from linkable combinations.
 */
import type { AbortLike } from '../errors.js';
import { tokenize, type TokenizedText } from '../tokenizer/tokenize.js';
import { runToEnd } from '../steps.js';
import { enumerateCombinations } from './combination-enumeration.js';
import { WitnessFreeMemo, type CombinationMemo } from './combination-memo.js';
import { combinationSearch } from './combinations.js';
import type { PhraseIndex, PhraseWalker } from './phrase-index.js';
import { phraseDocuments, SegmentWalk, type SegmentAnalysis, type SegmentMinimal } from './segment-analysis.js';
import { SettingsError, resolveSettings, type DetectionSettings } from './settings.js';
import type { CombinationSpan, CombinationWitness, DetectionResult, LinkableNgram, PhraseLocation } from './types.js';

/** Remembers segment analyses between checks of the same text (an editing session). */
export class SegmentCache {
  private readonly entries = new Map<string, SegmentAnalysis>();
  private readonly postings = new Map<string, Int32Array>();

  constructor(private readonly capacity = 50_000) {}

  getAnalysis(key: string): SegmentAnalysis | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  setAnalysis(key: string, analysis: SegmentAnalysis): void {
    this.entries.set(key, analysis);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  /**
   * A segment a paused check left part-way (DetectOptions.pauseWhen), taken out of the
   * cache so that one check at a time goes on with it. The walk reads the token ids of the
   * text it began on; the key is the segment's ids, so they are the same wherever the
   * segment now stands.
   */
  takeWalk(key: string): SegmentWalk | undefined {
    const walk = this.walks.get(key);
    this.walks.delete(key);
    return walk;
  }

  keepWalk(key: string, walk: SegmentWalk): void {
    this.walks.set(key, walk);
    // Walks of texts edited since are never resumed; a few are enough.
    if (this.walks.size > 8) this.walks.delete(this.walks.keys().next().value as string);
  }

  private readonly walks = new Map<string, SegmentWalk>();

  getPostings(key: string): Int32Array | undefined {
    return this.postings.get(key);
  }

  setPostings(key: string, documents: Int32Array): void {
    this.postings.set(key, documents);
    if (this.postings.size > this.capacity) this.postings.delete(this.postings.keys().next().value as string);
  }
}

/** Options for one check. */
export interface DetectOptions {
  /** Reuse analyses of unchanged segments. */
  readonly cache?: SegmentCache | undefined;
  /** Aborts a long combination search. */
  readonly signal?: AbortLike | undefined;
  /** Enumerate every linkable pair and minimal triple (slow; counts go into the summary). */
  readonly allCombinations?: boolean | undefined;
  /** Receives each enumerated combination as member locations. */
  readonly onCombination?: ((members: PhraseLocation[]) => void) | undefined;
  /** Skip combinations even when arity ≥ 2 (the fast first pass of the review app). */
  readonly singlesOnly?: boolean | undefined;
  /**
   * What earlier combination searches learned (combinations.ts), for checks of successive
   * versions of one text on the same collection with the same settings: the edit plan's
   * rounds, the review app's checks of one document as the clerk edits it. The caller keeps
   * one memo per settings and drops it when the collection changes. Without one, the check
   * keeps one of its own (see below).
   */
  readonly combinationMemo?: CombinationMemo | undefined;
  /** The memo keeps only this text's candidates afterwards (CombinationQuery.forgetOthers). */
  readonly memoForgetsOthers?: boolean | undefined;
  /** Witnesses to find per combination span (default 1). */
  readonly witnessesPerSpan?: number | undefined;
  /**
   * Asked before each start position this check analyzes (segments found in `cache` cost
   * nothing and are not asked about), after the first: once it answers true, the check
   * stops there and returns what is settled before it as a partial result
   * (DetectionResult.partial), without combinations. With a cache, the segment it stopped
   * in is kept part-way, so calling again with the same cache goes on from there. Why: the
   * first check after a large collection opens in place reads index pages for seconds (a
   * second on one sentence); the review app shows the first highlights meanwhile.
   */
  readonly pauseWhen?: (() => boolean) | undefined;
  /** Progress of the combination search: candidates searched of all (see CombinationQuery.onProgress). */
  readonly onCombinationProgress?: ((searched: number, total: number) => void) | undefined;
}

/** A text prepared for checking: tokens, ids and per-segment analyses. */
interface PreparedText {
  readonly text: string;
  readonly tokens: TokenizedText;
  readonly ids: Int32Array;
  /** One per segment, from the first; fewer when the check paused. */
  readonly analyses: SegmentAnalysis[];
  /** Where the check paused: inside segment analyses.length, with what is settled there. */
  readonly paused?: { readonly minimal: SegmentMinimal[]; readonly settled: number };
}

function location(prepared: PreparedText, tokenStart: number, tokenLength: number): PhraseLocation {
  const start = prepared.tokens.starts[tokenStart]!;
  const end = prepared.tokens.ends[tokenStart + tokenLength - 1]!;
  return { start, end, tokenStart, tokenLength, text: prepared.text.slice(start, end) };
}

function settingsKey(settings: DetectionSettings, sourceDocument: number): string {
  return `${settings.k}|${settings.maxN}|${sourceDocument}`;
}

function resolveSource(index: PhraseIndex, settings: DetectionSettings): number {
  if (settings.sourceId === undefined) return -1;
  const documentNumber = index.documentNumberOf(settings.sourceId);
  if (documentNumber === undefined) {
    throw new SettingsError(`The collection has no document with id "${settings.sourceId}". Check the id, or leave the source empty.`);
  }
  return documentNumber;
}

/**
 * Tokenizes the text and analyzes its segments in order, yielding after each one analyzed
 * (so that a sliced caller answers other requests between them), until `pauseWhen` says
 * to stop (see DetectOptions.pauseWhen).
 */
function* prepare(
  index: PhraseIndex,
  text: string,
  settings: DetectionSettings,
  sourceDocument: number,
  walker: PhraseWalker,
  options: Pick<DetectOptions, 'cache' | 'pauseWhen'>,
): Generator<void, PreparedText> {
  const { cache, pauseWhen } = options;
  const tokens = tokenize(text, { placeholderPattern: settings.placeholderPattern });
  const ids = index.idsOf(tokens.keys);
  const analyses: SegmentAnalysis[] = [];
  const prefix = settingsKey(settings, sourceDocument);
  const query = { k: settings.k, maxN: settings.maxN, sourceDocument };
  let analyzed = 0;
  for (let s = 0; s + 1 < tokens.segmentStarts.length; s++) {
    const from = tokens.segmentStarts[s]!;
    const to = tokens.segmentStarts[s + 1]!;
    const key = cache === undefined ? '' : `${prefix}|${ids.subarray(from, to).join(',')}`;
    let analysis = cache?.getAnalysis(key);
    if (analysis === undefined) {
      const walk = cache?.takeWalk(key) ?? new SegmentWalk(ids, from, to, query);
      while (!walk.finished) {
        if (analyzed > 0 && pauseWhen?.() === true) {
          cache?.keepWalk(key, walk);
          return { text, tokens, ids, analyses, paused: { minimal: walk.minimal(), settled: walk.settled } };
        }
        walk.step(walker);
        analyzed++;
      }
      analysis = walk.result();
      cache?.setAnalysis(key, analysis);
      yield;
    }
    analyses.push(analysis);
  }
  return { text, tokens, ids, analyses };
}

/** Checks `text` against the collection. Throws SettingsError for unusable settings. */
export function detectLinkage(index: PhraseIndex, text: string, input: Partial<DetectionSettings>, options: DetectOptions = {}): DetectionResult {
  return runToEnd(detectionSteps(index, text, input, options));
}

/**
 * The same check as steps that yield during the combination search, for callers that
 * must stay responsive (see `combinationSearch`).
 */
export function* detectionSteps(
  index: PhraseIndex,
  text: string,
  input: Partial<DetectionSettings>,
  options: DetectOptions = {},
): Generator<void, DetectionResult> {
  const settings = resolveSettings(input);
  const sourceDocument = resolveSource(index, settings);
  const walker = index.walker();
  const prepared = yield* prepare(index, text, settings, sourceDocument, walker, options);
  const { tokens } = prepared;
  const segments = tokens.segmentStarts.length - 1;
  const checked = prepared.analyses.length;
  const partial =
    checked < segments
      ? {
          segmentsChecked: checked,
          uncheckedFrom: tokens.starts[tokens.segmentStarts[checked]! + (prepared.paused?.settled ?? 0)] ?? text.length,
        }
      : undefined;

  let ngrams = 0;
  let linkable = 0;
  const minimal: LinkableNgram[] = [];
  const candidateLocations: PhraseLocation[] = [];
  prepared.analyses.forEach((analysis, s) => {
    const offset = tokens.segmentStarts[s]!;
    ngrams += analysis.ngrams;
    linkable += analysis.linkable;
    for (const m of analysis.minimal) {
      minimal.push({ ...location(prepared, offset + m.tokenStart, m.tokenLength), df: m.df, documents: index.externalIds(m.documents) });
    }
    for (const c of analysis.candidates) candidateLocations.push(location(prepared, offset + c.tokenStart, c.tokenLength));
  });
  // What is settled in the segment a paused check stopped in.
  for (const m of prepared.paused?.minimal ?? []) {
    const offset = tokens.segmentStarts[checked]!;
    minimal.push({ ...location(prepared, offset + m.tokenStart, m.tokenLength), df: m.df, documents: index.externalIds(m.documents) });
  }

  let combinations: CombinationSpan[] = [];
  let counts: { linkablePairs?: number; minimalLinkableTriples?: number } = {};
  if (settings.arity >= 2 && options.singlesOnly !== true && partial === undefined) {
    // Without a memo from the caller, one for this check alone: the later occurrences of a
    // repeated phrase that cannot link are not searched again (the six demo judgments eight
    // times over: 12.1 → 8.9 s bundled; the 37,097-word text of 60 judgments: 2.2 → 1.65 s).
    // It reuses no witness, so the answer is the same as without a memo, however many
    // witnesses are wanted (WitnessFreeMemo; combinations.test.ts checks both).
    const memo = options.combinationMemo ?? new WitnessFreeMemo();
    const candidates = candidateLocations.map((c) => ({
      tokenStart: c.tokenStart,
      tokenLength: c.tokenLength,
      documents: candidatePostings(walker, prepared, c, options.cache),
      // Only a memo needs the key (candidatePostings builds its own for the cache).
      ...(memo !== undefined && { key: candidateKey(prepared, c) }),
    }));
    const query = {
      k: settings.k,
      arity: settings.arity as 2 | 3,
      sourceDocument,
      signal: options.signal,
      memo,
      forgetOthers: options.memoForgetsOthers,
      witnesses: options.witnessesPerSpan,
      onProgress: options.onCombinationProgress,
    };
    const flaggedCandidates = yield* combinationSearch(candidates, query);
    const witnessOf = (found: { members: readonly number[]; documents: Int32Array }): CombinationWitness => ({
      members: found.members.map((m) => candidateLocations[m]!),
      intersection: found.documents.length,
      documents: index.externalIds(found.documents),
    });
    combinations = flaggedCandidates.map((flagged) => ({
      ...candidateLocations[flagged.candidate]!,
      witness: witnessOf(flagged),
      ...(flagged.others !== undefined && { others: flagged.others.map(witnessOf) }),
    }));
    combinations.sort((a, b) => a.start - b.start);
    if (options.allCombinations === true) {
      const emit = (...members: number[]): void => options.onCombination?.(members.map((m) => candidateLocations[m]!));
      counts = enumerateCombinations(candidates, query, emit, emit);
    }
  }

  return {
    settings,
    summary: {
      tokens: tokens.count,
      segments: tokens.segmentStarts.length - 1,
      ngrams,
      linkable,
      minimal: minimal.length,
      candidates: candidateLocations.length,
      combinationSpans: combinations.length,
      ...counts,
    },
    minimal,
    combinations,
    candidates: candidateLocations,
    ...(partial !== undefined && { partial }),
  };
}

function candidateKey(prepared: PreparedText, candidate: PhraseLocation): string {
  return prepared.ids.subarray(candidate.tokenStart, candidate.tokenStart + candidate.tokenLength).join(',');
}

function candidatePostings(walker: PhraseWalker, prepared: PreparedText, candidate: PhraseLocation, cache: SegmentCache | undefined): Int32Array {
  const key = candidateKey(prepared, candidate);
  const cached = cache?.getPostings(key);
  if (cached !== undefined) return cached;
  const documents = phraseDocuments(walker, prepared.ids, candidate.tokenStart, candidate.tokenLength);
  cache?.setPostings(key, documents);
  return documents;
}
