/**
 * What the review screen lists and highlights: the minimal linkable N-grams and the
 * spans to rephrase from combinations, with the combinations' other members so that a
 * combination lights up as a whole.
 */
import type { DetectionResult } from '../linkage/types.js';

export interface Finding {
  /** Names the finding in the list and on its mark; see `findingIds`. */
  readonly id: string;
  readonly kind: 'single' | 'combination';
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Documents holding the phrase (single) or the whole combination. */
  readonly documents: number;
  /** Their ids in the collection (the clerk can look them up). */
  readonly documentIds: readonly string[];
  /** For combinations: the members' spans, this one included. */
  readonly members: readonly { readonly start: number; readonly end: number; readonly text: string }[];
}

/** Findings in text order (singles before combinations at the same place), named by `findingIds`. */
export function findingsOf(result: Pick<DetectionResult, 'minimal' | 'combinations'>): Finding[] {
  const singles: Finding[] = result.minimal.map((m) => ({
    id: '',
    kind: 'single',
    start: m.start,
    end: m.end,
    text: m.text,
    documents: m.df,
    documentIds: m.documents,
    members: [],
  }));
  const combinations: Finding[] = result.combinations.map((c) => ({
    id: '',
    kind: 'combination',
    start: c.start,
    end: c.end,
    text: c.text,
    documents: c.witness.intersection,
    documentIds: c.witness.documents,
    members: c.witness.members.map((m) => ({ start: m.start, end: m.end, text: m.text })),
  }));
  const findings = [...singles, ...combinations].sort(compareFindings);
  // Named once made, in place: copying each of 40,000 findings again cost every keystroke.
  findingIds(findings).forEach((id, f) => ((findings[f] as { id: string }).id = id));
  return findings;
}

/**
 * The ids of findings in text order, named by what they are, not where: the kind, a hash
 * of the phrase, and how many findings of that kind and hash come before it. So a finding
 * keeps its id when an edit before it moves it, and the fresh check after an accepted
 * suggestion names the findings after it as before: their marks draw as they were, and
 * are not drawn again (renderer/review/block-drawing.ts). Named by place, every finding
 * after an edit had a new id. The count makes the ids unique, hash collisions included.
 * (A combination's partners are not part of its name: a fresh check may pair the same
 * phrase with other partners, and the phrase is what the clerk acts on.)
 */
export function findingIds(findings: readonly Pick<Finding, 'kind' | 'text'>[]): string[] {
  const seen = new Map<string, number>();
  return findings.map((f) => {
    const what = `${f.kind === 'single' ? 's' : 'c'}${phraseHash(f.text)}`;
    const count = seen.get(what) ?? 0;
    seen.set(what, count + 1);
    return `${what}.${count}`;
  });
}

/**
 * A 52-bit hash of a phrase, in base 36: FNV-1a, and a second 32-bit hash with another
 * multiplier, cut to 20 bits. Two phrases that share a hash still get different ids (the
 * count); the only cost is that an edit before them may renumber them, and so draw their
 * marks again.
 */
function phraseHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return ((a >>> 0) * 2 ** 20 + ((b >>> 0) & 0xfffff)).toString(36);
}

/** The findings' order: by start, a single before a combination member at the same start, then by end. */
export function compareFindings(a: Finding, b: Finding): number {
  return a.start - b.start || (a.kind === b.kind ? a.end - b.end : a.kind === 'single' ? -1 : 1);
}

/** A run of text with the findings covering it and the combination groups it belongs to. */
export interface HighlightSegment {
  readonly start: number;
  readonly end: number;
  /** Indices into the findings array of findings whose span covers this run. */
  readonly findings: readonly number[];
  /** Indices of combination findings having a member that covers this run. */
  readonly groups: readonly number[];
}

/**
 * Cuts the text into runs at every finding and member boundary. A finding covers run i
 * (from point i to point i + 1) when it starts at or before point i and ends at or after
 * point i + 1, so it is live from the first point at or after its start to the last point
 * at or before its end: one sweep over the points, with each span added and removed once.
 * (Testing every finding against every run took 40 s on a 37,000-word text.)
 */
export function highlightSegments(textLength: number, findings: readonly Finding[]): HighlightSegment[] {
  const cuts = new Set<number>([0, textLength]);
  findings.forEach((f) => {
    cuts.add(f.start);
    cuts.add(f.end);
    for (const m of f.members) {
      cuts.add(m.start);
      cuts.add(m.end);
    }
  });
  const points = [...cuts].filter((p) => p >= 0 && p <= textLength).sort((a, b) => a - b);
  const runs = Math.max(0, points.length - 1);
  // Index of the first point ≥ value, and of the last point ≤ value.
  const firstAtOrAfter = (value: number): number => {
    let lo = 0;
    let hi = points.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (points[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const lastAtOrBefore = (value: number): number => firstAtOrAfter(value + 1) - 1;
  // Per run, the spans that become live there and those that stop: finding index (covering) or group index.
  const starts: { covering: number[]; groups: number[] }[] = Array.from({ length: runs + 1 }, () => ({ covering: [], groups: [] }));
  const stops: { covering: number[]; groups: number[] }[] = Array.from({ length: runs + 1 }, () => ({ covering: [], groups: [] }));
  const span = (start: number, end: number, index: number, list: 'covering' | 'groups') => {
    const first = firstAtOrAfter(start);
    const stop = lastAtOrBefore(end);
    if (first >= stop) return;
    starts[first]![list].push(index);
    stops[stop]![list].push(index);
  };
  findings.forEach((f, index) => {
    span(f.start, f.end, index, 'covering');
    for (const m of f.members) span(m.start, m.end, index, 'groups');
  });
  const covering = new Set<number>();
  // A finding is a group of a run while any of its members covers it (members may overlap).
  const groupDepth = new Map<number, number>();
  const out: HighlightSegment[] = [];
  for (let i = 0; i < runs; i++) {
    for (const index of stops[i]!.covering) covering.delete(index);
    for (const index of stops[i]!.groups) {
      const depth = groupDepth.get(index)! - 1;
      if (depth === 0) groupDepth.delete(index);
      else groupDepth.set(index, depth);
    }
    for (const index of starts[i]!.covering) covering.add(index);
    for (const index of starts[i]!.groups) groupDepth.set(index, (groupDepth.get(index) ?? 0) + 1);
    out.push({
      start: points[i]!,
      end: points[i + 1]!,
      findings: [...covering].sort((a, b) => a - b),
      groups: [...groupDepth.keys()].sort((a, b) => a - b),
    });
  }
  return out;
}

/** What a finding is, in words: the exact phrase, its documents, its partners. For tooltips and the findings list. */
export function explainFinding(finding: Finding): string[] {
  const ids =
    finding.documentIds.length <= 3
      ? finding.documentIds.join(', ')
      : `${finding.documentIds.slice(0, 3).join(', ')} and ${finding.documentIds.length - 3} more`;
  const where = `${finding.documents} document${finding.documents === 1 ? '' : 's'}${ids.length > 0 ? ` (${ids})` : ''}`;
  if (finding.kind === 'single') return [`“${finding.text}”: a rare phrase, found in ${where}.`];
  const partners = finding.members.filter((m) => m.start !== finding.start || m.end !== finding.end).map((m) => `“${m.text}”`);
  return [`“${finding.text}”, together with ${partners.join(' and ')}: these phrases are found together in ${where}.`];
}
