import { describe, expect, it } from 'vitest';
import {
  candidateScore,
  chooseBestCandidates,
  cosineSimilarity,
  formDifference,
  harmonicMean,
  levenshtein,
  type EmbedFn,
} from '../../../../electron/evaluation/paraphrase/candidate-scoring.js';

/** An embedder that looks up fixed vectors, counting its calls. */
function tableEmbedder(table: Record<string, number[]>): EmbedFn & { calls: string[][] } {
  const calls: string[][] = [];
  const embed = async (texts: string[]) => {
    calls.push(texts);
    return texts.map((text) => Float32Array.from(table[text] ?? [0, 0, 1]));
  };
  return Object.assign(embed, { calls });
}

describe('scores', () => {
  it('computes Levenshtein distance and its normalised form difference', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('same', 'same')).toBe(0);
    expect(formDifference('kitten', 'sitting')).toBeCloseTo(3 / 7);
    expect(formDifference('', '')).toBe(0);
  });

  it('computes cosine similarity and the harmonic mean', () => {
    expect(cosineSimilarity(Float32Array.from([1, 0]), Float32Array.from([2, 0]))).toBeCloseTo(1);
    expect(cosineSimilarity(Float32Array.from([1, 0]), Float32Array.from([0, 3]))).toBeCloseTo(0);
    expect(cosineSimilarity(Float32Array.from([0, 0]), Float32Array.from([1, 0]))).toBe(0);
    expect(harmonicMean(0.5, 0.5)).toBeCloseTo(0.5);
    expect(harmonicMean(1, 0.25)).toBeCloseTo(0.4);
    expect(harmonicMean(0, 1)).toBe(0);
  });

  it('does not let a negative similarity count', () => {
    const v = Float32Array.from([1, 0]);
    expect(candidateScore('abc', 'xyz', v, Float32Array.from([-1, 0]))).toBe(0);
  });
});

describe('chooseBestCandidates', () => {
  it('takes the best harmonic mean, not the most similar nor the most different', async () => {
    // "was charged" vs: "was charges" (same meaning, tiny change), "was accused" (close, different),
    // "was xxxxxxx" (very different form, unrelated meaning).
    const embed = tableEmbedder({
      'was charged': [1, 0],
      'was charges': [1, 0],
      'was accused': [0.9, 0.1],
      'was xxxxxxx': [0, 1],
    });
    const [best] = await chooseBestCandidates([{ original: 'was charged', candidates: ['was charges', 'was accused', 'was xxxxxxx'] }], embed);
    expect(best).toBe(1);
  });

  it('keeps the earlier (more frequent) sense on a tie', async () => {
    const embed = tableEmbedder({ ab: [1, 0], ax: [1, 0], ay: [1, 0] });
    expect(await chooseBestCandidates([{ original: 'ab', candidates: ['ax', 'ay'] }], embed)).toEqual([0]);
  });

  it('embeds each distinct text once, in batches', async () => {
    const embed = tableEmbedder({});
    const choices = [
      { original: 'a b', candidates: ['a c', 'a d'] },
      { original: 'a b', candidates: ['a c', 'a e'] },
    ];
    await chooseBestCandidates(choices, embed, { batchSize: 2 });
    expect(embed.calls.map((batch) => batch.length)).toEqual([2, 2]);
    expect(new Set(embed.calls.flat()).size).toBe(4);
  });

  it('rejects an embedder that returns the wrong number of vectors', async () => {
    const broken: EmbedFn = async () => [];
    await expect(chooseBestCandidates([{ original: 'a', candidates: ['b'] }], broken)).rejects.toThrow(/vectors/);
  });
});
