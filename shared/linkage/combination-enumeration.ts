/**
 * Every linkable combination of a text, on request only (`unlinkable check
 * --all-combinations`): the search in combinations.ts stops at one witness per candidate,
 * because the full count is cubic. Same definitions: a pair links when 1 ≤ |P(a) ∩ P(b)| < k,
 * a triple when its three postings share 1 to k − 1 documents and none of its pairs links.
 */
import { throwIfAborted } from '../errors.js';
import { popcount32 } from './bits.js';
import { CandidateSets, usableCandidates, type CombinationCandidate } from './candidate-sets.js';
import type { CombinationQuery } from './combinations.js';

/** Counts from a full enumeration. */
export interface CombinationCounts {
  readonly linkablePairs: number;
  readonly minimalLinkableTriples: number;
}

/**
 * Enumerates every linkable pair and every minimal linkable triple (on request only:
 * the count can reach millions per document). Callbacks receive candidate indices.
 */
export function enumerateCombinations(
  candidates: readonly CombinationCandidate[],
  query: CombinationQuery,
  onPair: (a: number, b: number) => void,
  onTriple: (a: number, b: number, c: number) => void,
): CombinationCounts {
  const kept = usableCandidates(candidates, query.sourceDocument);
  const sets = new CandidateSets(
    kept.map((i) => candidates[i]!),
    query.k,
  );
  const k = query.k;
  let linkablePairs = 0;
  let minimalLinkableTriples = 0;
  for (let a = 0; a < sets.count; a++) {
    throwIfAborted(query.signal);
    const partners: number[] = [];
    for (let b = a + 1; b < sets.count; b++) {
      const shared = sets.pairCount(a, b);
      if (shared >= k) partners.push(b);
      else if (shared >= 1) {
        linkablePairs++;
        onPair(kept[a]!, kept[b]!);
      }
    }
    if (query.arity < 3) continue;
    const px = sets.dense(a);
    const words = Math.max(1, Math.ceil(px.length / 32));
    const projected = new Uint32Array(partners.length * words);
    partners.forEach((y, p) => {
      for (let j = 0; j < px.length; j++) if (sets.has(y, px[j]!)) projected[p * words + (j >>> 5)]! |= 1 << (j & 31);
    });
    for (let p = 0; p < partners.length; p++) {
      for (let q = p + 1; q < partners.length; q++) {
        let shared = 0;
        for (let w = 0; w < words && shared < k; w++) shared += popcount32(projected[p * words + w]! & projected[q * words + w]!);
        if (shared >= 1 && shared < k && sets.pairCount(partners[p]!, partners[q]!) >= k) {
          minimalLinkableTriples++;
          onTriple(kept[a]!, kept[partners[p]!]!, kept[partners[q]!]!);
        }
      }
    }
  }
  return { linkablePairs, minimalLinkableTriples };
}
