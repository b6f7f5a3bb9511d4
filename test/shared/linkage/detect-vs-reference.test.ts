import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CombinationMemo } from '../../../shared/linkage/combination-memo.js';
import { detectLinkage, SegmentCache } from '../../../shared/linkage/detect.js';
import { buildMemoryIndex } from '../../../electron/index-store/memory-index.js';
import { tokenize } from '../../../shared/tokenizer/tokenize.js';
import { referenceDetect, type ReferenceDocument } from '../../reference/brute-force.js';

const WORDS = ['a', 'b', 'c', 'd', 'the', 'Court', 'court', 'F-type'];
const GAPS = [' ', ' ', ' ', ' ', ', ', '. ', '\n', '\n\n', ' [REDACTED] '];

const textArb = (maxTokens: number) =>
  fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...GAPS)), { maxLength: maxTokens }).map((parts) => parts.map(([w, g]) => w + g).join(''));

const scenarioArb = fc
  .record({
    texts: fc.array(textArb(25), { minLength: 1, maxLength: 7 }),
    query: textArb(30),
    copyFrom: fc.nat(),
    k: fc.integer({ min: 2, max: 4 }),
    maxN: fc.constantFrom(0, 1, 2, 3, 8),
    arity: fc.constantFrom(1 as const, 2 as const, 3 as const),
    useSource: fc.boolean(),
    sourcePick: fc.nat(),
    perShard: fc.integer({ min: 1, max: 8 }),
    removedMask: fc.nat({ max: 255 }),
  })
  .map((s) => {
    const documents: ReferenceDocument[] = s.texts.map((text, i) => ({ id: `doc-${i}`, text }));
    // Mix a copied document into the query so that long shared phrases occur.
    const copied = documents[s.copyFrom % documents.length]!.text;
    const removed = new Set(documents.filter((_, i) => (s.removedMask >> i) & 1).map((d) => d.id));
    const live = documents.filter((d) => !removed.has(d.id));
    const source = s.useSource && live.length > 0 ? live[s.sourcePick % live.length]!.id : undefined;
    return { ...s, documents, live, removed, source, query: `${copied} ${s.query}` };
  });

describe('detection agrees with the brute-force reference', () => {
  it('on random small collections, shard layouts and removals', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const index = buildMemoryIndex(s.documents, { documentsPerShard: s.perShard, removed: s.removed });
        const settings = { k: s.k, maxN: s.maxN, arity: s.arity, sourceId: s.source };
        const expected = referenceDetect(s.live, s.query, settings);
        const actual = detectLinkage(index, s.query, settings, { allCombinations: true });
        expect(actual.summary.ngrams).toBe(expected.ngrams);
        expect(actual.summary.linkable).toBe(expected.linkable);
        expect(actual.minimal.map((m) => ({ start: m.start, end: m.end, df: m.df, documents: m.documents }))).toEqual(expected.minimal);
        expect(actual.candidates.map((c) => ({ start: c.start, end: c.end }))).toEqual(expected.candidates);
        if (s.arity >= 2) {
          expect(actual.combinations.map((c) => ({ start: c.start, end: c.end }))).toEqual(expected.combinationSpans);
          expect(actual.summary.linkablePairs).toBe(expected.linkablePairs);
          expect(actual.summary.minimalLinkableTriples).toBe(s.arity === 3 ? expected.minimalLinkableTriples : 0);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same answer through the segment cache', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const index = buildMemoryIndex(s.documents);
        const settings = { k: s.k, maxN: s.maxN, arity: s.arity };
        const cache = new SegmentCache();
        const first = detectLinkage(index, s.query, settings, { cache });
        const second = detectLinkage(index, s.query, settings, { cache });
        const fresh = detectLinkage(index, s.query, settings);
        expect(second).toEqual(fresh);
        expect(first).toEqual(fresh);
      }),
      { numRuns: 100 },
    );
  });
});

describe('a check that pauses (DetectOptions.pauseWhen)', () => {
  it('shows only settled findings, goes on from where it paused, and ends with the unpaused answer', () => {
    let pausedInsideSegment = 0;
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 1, max: 4 }), (s, everyNth) => {
        const index = buildMemoryIndex(s.documents, { documentsPerShard: s.perShard, removed: s.removed });
        const settings = { k: s.k, maxN: s.maxN, arity: s.arity, sourceId: s.source };
        const whole = detectLinkage(index, s.query, settings);
        const wholeSpans = new Set(whole.minimal.map((m) => `${m.start}:${m.end}:${m.df}:${m.documents.join(',')}`));
        const cache = new SegmentCache();
        // Pauses at every n-th position the check asks about: inside segments as well as between them.
        let asked = 0;
        const pauseWhen = (): boolean => ++asked % everyNth === 0;
        const tokens = tokenize(s.query, {});
        const segmentStartOffsets = new Set(Array.from(tokens.segmentStarts, (t) => tokens.starts[t] ?? s.query.length));
        let uncheckedFrom = 0;
        for (let call = 0; ; call++) {
          expect(call).toBeLessThanOrEqual(whole.summary.tokens + 1);
          const answer = detectLinkage(index, s.query, settings, { cache, pauseWhen });
          if (answer.partial === undefined) {
            // The same answer as the check that never paused, combinations included.
            expect(answer).toEqual(whole);
            break;
          }
          expect(answer.combinations).toEqual([]);
          expect(answer.summary.segments).toBe(whole.summary.segments);
          expect(answer.partial.uncheckedFrom).toBeGreaterThanOrEqual(uncheckedFrom);
          uncheckedFrom = answer.partial.uncheckedFrom;
          if (!segmentStartOffsets.has(uncheckedFrom)) pausedInsideSegment++;
          // Every finding shown is final: one of the whole check's, starting before the unchecked text.
          for (const m of answer.minimal) {
            expect(wholeSpans.has(`${m.start}:${m.end}:${m.df}:${m.documents.join(',')}`)).toBe(true);
            expect(m.start).toBeLessThan(uncheckedFrom);
          }
          // ...and none of them is missing before the unchecked text.
          expect(answer.minimal.length).toBe(whole.minimal.filter((m) => m.start < uncheckedFrom).length);
        }
      }),
      { numRuns: 300 },
    );
    expect(pausedInsideSegment).toBeGreaterThan(0);
  });

  it('goes on exactly after the text was edited between parts (segments left part-way, moved or gone)', () => {
    fc.assert(
      fc.property(scenarioArb, textArb(12), fc.nat(), fc.integer({ min: 1, max: 6 }), (s, inserted, at, partsBefore) => {
        const index = buildMemoryIndex(s.documents, { documentsPerShard: s.perShard, removed: s.removed });
        const settings = { k: s.k, maxN: s.maxN, arity: s.arity, sourceId: s.source };
        const cache = new SegmentCache();
        let asked = 0;
        const pauseWhen = (): boolean => ++asked % 2 === 0;
        for (let part = 0; part < partsBefore; part++) detectLinkage(index, s.query, settings, { cache, pauseWhen });
        // The clerk types: new text goes in somewhere, so the segments left part-way now stand elsewhere (or no longer exist).
        const cut = at % (s.query.length + 1);
        const edited = `${s.query.slice(0, cut)}${inserted}\n\n${s.query.slice(cut)}`;
        let answer = detectLinkage(index, edited, settings, { cache, pauseWhen });
        for (let calls = 0; answer.partial !== undefined; calls++) {
          expect(calls).toBeLessThanOrEqual(answer.summary.tokens + 1);
          answer = detectLinkage(index, edited, settings, { cache, pauseWhen });
        }
        expect(answer).toEqual(detectLinkage(index, edited, settings));
      }),
      { numRuns: 200 },
    );
  });
});

// Documents made of random subsets of a few distinct phrases: their co-occurrences are
// what makes linkable pairs and minimal triples frequent (the plain generator rarely does).
const phrasePoolArb = fc
  .record({
    phrases: fc.integer({ min: 3, max: 6 }),
    documents: fc.array(fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }), { minLength: 6, maxLength: 16 }),
    query: fc.array(fc.nat(), { minLength: 0, maxLength: 3 }),
    k: fc.integer({ min: 2, max: 3 }),
    useSource: fc.boolean(),
  })
  .map((s) => {
    const phrase = (i: number) => `w${i} x${i}`;
    const documents = s.documents.map((has, i) => ({
      id: `doc-${i}`,
      text: has
        .slice(0, s.phrases)
        .map((on, p) => (on ? phrase(p) : 'filler'))
        .join('. '),
    }));
    // Every phrase once, plus a few repeated ones.
    const query = [...Array.from({ length: s.phrases }, (_, p) => phrase(p)), ...s.query.map((q) => phrase(q % s.phrases))].join('. ');
    return { ...s, documents, query, source: s.useSource ? documents[0]!.id : undefined };
  });

/** An arity ≤ 3 detection with every combination listed, against the reference's answer. */
function expectAllCombinationsAsReference(actual: ReturnType<typeof detectLinkage>, expected: ReturnType<typeof referenceDetect>): void {
  expect(actual.combinations.map((c) => ({ start: c.start, end: c.end }))).toEqual(expected.combinationSpans);
  expect(actual.summary.linkablePairs).toBe(expected.linkablePairs);
  expect(actual.summary.minimalLinkableTriples).toBe(expected.minimalLinkableTriples);
  expect(actual.minimal.map((m) => ({ start: m.start, end: m.end, df: m.df, documents: m.documents }))).toEqual(expected.minimal);
}

describe('detection agrees with the brute-force reference on phrase-pool collections', () => {
  it('including many combinations', () => {
    let withTriples = 0;
    fc.assert(
      fc.property(phrasePoolArb, (s) => {
        const index = buildMemoryIndex(s.documents, { documentsPerShard: 2 });
        const settings = { k: s.k, maxN: 8, arity: 3 as const, sourceId: s.source };
        const expected = referenceDetect(s.documents, s.query, settings);
        const actual = detectLinkage(index, s.query, settings, { allCombinations: true });
        if (expected.minimalLinkableTriples > 0) withTriples++;
        expectAllCombinationsAsReference(actual, expected);
      }),
      { numRuns: 300 },
    );
    // The generator must actually exercise triples, or this test proves little.
    expect(withTriples).toBeGreaterThan(30);
  });
});

// Larger collections: more documents than one word of a candidate bitset holds, and
// phrases common enough for the shared postings cache (CACHED_POSTINGS_MIN). Each
// document lacks one of three phrases, a few hold all three: every phrase is in most
// documents (the complement path of findTriples), every pair in many, and the triple in
// few, so it links when fewer than k documents hold all three.
const largePoolArb = fc
  .record({
    documents: fc.array(fc.nat({ max: 30 }), { minLength: 33, maxLength: 420 }),
    removed: fc.array(fc.nat(), { maxLength: 5 }),
    query: fc.array(fc.nat({ max: 2 }), { minLength: 0, maxLength: 3 }),
    k: fc.integer({ min: 2, max: 3 }),
    perShard: fc.constantFrom(16, 100, 1000),
    useSource: fc.boolean(),
  })
  .map((s) => {
    const phrases = 3;
    const phrase = (i: number) => `w${i} x${i}`;
    const documents = s.documents.map((pick, i) => ({
      id: `doc-${i}`,
      text: Array.from({ length: phrases }, (_, p) => (pick !== 0 && pick % phrases === p ? 'filler' : phrase(p))).join('. '),
    }));
    const removed = new Set(s.removed.map((r) => documents[r % documents.length]!.id));
    const live = documents.filter((d) => !removed.has(d.id));
    const query = [...Array.from({ length: phrases }, (_, p) => phrase(p)), ...s.query.map(phrase)].join('. ');
    // With a source, the source is a document holding all three (when one is live).
    const source = s.useSource ? live.find((d) => !d.text.includes('filler'))?.id : undefined;
    return { ...s, phrases, documents, removed, live, query, source };
  });

describe('detection agrees with the brute-force reference on large phrase-pool collections', () => {
  it('checked twice through one index (the second answer comes from the postings cache)', () => {
    let withTriples = 0;
    fc.assert(
      fc.property(largePoolArb, (s) => {
        const index = buildMemoryIndex(s.documents, { documentsPerShard: s.perShard, removed: s.removed });
        const settings = { k: s.k, maxN: 8, arity: 3 as const, sourceId: s.source };
        const expected = referenceDetect(s.live, s.query, settings);
        if (expected.minimalLinkableTriples > 0) withTriples++;
        for (let pass = 0; pass < 2; pass++) {
          for (let p = 0; p < s.phrases; p++) {
            const walker = index.walker();
            const [first, second] = index.idsOf([`w${p}`, `x${p}`]);
            const documents = walker.start(first!) && walker.extend(second!) ? index.externalIds(walker.documents()) : [];
            expect(documents).toEqual(s.live.filter((d) => d.text.includes(`w${p} x${p}`)).map((d) => d.id));
          }
          const actual = detectLinkage(index, s.query, settings, { allCombinations: true });
          expectAllCombinationsAsReference(actual, expected);
        }
      }),
      // 80 runs: 40 made from 9 to 18 linkable triples in six runs here, too near the 5 asked.
      { numRuns: 80 },
    );
    // The generator must make linkable triples, or the complement path goes untested.
    expect(withTriples).toBeGreaterThan(5);
  });
});

// Many shards and a tiny vocabulary: short phrases are in k documents of the first shard
// alone, so the other shards' ranges lag several tokens behind (ShardWalker narrows them
// only when asked) and must catch up when a longer phrase turns rare.
const manyShardsArb = fc.record({
  texts: fc.array(
    fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 20, maxLength: 40 }).map((words) => words.join(' ')),
    { minLength: 20, maxLength: 60 },
  ),
  query: fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 10, maxLength: 30 }),
  copyFrom: fc.nat(),
  k: fc.integer({ min: 2, max: 3 }),
  perShard: fc.integer({ min: 1, max: 4 }),
  removed: fc.array(fc.nat(), { maxLength: 4 }),
});

describe('detection agrees with the brute-force reference over many shards', () => {
  it('when most shards lag behind the phrase', () => {
    fc.assert(
      fc.property(manyShardsArb, (s) => {
        const documents = s.texts.map((text, i) => ({ id: `doc-${i}`, text }));
        const removed = new Set(s.removed.map((r) => documents[r % documents.length]!.id));
        const live = documents.filter((d) => !removed.has(d.id));
        const query = `${documents[s.copyFrom % documents.length]!.text} ${s.query.join(' ')}`;
        const index = buildMemoryIndex(documents, { documentsPerShard: s.perShard, removed });
        const settings = { k: s.k, maxN: 8, arity: 1 as const };
        const expected = referenceDetect(live, query, settings);
        const actual = detectLinkage(index, query, settings);
        expect(actual.summary.linkable).toBe(expected.linkable);
        expect(actual.minimal.map((m) => ({ start: m.start, end: m.end, df: m.df, documents: m.documents }))).toEqual(expected.minimal);
      }),
      { numRuns: 100 },
    );
  });
});

describe('witnesses', () => {
  it('are minimal linkable combinations whose shortest member is the flagged span', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const index = buildMemoryIndex(s.documents);
        const result = detectLinkage(index, s.query, { k: s.k, maxN: s.maxN, arity: 3 });
        for (const span of result.combinations) {
          const { members, intersection, documents } = span.witness;
          expect(members.length === 2 || members.length === 3).toBe(true);
          expect(intersection).toBeGreaterThanOrEqual(1);
          expect(intersection).toBeLessThan(s.k);
          expect(documents.length).toBe(intersection);
          const shortest = members.slice().sort((a, b) => a.tokenLength - b.tokenLength || a.tokenStart - b.tokenStart)[0]!;
          expect(shortest.start).toBe(span.start);
        }
      }),
      { numRuns: 150 },
    );
  });
});

// The edit plan checks successive versions of one text with a memo of earlier combination
// searches (combinations.ts): each version must still get exactly the reference's spans.
describe('detection with a memo of earlier searches agrees with the brute-force reference', () => {
  const versionsArb = fc.record({
    pool: phrasePoolArb,
    versions: fc.array(fc.record({ drop: fc.nat({ max: 63 }), add: fc.array(fc.nat(), { maxLength: 3 }) }), { minLength: 2, maxLength: 5 }),
    witnesses: fc.constantFrom(1, 1, 3),
  });

  it('on successive versions of a text, with phrases taken out and new ones put in', () => {
    let versionsWithCombinations = 0;
    let withMemo = 0;
    fc.assert(
      fc.property(versionsArb, ({ pool, versions, witnesses }) => {
        const index = buildMemoryIndex(pool.documents, { documentsPerShard: 3 });
        const settings = { k: pool.k, maxN: 8, arity: 3 as const, sourceId: pool.source };
        const memo: CombinationMemo = new Map();
        const phrases = pool.query.split('. ');
        for (const version of [{ drop: 0, add: [] as number[] }, ...versions]) {
          // Taken-out phrases become placeholders, as the plan's redaction leaves them.
          const kept = phrases.map((p, i) => ((version.drop >> (i % 6)) & 1 ? '[REDACTED]' : p));
          const query = [...kept, ...version.add.map((a) => phrases[a % phrases.length]!)].join('. ');
          const expected = referenceDetect(pool.documents, query, settings);
          const actual = detectLinkage(index, query, settings, { combinationMemo: memo, witnessesPerSpan: witnesses });
          if (expected.combinationSpans.length > 0) versionsWithCombinations++;
          expect(actual.combinations.map((c) => ({ start: c.start, end: c.end }))).toEqual(expected.combinationSpans);
          // Every witness, reused or found anew, is a linkable combination of the text as it is now.
          for (const span of actual.combinations) {
            const all = [span.witness, ...(span.others ?? [])];
            expect(all.length).toBeLessThanOrEqual(witnesses);
            expect(new Set(all.map((w) => w.members.map((m) => m.start).join(','))).size).toBe(all.length);
            for (const witness of all) {
              expect(witness.intersection).toBeGreaterThanOrEqual(1);
              expect(witness.intersection).toBeLessThan(pool.k);
              expect(witness.members).toContainEqual(expect.objectContaining({ start: span.start, end: span.end }));
              for (const member of witness.members) expect(query.slice(member.start, member.end)).toBe(member.text);
            }
          }
        }
        if (memo.size > 0) withMemo++;
      }),
      { numRuns: 300 },
    );
    expect(versionsWithCombinations).toBeGreaterThan(100);
    expect(withMemo).toBeGreaterThan(150);
  });
});
