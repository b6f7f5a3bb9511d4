import { describe, expect, it } from 'vitest';
import { bm25Scores, queryTerms } from '../../../electron/search/bm25.js';
import { redactionCurve, redactionSteps } from '../../../electron/evaluation/search/redaction-curve.js';
import { bm25Ranker } from '../../../electron/evaluation/search/rankers.js';
import { sourceRank } from '../../../electron/search/source-rank.js';
import { TermStatistics } from '../../../electron/search/term-statistics.js';
import { buildMemoryIndex } from '../../../electron/index-store/memory-index.js';
import { DEFAULT_PLACEHOLDER_PATTERN } from '../../../shared/tokenizer/placeholders.js';
import { tokenize } from '../../../shared/tokenizer/tokenize.js';

// N = 3, lengths 3, 2, 4 (avgdl 3); df(apple) = 1, df(cherry) = 2, df(date) = 1.
const documents = [
  { id: 'd1', text: 'apple banana apple' },
  { id: 'd2', text: 'banana cherry' },
  { id: 'd3', text: 'cherry date. elder fig' },
  { id: 'gone', text: 'apple apple apple cherry date' },
];
const index = buildMemoryIndex(documents, { removed: new Set(['gone']), documentsPerShard: 2 });
const statistics = TermStatistics.fromIndex(index);

function scoresOf(query: string): Record<string, number> {
  const scores = bm25Scores(statistics, queryTerms(index, query));
  return Object.fromEntries(statistics.documentIds.map((id, d) => [id, scores[d]!]));
}

describe('term statistics', () => {
  it('counts live documents only, with their lengths in tokens', () => {
    expect([...statistics.documentIds].sort()).toEqual(['d1', 'd2', 'd3']);
    expect(statistics.averageLength).toBe(3);
    const [apple, cherry, unknown] = index.idsOf(['apple', 'cherry', 'zebra']);
    expect(statistics.documentFrequency(apple!)).toBe(1);
    expect(statistics.documentFrequency(cherry!)).toBe(2);
    expect(statistics.documentFrequency(unknown!)).toBe(0);
  });
});

describe('BM25 (k1 = 1.2, b = 0.75)', () => {
  it('scores a toy collection as computed by hand', () => {
    // idf(apple) = ln(1 + 2.5/1.5) = 0.980829; idf(cherry) = ln(1 + 1.5/2.5) = 0.470004.
    // d1: apple tf 2, K = 1.2·(0.25 + 0.75·3/3) = 1.2 → 0.980829 · 2·2.2/3.2 = 1.348640
    // d2: cherry tf 1, K = 0.9 → 0.470004 · 2.2/1.9 = 0.544215
    // d3: cherry tf 1, K = 1.5 → 0.470004 · 2.2/2.5 = 0.413604
    const scores = scoresOf('Apple, cherry!');
    expect(scores.d1).toBeCloseTo(1.34864, 5);
    expect(scores.d2).toBeCloseTo(0.544215, 5);
    expect(scores.d3).toBeCloseTo(0.413604, 5);
  });

  it('weighs a repeated query word by its count, and ignores placeholders and unknown words', () => {
    // d3: 2·0.470004·0.88 + 0.980829·0.88 = 1.690336; d2: 2·0.470004·2.2/1.9 = 1.088431; d1: 0.
    const scores = scoresOf('cherry [REDACTED] cherry date zebra');
    expect(scores.d3).toBeCloseTo(1.690336, 5);
    expect(scores.d2).toBeCloseTo(1.088431, 5);
    expect(scores.d1).toBe(0);
  });

  it('ranks the source with its margin over the best other document', async () => {
    const ranker = bm25Ranker(index, statistics, DEFAULT_PLACEHOLDER_PATTERN);
    const [forD3] = await ranker.rankAll(['cherry cherry date'], 'd3');
    const [forD1] = await ranker.rankAll(['cherry cherry date'], 'd1');
    expect(forD3).toMatchObject({ rank: 1 });
    expect(forD3!.margin).toBeCloseTo(1.690336 - 1.088431, 5);
    expect(forD1).toMatchObject({ rank: 3, score: 0 });
  });
});

describe('source rank', () => {
  it('counts ties against the source', () => {
    expect(sourceRank([2, 1, 0], 0)).toEqual({ rank: 1, score: 2, bestOther: 1, margin: 1 });
    expect(sourceRank([1, 1, 0], 0)).toMatchObject({ rank: 2, margin: 0 });
    expect(sourceRank([0, 0, 0], 1)).toMatchObject({ rank: 3 });
    expect(sourceRank([0.5, 3, 1], 0)).toMatchObject({ rank: 3, margin: -2.5 });
  });
});

describe('redaction steps (Figure 3)', () => {
  const text = 'one two three four five six seven eight nine ten, [PERSON] eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty';

  it('redacts a growing, nested share of the words in a seeded order', () => {
    const steps = redactionSteps(text, 7);
    expect(steps).toHaveLength(21);
    expect(steps.map((s) => s.redactedWords)).toEqual(Array.from({ length: 21 }, (_, s) => s));
    const redacted = steps.map((s) => new Set(tokenize(text).keys.filter((key) => !tokenize(s.text).keys.includes(key))));
    for (let s = 1; s < steps.length; s++) for (const word of redacted[s - 1]!) expect(redacted[s]!.has(word)).toBe(true);
    expect(steps[20]!.text).toBe(`${'[REDACTED] '.repeat(9)}[REDACTED], [PERSON] ${'[REDACTED] '.repeat(9)}[REDACTED]`);
    expect(redactionSteps(text, 7)).toEqual(steps);
    expect(redactionSteps(text, 8)[5]!.text).not.toBe(steps[5]!.text);
  });

  it('ranks the source at every step', async () => {
    const ranks = await redactionCurve(text, (texts) => Promise.resolve(texts.map((_, i) => ({ rank: i + 1, score: 0, bestOther: 0, margin: 0 }))), {
      seed: 1,
      steps: 4,
    });
    expect(ranks.map((r) => [r.share, r.redactedWords, r.rank])).toEqual([
      [0, 0, 1],
      [0.25, 5, 2],
      [0.5, 10, 3],
      [0.75, 15, 4],
      [1, 20, 5],
    ]);
  });
});
