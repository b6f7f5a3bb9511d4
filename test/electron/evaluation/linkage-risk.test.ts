import { describe, expect, it } from 'vitest';
import { buildMemoryIndex } from '../../../electron/index-store/memory-index.js';
import { KeySequenceFinder } from '../../../electron/evaluation/metrics/key-sequences.js';
import { aggregateShares, documentLinkage, spansToRephrase } from '../../../electron/evaluation/metrics/linkage-risk.js';
import { detectLinkage } from '../../../shared/linkage/detect.js';
import { tokenize } from '../../../shared/tokenizer/tokenize.js';

// Source A. "omega" is in A alone (a minimal linkable N-gram). "alpha beta" (A, B) and
// "gamma delta" (A, C) are common at k=2, but together only A holds them: a linkable
// combination whose span to rephrase is "Alpha beta" (the leftmost shortest member).
// "zeta eta" (A, B) with "gamma delta" is another, which d′ does not contain.
const index = buildMemoryIndex([
  { id: 'A', text: 'Alpha beta. Gamma delta omega. Kappa. Zeta eta.' },
  { id: 'B', text: 'Alpha beta. Epsilon. Zeta eta.' },
  { id: 'C', text: 'Gamma delta. Epsilon.' },
]);
const released = 'Alpha beta. Gamma delta omega.';

function spansOf(text: string) {
  return spansToRephrase(detectLinkage(index, text, { k: 2, arity: 3, sourceId: 'A' }), tokenize(text));
}

describe('spans to rephrase', () => {
  it('are the minimal linkable N-grams (arity 1) and the spans from combinations', () => {
    expect(spansOf(released)).toEqual({ minimal: ['omega'], combinations: ['alpha beta'], witnesses: [['alpha beta', 'gamma delta']] });
  });
});

describe('linkage risk of one rewrite', () => {
  const risk = (rewrite: string) => documentLinkage(spansOf(released), tokenize(released), tokenize(rewrite), spansOf(rewrite));

  it('counts a span from a combination on its own, even when its partner is gone', () => {
    // The comma breaks "gamma delta", so that combination no longer links; "alpha beta" is still there.
    const result = risk('Alpha beta. Gamma, delta.');
    expect(result.arity1).toEqual({ spans: 1, present: 0 });
    expect(result.arity3).toEqual({ spans: 2, present: 1 });
    // "Gamma" and "delta" are now flagged, each with "Alpha beta": all three occur in d′, so nothing is new.
    expect(result.newlyLinkable).toEqual({ arity1: 0, arity3: 0 });
  });

  it('reports a linkable N-gram the rewrite brings in', () => {
    const result = risk('Alpha beta kappa. [REDACTED] gamma.');
    expect(result.arity3).toEqual({ spans: 2, present: 1 });
    expect(result.newlyLinkable).toEqual({ arity1: 1, arity3: 1 });
  });

  it('reports a linkable combination the rewrite brings in', () => {
    const result = risk('Gamma delta. Zeta eta.');
    expect(result.arity3).toEqual({ spans: 2, present: 0 });
    expect(result.newlyLinkable).toEqual({ arity1: 0, arity3: 1 });
  });

  it('is 1 for the released text itself, with nothing new', () => {
    expect(risk(released)).toEqual({ arity1: { spans: 1, present: 1 }, arity3: { spans: 2, present: 2 }, newlyLinkable: { arity1: 0, arity3: 0 } });
  });

  it('counts every occurrence of a span in d′, present when its key sequence is anywhere', () => {
    const spans = { minimal: ['omega', 'omega', 'zeta'], combinations: [], witnesses: [] };
    const none = { minimal: [], combinations: [], witnesses: [] };
    expect(documentLinkage(spans, tokenize('omega omega zeta'), tokenize('Far away: OMEGA.'), none).arity1).toEqual({ spans: 3, present: 2 });
  });
});

describe('pooled and mean shares', () => {
  it('pools spans over documents, averages shares over documents that have spans', () => {
    // Pooled: 1 of 6 spans. Mean: (1/2 + 0/4) / 2 documents; the document without spans does not count.
    const total = aggregateShares([
      { spans: 2, present: 1 },
      { spans: 4, present: 0 },
      { spans: 0, present: 0 },
    ]);
    expect(total).toEqual({ documents: 2, spans: 6, present: 1, pooled: 1 / 6, mean: 0.25 });
  });

  it('is null, not 0, when no document had a span', () => {
    expect(aggregateShares([{ spans: 0, present: 0 }])).toMatchObject({ pooled: null, mean: null, documents: 0 });
  });
});

describe('a key sequence is present only inside one segment', () => {
  const finder = (text: string) => new KeySequenceFinder(tokenize(text));
  it.each([
    ['Alpha  BETA gamma', true],
    ['alpha\nbeta', true],
    ['alpha. beta', false],
    ['alpha\n\nbeta', false],
    ['alpha [REDACTED] beta', false],
    ['beta alpha', false],
    ['x alpha', false],
  ])('%j', (text, expected) => {
    expect(finder(text).contains('alpha beta')).toBe(expected);
  });
});
