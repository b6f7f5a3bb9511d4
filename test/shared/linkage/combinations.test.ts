import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WitnessFreeMemo, type CombinationMemo } from '../../../shared/linkage/combination-memo.js';
import { combinationSearch, findCombinationSpans, type CombinationCandidate } from '../../../shared/linkage/combinations.js';

/** |a ∩ b ∩ …| of ascending lists. */
function intersection(...lists: readonly Int32Array[]): number {
  const [first, ...rest] = lists;
  const sets = rest.map((l) => new Set(l));
  return Array.from(first!).filter((d) => sets.every((s) => s.has(d))).length;
}

/** The candidates that are the shortest member (by rank) of some minimal linkable pair or triple: every combination tried. */
function referenceFlagged(candidates: readonly CombinationCandidate[], k: number, source: number): number[] {
  const usable = candidates.map((_, i) => i).filter((i) => source < 0 || candidates[i]!.documents.includes(source));
  const rank = [...usable].sort((a, b) => candidates[a]!.tokenLength - candidates[b]!.tokenLength || candidates[a]!.tokenStart - candidates[b]!.tokenStart);
  const P = (i: number): Int32Array => candidates[i]!.documents;
  const links = (n: number): boolean => n >= 1 && n < k;
  const flagged: number[] = [];
  rank.forEach((x, position) => {
    const later = rank.slice(position + 1);
    let found = later.some((y) => links(intersection(P(x), P(y))));
    for (let i = 0; i < later.length && !found; i++) {
      for (let j = i + 1; j < later.length && !found; j++) {
        const [y, z] = [later[i]!, later[j]!];
        const pairsCommon = intersection(P(x), P(y)) >= k && intersection(P(x), P(z)) >= k && intersection(P(y), P(z)) >= k;
        found = pairsCommon && links(intersection(P(x), P(y), P(z)));
      }
    }
    if (found) flagged.push(x);
  });
  return flagged.sort((a, b) => a - b);
}

// Postings over up to 200 documents (several words of a bitset), phrases in most
// documents or few, and some phrases occurring more than once in the text with one shared
// postings array, as the index's postings cache hands them out.
const instanceArb = fc
  .record({
    phrases: fc.array(fc.record({ density: fc.constantFrom(0.05, 0.5, 0.9, 0.98), seed: fc.nat(), length: fc.integer({ min: 1, max: 4 }) }), {
      minLength: 2,
      maxLength: 9,
    }),
    universe: fc.integer({ min: 20, max: 200 }),
    occurrences: fc.array(fc.nat(), { minLength: 2, maxLength: 14 }),
    k: fc.integer({ min: 2, max: 3 }),
    useSource: fc.boolean(),
  })
  .map((s) => {
    const postings = s.phrases.map((p) => {
      let state = p.seed + 1;
      const documents: number[] = [];
      for (let d = 0; d < s.universe; d++) {
        state = (Math.imul(state, 1103515245) + 12345) >>> 0;
        if (state / 2 ** 32 < p.density) documents.push(d);
      }
      // Candidates are common phrases: at least k documents.
      for (let d = 0; documents.length < s.k; d++) if (!documents.includes(d)) documents.push(d);
      return Int32Array.from(documents.sort((a, b) => a - b));
    });
    let start = 0;
    const candidates: CombinationCandidate[] = s.occurrences.map((o) => {
      const phrase = o % postings.length;
      const candidate = { tokenStart: start, tokenLength: s.phrases[phrase]!.length, documents: postings[phrase]! };
      start += candidate.tokenLength + 1;
      return candidate;
    });
    return { candidates, k: s.k, source: s.useSource ? 0 : -1 };
  });

describe('findCombinationSpans', () => {
  it('flags exactly the candidates a search over every pair and triple flags, with valid witnesses, shared postings arrays or not', () => {
    let flaggedAny = 0;
    fc.assert(
      fc.property(instanceArb, ({ candidates, k, source }) => {
        const query = { k, arity: 3 as const, sourceDocument: source };
        const found = findCombinationSpans(candidates, query);
        const expected = referenceFlagged(candidates, k, source);
        expect(found.map((f) => f.candidate).sort((a, b) => a - b)).toEqual(expected);
        if (expected.length > 0) flaggedAny++;
        for (const f of found) {
          const lists = f.members.map((m) => candidates[m]!.documents);
          const together = intersection(...lists);
          expect(together).toBeGreaterThanOrEqual(1);
          expect(together).toBeLessThan(k);
          expect(f.documents.length).toBe(together);
          expect(f.members).toContain(f.candidate);
          // Minimal: every pair inside a triple keeps k documents.
          if (lists.length === 3)
            for (const [a, b] of [
              [0, 1],
              [0, 2],
              [1, 2],
            ] as const)
              expect(intersection(lists[a]!, lists[b]!)).toBeGreaterThanOrEqual(k);
        }
        // The same text with every occurrence's postings copied: the same answer.
        const copied = candidates.map((c) => ({ ...c, documents: Int32Array.from(c.documents) }));
        expect(findCombinationSpans(copied, query)).toEqual(found);
        // Through the memo a check keeps for itself (phrases repeat here): the same answer, witnesses included.
        const keyed = candidates.map((c) => ({ ...c, key: Array.from(c.documents).join(',') }));
        expect(findCombinationSpans(keyed, { ...query, memo: new WitnessFreeMemo() })).toEqual(found);
        // And with more than one witness wanted (detect.ts keeps this memo then too).
        const several = { ...query, witnesses: 3 };
        const severalFound = findCombinationSpans(candidates, several);
        expect(findCombinationSpans(keyed, { ...several, memo: new WitnessFreeMemo() })).toEqual(severalFound);
        // Shared arrays let the triple search skip a phrase's later occurrences only for the last witness wanted.
        expect(findCombinationSpans(copied, several)).toEqual(severalFound);
      }),
      { numRuns: 400 },
    );
    expect(flaggedAny).toBeGreaterThan(40);
  });
});

describe('WitnessFreeMemo, the memo a check keeps for itself', () => {
  it('gives a repeated phrase the witness a search without a memo gives, not the one its first occurrence found', () => {
    const at = (tokenStart: number, key: string, ...documents: number[]): CombinationCandidate => ({
      tokenStart,
      tokenLength: 1,
      documents: Int32Array.from(documents),
      key,
    });
    // x links with y and with z; its first occurrence finds y first, its second finds z first.
    const candidates = [at(0, 'x', 0, 1, 2), at(1, 'y', 0, 5, 6), at(2, 'x', 0, 1, 2), at(3, 'z', 1, 7, 8), at(4, 'y', 0, 5, 6)];
    const query = { k: 2, arity: 3 as const, sourceDocument: -1 };
    const plain = findCombinationSpans(candidates, query);
    expect(plain.find((f) => f.candidate === 2)?.members).toEqual([2, 3]);
    expect(findCombinationSpans(candidates, { ...query, memo: new WitnessFreeMemo() })).toEqual(plain);
    // A memo that keeps witnesses reuses the first occurrence's (y): valid, but another answer.
    expect(findCombinationSpans(candidates, { ...query, memo: new Map() }).find((f) => f.candidate === 2)?.members).toEqual([2, 4]);
  });
});

// A long text's re-check asked one candidate about millions of pairs of fresh partners,
// and the worker answered nothing else for up to 20 s: that search pauses too.
describe('combinationSearch with a memo, for one candidate with many fresh partners', () => {
  const tenDocuments = (...left: number[]): Int32Array => Int32Array.from({ length: 10 }, (_, d) => d).filter((d) => !left.includes(d));
  // x first by rank; 400 partners, each held by all but one of ten documents, so that no
  // pair or triple with x links; then one triple that does, ranked last.
  const x: CombinationCandidate = { tokenStart: 0, tokenLength: 1, documents: tenDocuments(0), key: 'x' };
  const fillers = Array.from({ length: 400 }, (_, i): CombinationCandidate => ({
    tokenStart: 2 + i,
    tokenLength: 2,
    documents: tenDocuments(i % 10),
    key: `filler ${i}`,
  }));
  const last = [
    { tokenStart: 500, tokenLength: 2, documents: Int32Array.of(0, 1, 5, 6), key: 'a' },
    { tokenStart: 501, tokenLength: 2, documents: Int32Array.of(0, 1, 7, 8), key: 'b' },
  ];
  const candidates = [x, ...fillers, ...last];

  it('pauses within that candidate, and finds what a search without a memo finds', () => {
    const memo: CombinationMemo = new Map();
    const query = { k: 2, arity: 3 as const, sourceDocument: -1, memo };
    // The earlier version of the text held x alone: every other candidate is fresh now.
    findCombinationSpans([x], query);
    const steps = combinationSearch(candidates, query);
    let pauses = 0;
    let next = steps.next();
    for (; next.done !== true; next = steps.next()) pauses++;
    expect(pauses).toBeGreaterThan(candidates.length);
    const withoutMemo = findCombinationSpans(candidates, { k: 2, arity: 3, sourceDocument: -1 });
    expect(next.value).toEqual(withoutMemo);
    expect(next.value.find((f) => f.candidate === 0)?.members).toEqual([0, 401, 402]);
  });

  it("keeps only the last search's candidates when asked to, and finds the same either way", () => {
    const kept: CombinationMemo = new Map();
    const forgetting: CombinationMemo = new Map();
    const query = { k: 2, arity: 3 as const, sourceDocument: -1 };
    // Two versions of a text: the second has lost the fillers.
    findCombinationSpans(candidates, { ...query, memo: kept });
    findCombinationSpans(candidates, { ...query, memo: forgetting, forgetOthers: true });
    expect([...forgetting.keys()].sort()).toEqual(candidates.map((c) => c.key!).sort());
    const shorter = [x, ...last];
    const keeping = findCombinationSpans(shorter, { ...query, memo: kept });
    const forgot = findCombinationSpans(shorter, { ...query, memo: forgetting, forgetOthers: true });
    expect(forgot).toEqual(keeping);
    expect(forgot).toEqual(findCombinationSpans(shorter, query));
    expect(kept.size).toBe(candidates.length);
    expect([...forgetting.keys()].sort()).toEqual(['a', 'b', 'x']);
  });
});

// A phrase in all documents but one, with a hundred partners in that one: pairs of common
// partners are skipped by a bound before any count (combination-triples.ts); the one
// pair whose triple keeps a single document must still be found.
describe('findCombinationSpans for a candidate in all documents but one, with many partners', () => {
  it('flags exactly what a search over every triple flags, the tightest witness included', () => {
    const all = (...except: number[]): Int32Array => Int32Array.from({ length: 10 }, (_, d) => d).filter((d) => !except.includes(d));
    const x: CombinationCandidate = { tokenStart: 0, tokenLength: 1, documents: all(0) };
    const fillers = Array.from({ length: 100 }, (_, i): CombinationCandidate => ({ tokenStart: 2 + i, tokenLength: 2, documents: all(1 + (i % 9)) }));
    // With z, |P(x) ∩ P(y)| + |P(x) ∩ P(z)| − |P(x)| = 8 + 2 − 9 = 1 for y and for every filler: the
    // bound allows those pairs, and each triple keeps one document.
    const y = { tokenStart: 200, tokenLength: 2, documents: all(9) };
    const z = { tokenStart: 201, tokenLength: 2, documents: Int32Array.of(0, 1, 9) };
    const candidates = [x, ...fillers, y, z];
    const found = findCombinationSpans(candidates, { k: 2, arity: 3, sourceDocument: -1 });
    expect(found.map((f) => f.candidate).sort((a, b) => a - b)).toEqual(referenceFlagged(candidates, 2, -1));
    // x's witnesses all hold z, whose triples with x keep one document; every partner pair without z is skipped.
    expect(found.find((f) => f.candidate === 0)?.members).toContain(102);
  });
});
