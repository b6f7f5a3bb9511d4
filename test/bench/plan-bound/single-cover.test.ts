/**
 * The single-cover study on random collections, against the brute-force reference and
 * every subset of a short text's words (k = 2, a source given, arity ≤ 3):
 * - every clean plan keeps its tiles in one other document, or keeps tiles every two of
 *   which share two documents besides the source (the argument of single-cover.ts);
 * - the best single-cover plan is the fewest words among clean plans of the first kind,
 *   and it detects clean;
 * - the sufficient rule for the second kind (spread-rule.ts) only ever plans clean texts;
 * - the lower bound on the second kind (spread-bound.ts) is never above its fewest words.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { singleCoverOptimum } from '../../../bench/plan-bound/single-cover.js';
import { spreadLowerBound } from '../../../bench/plan-bound/spread-bound.js';
import { documentsNeeded, spreadRulePlan } from '../../../bench/plan-bound/spread-rule.js';
import { buildMemoryIndex } from '../../../electron/index-store/memory-index.js';
import { applyPlan } from '../../../shared/linkage/plan/lazy-constraints.js';
import { REDACTED } from '../../../shared/review/redaction.js';
import { DEFAULT_PLACEHOLDER_PATTERN } from '../../../shared/tokenizer/placeholders.js';
import { tokenize, type TokenizedText } from '../../../shared/tokenizer/tokenize.js';
import { randomText } from '../../helpers/random-texts.js';
import { referenceDetect, type ReferenceDocument } from '../../reference/brute-force.js';

const WORDS = ['a', 'b', 'c', 'the', 'court'];

/** Random texts: phrases repeat across documents. */
const scenarioArb = fc.record({
  texts: fc.array(randomText(WORDS, 8), { minLength: 4, maxLength: 8 }),
  query: randomText(WORDS, 2),
  sourceAt: fc.nat(),
  maxN: fc.constantFrom(2, 3, 8),
});

/**
 * One-word sentences: each document holds a random set of the source's words, so that
 * words can be spread over documents with none holding them all.
 */
const SENTENCE_WORDS = ['v', 'w', 'x', 'y', 'z'];
const wordSetsArb = fc.record({
  sets: fc.array(fc.subarray(SENTENCE_WORDS, { minLength: 2, maxLength: 4 }), { minLength: 4, maxLength: 10 }),
  sourceWords: fc.subarray(SENTENCE_WORDS, { minLength: 4 }),
});

/** The collection of a wordSetsArb case (each word a sentence), its source, and the source's text as the text to plan. */
function wordSetsCase(sets: readonly (readonly string[])[], sourceWords: readonly string[]): [ReferenceDocument[], ReferenceDocument, string] {
  const sentences = (words: readonly string[]): string => words.map((w) => `${w}.`).join(' ');
  const source = { id: 'source', text: sentences(sourceWords) };
  return [[source, ...sets.map((set, i) => ({ id: `doc-${i}`, text: sentences(set) }))], source, source.text];
}

/** Each run of chosen words, one placeholder, as the edit plan applies it. */
const applied = (text: string, tokens: TokenizedText, chosen: readonly number[]): string =>
  applyPlan(text, tokens, chosen, DEFAULT_PLACEHOLDER_PATTERN, REDACTED);

/** Ids of the documents holding a phrase (within one of their segments). */
function holders(documents: readonly ReferenceDocument[], keys: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const document of documents) {
    const tokens = tokenize(document.text);
    for (let s = 0; s + 1 < tokens.segmentStarts.length && !out.has(document.id); s++) {
      for (let i = tokens.segmentStarts[s]!; i + keys.length <= tokens.segmentStarts[s + 1]!; i++) {
        if (keys.every((key, j) => tokens.keys[i + j] === key)) {
          out.add(document.id);
          break;
        }
      }
    }
  }
  return out;
}

/** What one scenario showed: the clean plans of each kind, checked as they are found. */
interface Checked {
  readonly spread: number;
  /** True when the spread bound is the fewest words of a clean spread plan, and that is not zero. */
  readonly boundReached: boolean;
}

/**
 * Tries every subset of the text's words: a clean plan that keeps no one cover must keep
 * tiles every two of which share two documents besides the source, and the fewest words
 * among clean plans keeping one cover must be what singleCoverOptimum finds.
 */
function check(documents: readonly ReferenceDocument[], source: ReferenceDocument, text: string, maxN: number): Checked {
  const tokens = tokenize(text);
  const others = documents.filter((d) => d !== source).map((d) => d.id);
  const index = buildMemoryIndex(documents, { documentsPerShard: 2 });
  const settings = { k: 2, maxN, sourceId: source.id };
  const clean = (redacted: string): boolean => {
    const result = referenceDetect(documents, redacted, { ...settings, arity: 3 });
    return result.minimal.length === 0 && result.combinationSpans.length === 0;
  };
  let spread = 0;
  let fewestCovered = Infinity;
  let fewestSpread = Infinity;
  for (let mask = 0; mask < 1 << tokens.count; mask++) {
    const chosen = [...Array(tokens.count).keys()].filter((t) => (mask & (1 << t)) !== 0);
    const redacted = applied(text, tokens, chosen);
    if (!clean(redacted)) continue;
    // The kept tiles the source holds, by key sequence, and who holds each.
    const tiles = new Map<string, Set<string>>();
    for (const tile of referenceDetect(documents, redacted, { ...settings, arity: 1 }).candidates) {
      const keys = tokenize(redacted.slice(tile.start, tile.end)).keys;
      const held = holders(documents, keys);
      if (held.has(source.id)) tiles.set(keys.join(' '), held);
    }
    const sets = [...tiles.values()];
    if (others.some((id) => sets.every((held) => held.has(id)))) fewestCovered = Math.min(fewestCovered, chosen.length);
    else {
      spread++;
      fewestSpread = Math.min(fewestSpread, chosen.length);
      for (let x = 0; x < sets.length; x++) {
        for (let y = x + 1; y < sets.length; y++) expect(others.filter((id) => sets[x]!.has(id) && sets[y]!.has(id)).length).toBeGreaterThanOrEqual(2);
      }
    }
  }
  const optimum = singleCoverOptimum(index, tokens, index.documentNumberOf(source.id)!, maxN)!;
  expect(optimum.tokens.length).toBe(fewestCovered);
  expect(clean(applied(text, tokens, optimum.tokens))).toBe(true);
  const bound = spreadLowerBound(index, tokens, index.documentNumberOf(source.id)!, maxN)!;
  expect(bound.tokens).toBeLessThanOrEqual(fewestSpread);
  return { spread, boundReached: bound.tokens === fewestSpread && fewestSpread > 0 };
}

/** Every three of w, x, y, z are held by two documents; no document holds all four. */
function fourWordsSpread(): ReferenceDocument[] {
  const triples = ['w. x. y.', 'w. x. z.', 'w. y. z.', 'x. y. z.'];
  return [{ id: 'source', text: 'w. x. y. z.' }, ...triples.flatMap((text, i) => [0, 1].map((copy) => ({ id: `doc-${i}-${copy}`, text })))];
}

describe('the single-cover study', () => {
  it('on random texts: the fewest words among plans keeping one cover, and no other clean plan but spread ones', () => {
    let checked = 0;
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const documents = s.texts.map((text, i) => ({ id: `doc-${i}`, text }));
        const source = documents[s.sourceAt % documents.length]!;
        const text = `${source.text.split(/\s+/u).slice(0, 7).join(' ')} ${s.query}`;
        if (tokenize(text).count > 9) return;
        check(documents, source, text, s.maxN);
        checked++;
      }),
      { numRuns: 150 },
    );
    // The property must have had cases to check.
    expect(checked).toBeGreaterThan(100);
  });

  it('on words spread over documents: the same, with clean plans that keep no one cover', () => {
    let spread = 0;
    fc.assert(
      fc.property(wordSetsArb, (s) => {
        spread += check(...wordSetsCase(s.sets, s.sourceWords), 8).spread;
      }),
      { numRuns: 300 },
    );
    // Spread plans must have been seen (from 17 to 44 of them in 300 runs here).
    expect(spread).toBeGreaterThan(0);
  });

  it('the spread bound meets the fewest words of a clean spread plan where that changes words (a bound of 0 everywhere fails)', () => {
    // Found by the property above, which meets such a case in 0 to 6 of its 300 runs: too
    // seldom to ask of every run, so this one is kept.
    const sets = [
      ['w', 'x', 'y'],
      ['w', 'x'],
      ['w', 'y', 'z'],
      ['v', 'x', 'y', 'z'],
      ['w', 'x', 'z'],
      ['v', 'x', 'y', 'z'],
    ];
    expect(check(...wordSetsCase(sets, ['v', 'w', 'x', 'y', 'z']), 8).boundReached).toBe(true);
  });

  it('is a bound for single-cover plans only: four words, each three held by two documents, need no change', () => {
    const documents = fourWordsSpread();
    const source = documents[0]!;
    const after = referenceDetect(documents, source.text, { k: 2, maxN: 8, arity: 3, sourceId: source.id });
    expect(after.minimal).toEqual([]);
    expect(after.combinationSpans).toEqual([]);
    const index = buildMemoryIndex(documents);
    const optimum = singleCoverOptimum(index, tokenize(source.text), index.documentNumberOf(source.id)!, 8)!;
    // Any one cover lacks one of the four words.
    expect(optimum.tokens).toHaveLength(1);
    expect(check(documents, source, source.text, 8).spread).toBeGreaterThan(0);
  });
});

describe('the spread rule', () => {
  it('asks enough documents that any three kept tiles share one: m − t of m, 3t < m', () => {
    expect([1, 4, 5, 7, 10].map(documentsNeeded)).toEqual([1, 3, 4, 5, 7]);
  });

  it('plans only texts that detect clean by the brute-force reference', () => {
    let planned = 0;
    fc.assert(
      fc.property(wordSetsArb, fc.constantFrom(4, 7), (s, m) => {
        const sentences = (words: readonly string[]): string => words.map((w) => `${w}.`).join(' ');
        const source = { id: 'source', text: sentences(s.sourceWords) };
        const documents = [source, ...s.sets.map((set, i) => ({ id: `doc-${i}`, text: sentences(set) }))];
        const index = buildMemoryIndex(documents);
        const tokens = tokenize(source.text);
        const plan = spreadRulePlan(index, tokens, index.documentNumberOf(source.id)!, 8, m, documents.length);
        if (plan === undefined) return;
        planned++;
        expect(new Set(plan.documents).size).toBe(m);
        expect(plan.documents).not.toContain(index.documentNumberOf(source.id));
        const after = referenceDetect(documents, applied(source.text, tokens, plan.tokens), { k: 2, maxN: 8, arity: 3, sourceId: source.id });
        expect(after.minimal).toEqual([]);
        expect(after.combinationSpans).toEqual([]);
      }),
      { numRuns: 200 },
    );
    expect(planned).toBeGreaterThan(50);
  });

  it('keeps words spread over documents that no single cover keeps', () => {
    const documents = fourWordsSpread();
    const index = buildMemoryIndex(documents);
    const plan = spreadRulePlan(index, tokenize(documents[0]!.text), index.documentNumberOf('source')!, 8, 4, 8)!;
    expect(plan.tokens).toEqual([]);
  });
});
