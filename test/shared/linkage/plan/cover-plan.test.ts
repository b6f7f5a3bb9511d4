/**
 * The cover plan on random collections: applied, it leaves nothing linkable by the
 * brute-force reference at every arity; it is the fewest words its rule allows (checked
 * against every subset on short texts); and a removed document is never a cover.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomText } from '../../../helpers/random-texts.js';
import { buildMemoryIndex } from '../../../../electron/index-store/memory-index.js';
import { coverPlan, type CoverPlan } from '../../../../shared/linkage/plan/cover-plan.js';
import { redactRanges, REDACTED } from '../../../../shared/review/redaction.js';
import { tokenize } from '../../../../shared/tokenizer/tokenize.js';
import { referenceDetect } from '../../../reference/brute-force.js';

const WORDS = ['a', 'b', 'c', 'd', 'the', 'court'];
const textArb = (maxTokens: number) => randomText(WORDS, maxTokens);

const scenarioArb = fc.record({
  texts: fc.array(textArb(16), { minLength: 2, maxLength: 6 }),
  query: textArb(10),
  copyFrom: fc.nat(),
  k: fc.integer({ min: 2, max: 3 }),
  maxN: fc.constantFrom(2, 3, 8),
  useSource: fc.boolean(),
  removeOne: fc.boolean(),
  keep: fc.array(fc.nat(), { maxLength: 2 }),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

function setup(s: Scenario) {
  const documents = s.texts.map((text, i) => ({ id: `doc-${i}`, text }));
  const source = documents[s.copyFrom % documents.length]!;
  const text = `${source.text.split(/\s+/u).slice(0, 8).join(' ')} ${s.query}`;
  // Never the source: removing it would leave nothing to protect.
  const removed = s.removeOne ? documents.find((d) => d !== source) : undefined;
  const live = documents.filter((d) => d !== removed);
  const index = buildMemoryIndex(documents, { documentsPerShard: 2, ...(removed && { removed: new Set([removed.id]) }) });
  const tokens = tokenize(text);
  const forbidden = new Set(s.keep.map((t) => t % tokens.count));
  const sourceDocument = s.useSource ? index.documentNumberOf(source.id)! : -1;
  const plan = coverPlan(index, tokens, index.idsOf(tokens.keys), { k: s.k, maxN: s.maxN, sourceDocument, forbidden });
  return { documents: live, index, text, tokens, forbidden, plan, removed, sourceId: s.useSource ? source.id : undefined };
}

/** The plan applied as the edit plan applies it: each run of planned words, one placeholder. */
function applied(text: string, tokens: ReturnType<typeof tokenize>, planned: readonly number[]): string {
  const ranges: { start: number; end: number }[] = [];
  for (const t of planned) {
    const last = ranges.at(-1);
    if (last !== undefined && /^\s*$/u.test(text.slice(last.end, tokens.starts[t]!))) last.end = tokens.ends[t]!;
    else ranges.push({ start: tokens.starts[t]!, end: tokens.ends[t]! });
  }
  return redactRanges(text, ranges, REDACTED);
}

/** The key sequences, joined by spaces, of what still links that the plan left linking: kept phrases that link alone. */
function linkingAloneOf(tokens: ReturnType<typeof tokenize>, plan: CoverPlan): Set<string> {
  return new Set(plan.linkingAlone.map(({ first, last }) => tokens.keys.slice(first, last + 1).join(' ')));
}

/** The N-gram key sequences (N ≤ maxN) of a text, joined. */
function ngramsOf(text: string, maxN: number): Set<string> {
  const tokens = tokenize(text);
  const out = new Set<string>();
  for (let s = 0; s + 1 < tokens.segmentStarts.length; s++) {
    for (let i = tokens.segmentStarts[s]!; i < tokens.segmentStarts[s + 1]!; i++) {
      for (let n = 1; n <= maxN && i + n <= tokens.segmentStarts[s + 1]!; n++) out.add(tokens.keys.slice(i, i + n).join(' '));
    }
  }
  return out;
}

/**
 * The cover rule read literally, on the text with `chosen` changed: every N-gram of the kept
 * words is held by every cover document, or cannot link, or holds one of the kept phrases
 * that link alone (`exempt`, token ranges).
 */
function obeysRule(
  tokens: ReturnType<typeof tokenize>,
  chosen: readonly number[],
  maxN: number,
  cover: readonly Set<string>[],
  canLink: Set<string>,
  exempt: CoverPlan['linkingAlone'],
): boolean {
  const changed = new Set(chosen);
  for (let s = 0; s + 1 < tokens.segmentStarts.length; s++) {
    const end = tokens.segmentStarts[s + 1]!;
    for (let i = tokens.segmentStarts[s]!; i < end; i++) {
      // The N-grams of kept words from i, up to the next changed word.
      for (let n = 1; n <= maxN && i + n <= end && !changed.has(i + n - 1); n++) {
        const g = tokens.keys.slice(i, i + n).join(' ');
        if (canLink.has(g) && !cover.every((c) => c.has(g)) && !exempt.some((e) => e.first >= i && e.last < i + n)) return false;
      }
    }
  }
  return true;
}

describe('coverPlan', () => {
  it('leaves nothing linkable by the brute-force reference, at every arity, but kept phrases that link alone', () => {
    let planned = 0;
    let leftLinking = 0;
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const { documents, text, tokens, forbidden, plan, removed, sourceId } = setup(s);
        if (plan === undefined) return;
        planned++;
        expect(plan.tokens.some((t) => forbidden.has(t))).toBe(false);
        expect(plan.cover).toHaveLength(sourceId === undefined ? s.k : s.k - 1);
        if (removed !== undefined) expect(plan.cover).not.toContain(Number(removed.id.slice(4)) + 1);
        for (const { first, last } of plan.linkingAlone) for (let t = first; t <= last; t++) expect(forbidden.has(t)).toBe(true);
        const redacted = applied(text, tokens, plan.tokens);
        const alone = linkingAloneOf(tokens, plan);
        for (const arity of [1, 2, 3] as const) {
          const after = referenceDetect(documents, redacted, { k: s.k, maxN: s.maxN, arity, ...(sourceId !== undefined && { sourceId }) });
          const left = after.minimal.map((m) => tokenize(redacted.slice(m.start, m.end)).keys.join(' '));
          expect(left.filter((phrase) => !alone.has(phrase))).toEqual([]);
          if (left.length > 0) leftLinking++;
          expect(after.combinationSpans).toEqual([]);
        }
      }),
      { numRuns: 400 },
    );
    // The property must have had plans to check, some of them with kept phrases left linking.
    expect(planned).toBeGreaterThan(50);
    expect(leftLinking).toBeGreaterThan(0);
  });

  it('tries as covers only documents that hold the kept words, ranked among the likely covers or not', () => {
    const text = 'the court held that the word omega appeared';
    const index = buildMemoryIndex([
      { id: 'src', text },
      { id: 'y', text: 'the court held that the word appeared' },
      { id: 'q', text: 'omega' },
    ]);
    const tokens = tokenize(text);
    const omega = tokens.keys.indexOf('omega');
    const query = { k: 2, maxN: 8, sourceDocument: index.documentNumberOf('src')!, forbidden: new Set<number>() };
    expect(coverPlan(index, tokens, index.idsOf(tokens.keys), query)).toMatchObject({ tokens: [omega], cover: [index.documentNumberOf('y')] });
    // Kept, "omega" rules out y; q, which shares no phrase of two words with the text, holds it.
    const kept = coverPlan(index, tokens, index.idsOf(tokens.keys), { ...query, forbidden: new Set([omega]) });
    expect(kept).toEqual({ tokens: [...tokens.keys.keys()].filter((t) => t !== omega), cover: [index.documentNumberOf('q')], linkingAlone: [] });
  });

  it('plans around a kept word held by the source alone, which no cover can hold', () => {
    const index = buildMemoryIndex([
      { id: 'src', text: 'the court held that a rare zeta word appeared' },
      { id: 'y', text: 'the court held that a word appeared' },
    ]);
    const tokens = tokenize('the court held that a rare zeta word appeared');
    const zeta = tokens.keys.indexOf('zeta');
    const query = { k: 2, maxN: 8, sourceDocument: index.documentNumberOf('src')!, forbidden: new Set([zeta]) };
    // "rare" is changed; "zeta" stays, and goes on linking by itself.
    expect(coverPlan(index, tokens, index.idsOf(tokens.keys), query)).toEqual({
      tokens: [tokens.keys.indexOf('rare')],
      cover: [index.documentNumberOf('y')],
      linkingAlone: [{ first: zeta, last: zeta }],
    });
  });

  it('changes the fewest words its rule allows, by trying every subset on short texts', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const { documents, index, tokens, forbidden, plan, sourceId } = setup({ ...s, query: s.query.split(/\s+/u).slice(0, 3).join(' ') });
        if (plan === undefined || tokens.count > 12) return;
        const textOf = (n: number) => documents.find((d) => d.id === index.externalIds([n])[0])!.text;
        const cover = plan.cover.map((n) => ngramsOf(textOf(n), s.maxN));
        const canLink =
          sourceId !== undefined
            ? ngramsOf(documents.find((d) => d.id === sourceId)!.text, s.maxN)
            : new Set(documents.flatMap((d) => [...ngramsOf(d.text, s.maxN)]));
        expect(obeysRule(tokens, plan.tokens, s.maxN, cover, canLink, plan.linkingAlone)).toBe(true);
        const allowed = [...Array(tokens.count).keys()].filter((t) => !forbidden.has(t));
        let fewest = Infinity;
        for (let mask = 0; mask < 1 << allowed.length; mask++) {
          const chosen = allowed.filter((_, i) => (mask & (1 << i)) !== 0);
          if (chosen.length < fewest && obeysRule(tokens, chosen, s.maxN, cover, canLink, plan.linkingAlone)) fewest = chosen.length;
        }
        expect(plan.tokens.length).toBe(fewest);
      }),
      { numRuns: 200 },
    );
  });

  it('has no plan when the collection has too few other documents, or N is unbounded', () => {
    const index = buildMemoryIndex([{ id: 'only', text: 'a b c d' }]);
    const tokens = tokenize('a b c d');
    const query = { k: 2, maxN: 8, sourceDocument: index.documentNumberOf('only')!, forbidden: new Set<number>() };
    expect(coverPlan(index, tokens, index.idsOf(tokens.keys), query)).toBeUndefined();
    const two = buildMemoryIndex([
      { id: 'x', text: 'a b c d' },
      { id: 'y', text: 'a b c e' },
    ]);
    const unbounded: CoverPlan | undefined = coverPlan(two, tokens, two.idsOf(tokens.keys), { ...query, maxN: 0, sourceDocument: 1 });
    expect(unbounded).toBeUndefined();
    // With a cover, only what y lacks changes: "d".
    expect(coverPlan(two, tokens, two.idsOf(tokens.keys), { ...query, sourceDocument: 1 })).toEqual({ tokens: [3], cover: [2], linkingAlone: [] });
  });
});
