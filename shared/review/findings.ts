/**
 * What the review screen lists and highlights: the minimal linkable N-grams and the
 * spans to rephrase from combinations, with the combinations' other members so that a
 * combination lights up as a whole.
 */
import type { DetectionResult } from '../linkage/types.js';

export interface Finding {
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

/** Findings in text order (singles before combinations at the same place). */
export function findingsOf(result: Pick<DetectionResult, 'minimal' | 'combinations'>): Finding[] {
  const singles: Finding[] = result.minimal.map((m) => ({
    id: `s${m.start}-${m.end}`,
    kind: 'single',
    start: m.start,
    end: m.end,
    text: m.text,
    documents: m.df,
    documentIds: m.documents,
    members: [],
  }));
  const combinations: Finding[] = result.combinations.map((c) => ({
    id: `c${c.start}-${c.end}`,
    kind: 'combination',
    start: c.start,
    end: c.end,
    text: c.text,
    documents: c.witness.intersection,
    documentIds: c.witness.documents,
    members: c.witness.members.map((m) => ({ start: m.start, end: m.end, text: m.text })),
  }));
  return [...singles, ...combinations].sort((a, b) => a.start - b.start || (a.kind === b.kind ? a.end - b.end : a.kind === 'single' ? -1 : 1));
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

/** Cuts the text into runs at every finding and member boundary. */
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
  const out: HighlightSegment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    const covering: number[] = [];
    const groups: number[] = [];
    findings.forEach((f, index) => {
      if (f.start <= start && f.end >= end) covering.push(index);
      if (f.members.some((m) => m.start <= start && m.end >= end)) groups.push(index);
    });
    out.push({ start, end, findings: covering, groups });
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
