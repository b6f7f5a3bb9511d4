/**
 * Minimal linkable triples with a given shortest member x: the arity-3 part of the witness
 * search in shared/linkage/combinations.ts. A triple (x, y, z) of partners (each pair
 * holding at least k documents) is a witness when 1 ≤ |P(x) ∩ P(y) ∩ P(z)| < k.
 */
import { popcount32 } from './bits.js';
import type { CandidateSets } from './candidate-sets.js';

/** Where found witnesses go; `add` answers true once enough are found, and the search stops. */
export interface WitnessSink {
  add(members: number[], documents: () => Int32Array): boolean;
  /** True when the next witness found is the last one wanted. */
  readonly oneMoreFills: boolean;
}

/**
 * Partner sets of one shortest member x, projected onto P(x), grouped by projected set
 * (in each group, partners in the order given). Partners holding all of P(x) are left out.
 */
export class Projection {
  readonly words: number;
  readonly sets: Uint32Array;
  readonly sizes: number[] = [];
  readonly members: number[][] = [];

  constructor(
    private readonly all: CandidateSets,
    private readonly x: number,
    partners: readonly number[],
  ) {
    const px = all.dense(x);
    this.words = Math.max(1, Math.ceil(px.length / 32));
    // Partners with the same projected set behave the same: group them (hash, then compare).
    const groups = new Map<number, number[]>();
    const scratch = new Uint32Array(this.words);
    const sets: number[] = [];
    for (const y of partners) {
      scratch.fill(0);
      let size = 0;
      for (let j = 0; j < px.length; j++) {
        if (all.has(y, px[j]!)) {
          scratch[j >>> 5]! |= 1 << (j & 31);
          size++;
        }
      }
      // A partner holding all of P(x) leaves every intersection at ≥ k: it never helps.
      if (size === px.length) continue;
      let hash = 0x811c9dc5;
      for (const word of scratch) hash = Math.imul(hash ^ word, 0x01000193);
      const sameHash = groups.get(hash) ?? [];
      const group = sameHash.find((g) => scratch.every((word, i) => sets[g * this.words + i] === word));
      if (group !== undefined) {
        this.members[group]!.push(y);
        continue;
      }
      sameHash.push(this.sizes.length);
      groups.set(hash, sameHash);
      this.sizes.push(size);
      this.members.push([y]);
      for (const w of scratch) sets.push(w);
    }
    this.sets = Uint32Array.from(sets);
  }

  get groupCount(): number {
    return this.sizes.length;
  }

  /** |Q(a) ∩ Q(b)| counted up to `cap`. */
  overlap(a: number, b: number, cap: number): number {
    let total = 0;
    const w = this.words;
    for (let i = 0; i < w; i++) {
      total += popcount32(this.sets[a * w + i]! & this.sets[b * w + i]!);
      if (total >= cap) return cap;
    }
    return total;
  }

  overlapDocuments(a: number, b: number): Int32Array {
    const px = this.all.dense(this.x);
    const out: number[] = [];
    const w = this.words;
    for (let j = 0; j < px.length; j++) {
      const mask = 1 << (j & 31);
      if ((this.sets[a * w + (j >>> 5)]! & mask) !== 0 && (this.sets[b * w + (j >>> 5)]! & mask) !== 0) {
        out.push(this.all.documentOf[px[j]!]!);
      }
    }
    return Int32Array.from(out);
  }
}

/**
 * Minimal linkable triples with shortest member x. When x is in most documents, its
 * complement M is small and decides: the triple's documents are P(y) ∩ P(z) minus M,
 * so only pairs sharing a document of M can drop below k (and a phrase in every
 * document can never be a triple's shortest member). Otherwise sets are projected on P(x).
 */
export function findTriples(sets: CandidateSets, x: number, partners: readonly number[], k: number, found: WitnessSink): void {
  const universe = sets.documentOf.length;
  const inX = sets.size(x);
  if (universe - inX < inX) findTriplesOutsideX(sets, x, partners, k, found);
  else findTriplesWithinX(sets, x, partners, k, found);
}

/**
 * |P(y) ∩ P(x)| for every candidate y, from `missing` (the documents without x). Then
 * |P(x) ∩ P(y) ∩ P(z)| ≥ |P(y) ∩ P(x)| + |P(z) ∩ P(x)| − |P(x)|: when that is k or more,
 * (x, y, z) is no witness, which a pair of common partners shows without a count.
 */
export function documentsWithin(sets: CandidateSets, x: number, missing: readonly number[]): (y: number) => number {
  const outside = new Int32Array(sets.count);
  for (const id of missing) for (const y of sets.holdersOf(id)) outside[y]!++;
  return (y) => sets.size(y) - outside[y]!;
}

/** The documents (dense ids, ascending) of the universe that x is not in, found a word of bits at a time. */
export function documentsWithout(sets: CandidateSets, x: number): number[] {
  const { bits, words: universeWords } = sets;
  const universe = sets.documentOf.length;
  const xRow = sets.rowStart[x]!;
  const missing: number[] = [];
  for (let w = 0; w < universeWords; w++) {
    let v = ~bits[xRow + w]!;
    if (w === universeWords - 1 && universe % 32 !== 0) v &= (1 << (universe % 32)) - 1;
    for (; v !== 0; v &= v - 1) missing.push(w * 32 + 31 - Math.clz32(v & -v));
  }
  return missing;
}

/** Partners holding one document without x beyond which pairs are first bounded (documentsWithin). */
const LONG_HOLDER_LIST = 64;

function findTriplesOutsideX(sets: CandidateSets, x: number, partners: readonly number[], k: number, found: WitnessSink): void {
  // M, the documents without x, in document order: found a word of bits at a time (M is
  // small, the universe is not). Which partners hold each comes from sets.holdersOf: a
  // bit test per partner and document of M cost 699M tests on the 144 court judgments
  // against a 100M-token collection.
  const missing = documentsWithout(sets, x);
  if (missing.length === 0) return;
  // 1 + each partner's place in `partners` (0: not a partner). Holders are listed in that
  // order, so that pairs are tried, and witnesses found, in the same order as by rank.
  const place = new Int32Array(sets.count);
  partners.forEach((y, p) => (place[y] = p + 1));
  const inX = sets.size(x);
  let withinX: ((y: number) => number) | undefined;
  const tried = sets.triedPairs();
  const list: number[] = [];
  // Occurrences of one phrase share a row (candidate-sets.ts), and every count a pair's
  // test asks depends on rows alone. So when one witness is all that is wanted, the first
  // the search meets is a pair of first occurrences in the list (a pair of later ones has
  // the pair of first ones ahead of it, with the same answer): the later ones are left out.
  // A text that repeats a phrase n times had n² pairs of it tried here: the six demo
  // judgments eight times over took 33 s to check against the court index, most of it in
  // this loop (3 s after; bench/long-text.ts measures a smaller repeating text).
  const oneWanted = found.oneMoreFills;
  for (const id of missing) {
    list.length = 0;
    for (const y of sets.holdersOf(id)) if (place[y] !== 0) list.push(y);
    list.sort((a, b) => place[a]! - place[b]!);
    if (oneWanted) firstOfEachRow(sets, list);
    // In a long list, two common partners leave x most of its documents: such pairs are
    // skipped before any count (on a 37,000-word text one x had 10,000 partners holding
    // its one missing document, and took 3 s). Short lists are left as they were.
    let within: Int32Array | undefined;
    if (list.length > LONG_HOLDER_LIST) {
      withinX ??= documentsWithin(sets, x, missing);
      within = Int32Array.from(list, withinX);
    }
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const y = list[i]!;
        const z = list[j]!;
        if (within !== undefined && within[i]! + within[j]! - inX >= k) continue;
        if (!tried.mark(y, z)) continue;
        // Only a pair sharing a document of M can leave fewer than k documents to the
        // triple. Counting the triple directly stops at k, which most pairs reach within a
        // few documents; counting P(y) ∩ P(z) ∩ M first cost a pass over M per pair (the
        // largest cost of arity ≤ 3 on a 100M-token collection).
        if (sets.pairCount(y, z) < k) continue;
        const together = sets.tripleCount(x, y, z, k);
        if (together >= 1 && together < k && found.add([x, y, z], () => sets.tripleDocuments(x, y, z))) return;
      }
    }
  }
}

/** Keeps, in place and in order, the first candidate of each row in `list`. */
function firstOfEachRow(sets: CandidateSets, list: number[]): void {
  const first = sets.firstOfEachRow();
  let kept = 0;
  for (const y of list) if (first(y)) list[kept++] = y;
  list.length = kept;
}

function findTriplesWithinX(sets: CandidateSets, x: number, partners: readonly number[], k: number, found: WitnessSink): void {
  const projection = new Projection(sets, x, partners);
  const groups = projection.groupCount;
  // Small projected sets first: they are the likeliest to leave fewer than k documents.
  const order = Array.from({ length: groups }, (_, i) => i).sort((a, b) => projection.sizes[a]! - projection.sizes[b]!);
  for (let i = 0; i < groups; i++) {
    const a = order[i]!;
    for (let j = i + 1; j < groups; j++) {
      const b = order[j]!;
      const shared = projection.overlap(a, b, k);
      if (shared < 1 || shared >= k) continue;
      for (const y of projection.members[a]!) {
        for (const z of projection.members[b]!) {
          if (sets.pairCount(y, z) >= k && found.add([x, y, z], () => projection.overlapDocuments(a, b))) return;
        }
      }
    }
  }
}
