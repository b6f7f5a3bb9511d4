/**
 * The brute-force reference: the engine issue's definitions applied literally, by
 * scanning every document with the same tokenizer. No index, no shortcuts: the real
 * engine must agree with it on every input.
 */
import { tokenize } from '../../shared/tokenizer/tokenize.js';

export interface ReferenceDocument {
  readonly id: string;
  readonly text: string;
}

export interface ReferenceSettings {
  readonly k: number;
  readonly maxN: number; // 0 = unbounded
  readonly arity: 1 | 2 | 3;
  readonly sourceId?: string;
  readonly placeholderPattern?: string;
}

export interface ReferenceSpan {
  start: number;
  end: number;
}

export interface ReferenceResult {
  ngrams: number;
  linkable: number;
  minimal: { start: number; end: number; df: number; documents: string[] }[];
  candidates: ReferenceSpan[];
  combinationSpans: ReferenceSpan[];
  linkablePairs: number;
  minimalLinkableTriples: number;
}

interface Occurrence {
  tokenStart: number;
  length: number;
  key: string;
  start: number;
  end: number;
}

const SEPARATOR = '\u0001';

function occurrencesOf(text: string, maxN: number, placeholderPattern?: string): Occurrence[] {
  const tokens = tokenize(text, { placeholderPattern });
  const out: Occurrence[] = [];
  for (let s = 0; s + 1 < tokens.segmentStarts.length; s++) {
    const from = tokens.segmentStarts[s]!;
    const to = tokens.segmentStarts[s + 1]!;
    for (let i = from; i < to; i++) {
      for (let length = 1; i + length <= to && (maxN === 0 || length <= maxN); length++) {
        out.push({
          tokenStart: i,
          length,
          key: tokens.keys.slice(i, i + length).join(SEPARATOR),
          start: tokens.starts[i]!,
          end: tokens.ends[i + length - 1]!,
        });
      }
    }
  }
  return out;
}

function intersect(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> {
  return new Set([...a].filter((x) => b.has(x)));
}

export function referenceDetect(documents: readonly ReferenceDocument[], text: string, settings: ReferenceSettings): ReferenceResult {
  const { k, maxN, arity, sourceId } = settings;
  const occurrences = occurrencesOf(text, maxN, settings.placeholderPattern);
  const wanted = new Set(occurrences.map((o) => o.key));
  const postings = new Map<string, Set<string>>();
  for (const document of documents) {
    for (const o of occurrencesOf(document.text, maxN)) {
      if (!wanted.has(o.key)) continue;
      let set = postings.get(o.key);
      if (set === undefined) postings.set(o.key, (set = new Set()));
      set.add(document.id);
    }
  }
  const docsOf = (o: Occurrence): Set<string> => postings.get(o.key) ?? new Set();
  const order = new Map(documents.map((d, i) => [d.id, i]));
  const isLinkableSet = (set: ReadonlySet<string>): boolean => set.size >= 1 && set.size < k && (sourceId === undefined || set.has(sourceId));

  const byPosition = new Map(occurrences.map((o) => [`${o.tokenStart}:${o.length}`, o]));
  const linkable = occurrences.filter((o) => isLinkableSet(docsOf(o)));
  const minimal = linkable
    .filter((o) => {
      for (let i = o.tokenStart; i < o.tokenStart + o.length; i++) {
        for (let length = 1; i + length <= o.tokenStart + o.length; length++) {
          if (length === o.length) continue;
          if (docsOf(byPosition.get(`${i}:${length}`)!).size < k) return false;
        }
      }
      return true;
    })
    .map((o) => ({
      start: o.start,
      end: o.end,
      df: docsOf(o).size,
      documents: [...docsOf(o)].sort((a, b) => order.get(a)! - order.get(b)!),
    }));

  // Candidates: common occurrences, longest first, then leftmost, non-overlapping.
  const common = occurrences.filter((o) => docsOf(o).size >= k).sort((a, b) => b.length - a.length || a.tokenStart - b.tokenStart);
  const taken = new Set<number>();
  const candidates: Occurrence[] = [];
  for (const o of common) {
    let free = true;
    for (let t = o.tokenStart; t < o.tokenStart + o.length; t++) if (taken.has(t)) free = false;
    if (!free) continue;
    for (let t = o.tokenStart; t < o.tokenStart + o.length; t++) taken.add(t);
    candidates.push(o);
  }
  candidates.sort((a, b) => a.tokenStart - b.tokenStart);

  const shortest = (members: Occurrence[]): Occurrence => members.slice().sort((a, b) => a.length - b.length || a.tokenStart - b.tokenStart)[0]!;
  const flagged = new Set<Occurrence>();
  let linkablePairs = 0;
  let minimalLinkableTriples = 0;
  if (arity >= 2) {
    const m = candidates.length;
    for (let a = 0; a < m; a++) {
      for (let b = a + 1; b < m; b++) {
        const pair = intersect(docsOf(candidates[a]!), docsOf(candidates[b]!));
        if (isLinkableSet(pair)) {
          linkablePairs++;
          flagged.add(shortest([candidates[a]!, candidates[b]!]));
        }
        if (arity < 3) continue;
        for (let c = b + 1; c < m; c++) {
          const members = [candidates[a]!, candidates[b]!, candidates[c]!];
          const triple = intersect(pair, docsOf(candidates[c]!));
          if (!isLinkableSet(triple)) continue;
          const pairs = [
            [0, 1],
            [0, 2],
            [1, 2],
          ].map(([x, y]) => intersect(docsOf(members[x!]!), docsOf(members[y!]!)));
          if (pairs.some(isLinkableSet)) continue;
          minimalLinkableTriples++;
          flagged.add(shortest(members));
        }
      }
    }
  }

  return {
    ngrams: occurrences.length,
    linkable: linkable.length,
    minimal: minimal.sort((a, b) => a.start - b.start || a.end - b.end),
    candidates: candidates.map((c) => ({ start: c.start, end: c.end })),
    combinationSpans: [...flagged].map((o) => ({ start: o.start, end: o.end })).sort((a, b) => a.start - b.start),
    linkablePairs,
    minimalLinkableTriples,
  };
}
