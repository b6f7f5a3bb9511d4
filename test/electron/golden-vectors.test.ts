/**
 * The engine on the real court data, against ../shared/spec's golden vectors and the
 * brute-force reference. The court index is built once for the whole file.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CollectionIndex } from '../../electron/index-store/collection-index.js';
import { createCollection } from '../../electron/index-store/collection-writer.js';
import { createFromInputs, openCollection } from '../../electron/services/collections.js';
import { detectLinkage } from '../../shared/linkage/detect.js';
import { referenceDetect } from '../reference/brute-force.js';
import { recordsOf } from '../helpers/records.js';
import { readJsonlGz } from '../helpers/shared-data.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { dataDir, hasSharedData, specDir, warnIfNoSharedData } from '../spec-paths.js';

interface Deidentified {
  id: string;
  text: string;
  original_id: string;
}
interface MinimalVector {
  id: string;
  ngrams: number;
  k2: { linkable: number; minimal: [number, number, number][] };
  k5: { linkable: number; minimal: [number, number, number][] };
}
interface CombinationVector {
  id: string;
  candidates: number;
  linkable_pairs: number;
  minimal_linkable_triples: number;
  spans_to_rephrase: [number, number][];
}

const tempDir = useTempDir();

warnIfNoSharedData('the court golden vectors');
describe.skipIf(!hasSharedData)('court golden vectors', () => {
  let collection: CollectionIndex;
  let courtPath: string;
  let deidentified: Deidentified[];
  const byId = new Map<string, Deidentified>();

  beforeAll(async () => {
    courtPath = join(tempDir(), 'court.unl');
    await createFromInputs(courtPath, [join(dataDir, 'court', 'collection.jsonl.gz')], { name: 'court' });
    collection = openCollection(courtPath);
    deidentified = readJsonlGz<Deidentified>(join(dataDir, 'court', 'deidentified.jsonl.gz'));
    for (const d of deidentified) byId.set(d.id, d);
  });

  it('indexes the collection at the documented scale', () => {
    const info = collection.readInfo();
    expect(info.documentCount).toBe(3260);
    expect(info.tokenCount).toBe(10_399_371);
  });

  it('reproduces every minimal linkable N-gram at k=2 and k=5, and the totals', () => {
    const vectors = readJsonlGz<MinimalVector>(join(specDir, 'court-minimal-linkable.jsonl.gz'));
    expect(vectors.length).toBe(144);
    const index = collection.phraseIndex();
    const totals = { ngrams: 0, linkable2: 0, minimal2: 0, linkable5: 0, minimal5: 0 };
    for (const vector of vectors) {
      const text = byId.get(vector.id)!.text;
      for (const k of [2, 5] as const) {
        const result = detectLinkage(index, text, { k, arity: 1, maxN: 8 });
        const expected = k === 2 ? vector.k2 : vector.k5;
        expect(result.summary.ngrams, vector.id).toBe(vector.ngrams);
        expect(result.summary.linkable, `${vector.id} k=${k}`).toBe(expected.linkable);
        expect(
          result.minimal.map((m) => [m.start, m.end, m.df]),
          `${vector.id} k=${k}`,
        ).toEqual(expected.minimal);
        if (k === 2) {
          totals.ngrams += result.summary.ngrams;
          totals.linkable2 += result.summary.linkable;
          totals.minimal2 += result.summary.minimal;
        } else {
          totals.linkable5 += result.summary.linkable;
          totals.minimal5 += result.summary.minimal;
        }
      }
    }
    expect(totals).toEqual({ ngrams: 401_225, linkable2: 143_520, minimal2: 20_021, linkable5: 177_586, minimal5: 25_247 });
  });

  it('reproduces them read page by page from the file, as a large collection is searched', () => {
    // The same file opened paged (paged-shard.ts): every verdict must be the resident one's, and the vectors'.
    const paged = openCollection(courtPath, { residentTokens: 0 });
    const index = paged.phraseIndex();
    expect(index.shards.every((shard) => !shard.hasBucketTable)).toBe(true);
    const minimal = readJsonlGz<MinimalVector>(join(specDir, 'court-minimal-linkable.jsonl.gz'));
    for (const vector of minimal) {
      const result = detectLinkage(index, byId.get(vector.id)!.text, { k: 2, arity: 1, maxN: 8 });
      expect(result.summary.linkable, vector.id).toBe(vector.k2.linkable);
      expect(
        result.minimal.map((m) => [m.start, m.end, m.df]),
        vector.id,
      ).toEqual(vector.k2.minimal);
    }
    const combinations = readJsonlGz<CombinationVector>(join(specDir, 'court-combination-spans-k2.jsonl.gz'));
    let spans = 0;
    for (const vector of combinations) {
      const result = detectLinkage(index, byId.get(vector.id)!.text, { k: 2, arity: 3, maxN: 8 });
      expect(
        result.combinations.map((c) => [c.start, c.end]),
        vector.id,
      ).toEqual(vector.spans_to_rephrase);
      spans += result.combinations.length;
    }
    expect(spans).toBe(12_590);
    paged.close();
  });

  it('reproduces the spans to rephrase from combinations for the 112 vectors', () => {
    const vectors = readJsonlGz<CombinationVector>(join(specDir, 'court-combination-spans-k2.jsonl.gz'));
    expect(vectors.length).toBe(112);
    const index = collection.phraseIndex();
    let spans = 0;
    let candidates = 0;
    for (const vector of vectors) {
      const result = detectLinkage(index, byId.get(vector.id)!.text, { k: 2, arity: 3, maxN: 8 });
      expect(result.summary.candidates, vector.id).toBe(vector.candidates);
      expect(
        result.combinations.map((c) => [c.start, c.end]),
        vector.id,
      ).toEqual(vector.spans_to_rephrase);
      spans += result.combinations.length;
      candidates += result.summary.candidates;
    }
    expect({ spans, candidates }).toEqual({ spans: 12_590, candidates: 15_168 });
  });

  it('counts every linkable pair and minimal triple like the vectors (smallest documents)', () => {
    const vectors = readJsonlGz<CombinationVector>(join(specDir, 'court-combination-spans-k2.jsonl.gz'))
      .sort((a, b) => a.candidates - b.candidates)
      .slice(0, 12);
    const index = collection.phraseIndex();
    for (const vector of vectors) {
      const result = detectLinkage(index, byId.get(vector.id)!.text, { k: 2, arity: 3, maxN: 8 }, { allCombinations: true });
      expect(result.summary.linkablePairs, vector.id).toBe(vector.linkable_pairs);
      expect(result.summary.minimalLinkableTriples, vector.id).toBe(vector.minimal_linkable_triples);
    }
  });

  it('agrees with the brute-force reference on a slice of the shared data, with and without a source', async () => {
    const documents = readJsonlGz<{ id: string; text: string }>(join(dataDir, 'court', 'collection.jsonl.gz'));
    const picked = deidentified.filter((d) => d.text.length < 4000).slice(0, 3);
    const sources = new Set(picked.map((d) => d.original_id));
    // The slice: the sources of the picked documents plus every 20th judgment.
    const slice = documents.filter((d, i) => sources.has(d.id) || i % 20 === 0);
    const slicePath = join(tempDir(), 'slice.unl');
    await createCollection(slicePath, recordsOf(slice));
    const sliceIndex = openCollection(slicePath).phraseIndex();
    for (const d of picked) {
      for (const settings of [
        { k: 2, arity: 2 as const, maxN: 8 },
        { k: 3, arity: 1 as const, maxN: 0 },
        { k: 2, arity: 2 as const, maxN: 8, sourceId: d.original_id },
      ]) {
        const expected = referenceDetect(slice, d.text, settings);
        const actual = detectLinkage(sliceIndex, d.text, settings, { allCombinations: true });
        expect(actual.summary.linkable, d.id).toBe(expected.linkable);
        expect(
          actual.minimal.map((m) => ({ start: m.start, end: m.end, df: m.df, documents: m.documents })),
          d.id,
        ).toEqual(expected.minimal);
        expect(
          actual.combinations.map((c) => ({ start: c.start, end: c.end })),
          d.id,
        ).toEqual(expected.combinationSpans);
        if (settings.arity >= 2) expect(actual.summary.linkablePairs, d.id).toBe(expected.linkablePairs);
      }
    }
  });
});
