/**
 * The highlighted text is drawn block by block, each block from what reaches into it
 * (block-drawing.ts). Checked against a reference that cuts the whole text at once and
 * decides every run by testing every span, as the text was drawn before it was drawn in
 * blocks; then that a block kept from the last drawing is never stale, and that an edit
 * before a block keeps its drawing, the same object.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawText, explainMark, type DrawnBlock, type TextSources } from '../../renderer/review/block-drawing.js';
import { previewMarks, type Mark, type Preview } from '../../renderer/review/sorted-marks.js';
import { compareFindings, findingIds, type Finding } from '../../shared/review/findings.js';

const LENGTH = 80;

/** A run of the whole text as the reference draws it (places from the text's start). */
interface Run {
  start: number;
  end: number;
  look: 'plain' | 'unchecked' | 'mark';
  classes: string;
  findings: string;
  anchor: string | undefined;
  combinations: string;
  groups: string;
  planned: boolean;
  after: string | undefined;
}

function reference({ text, findings, starts, cuts, showPlan, previews, uncheckedFrom }: TextSources): Run[] {
  const points = new Set<number>([0, text.length, ...starts]);
  for (const f of findings) for (const span of [f, ...f.members]) points.add(span.start).add(span.end);
  for (const span of [...(cuts ?? []), ...(previews ?? [])]) points.add(span.start).add(span.end);
  if (uncheckedFrom !== undefined) points.add(uncheckedFrom);
  const sorted = [...points].filter((p) => p >= 0 && p <= text.length).sort((a, b) => a - b);
  const covers = (span: Mark, a: number, b: number) => span.start <= a && span.end >= b;
  const blockOf = (at: number) => starts.filter((s) => s <= at).length - 1;
  const pieces = sorted.slice(0, -1).map((a, i) => {
    const b = sorted[i + 1]!;
    return {
      a,
      b,
      covering: findings.filter((f) => covers(f, a, b)),
      groups: findings.filter((f) => f.members.some((m) => covers(m, a, b))),
      inPlan: showPlan && (cuts ?? []).some((c) => covers(c, a, b)),
      preview: (previews ?? []).find((p) => covers(p, a, b)),
    };
  });
  const same = (x: readonly Finding[], y: readonly Finding[]) => x.length === y.length && x.every((f, i) => f === y[i]);
  const alike = (p: number, q: number) => {
    const x = pieces[p];
    const y = pieces[q];
    if (x === undefined || y === undefined || blockOf(x.a) !== blockOf(y.a) || (x.covering.length === 0 && x.groups.length === 0)) return false;
    return same(x.covering, y.covering) && same(x.groups, y.groups) && x.inPlan === y.inPlan && x.preview === y.preview;
  };
  const seen = new Set<Finding>();
  return pieces.map((piece, p): Run => {
    const { a, b, covering, groups, inPlan, preview } = piece;
    const anchor = covering.find((f) => !seen.has(f));
    covering.forEach((f) => seen.add(f));
    if (covering.length === 0 && groups.length === 0 && !inPlan && preview === undefined) {
      const look = uncheckedFrom !== undefined && a >= uncheckedFrom ? 'unchecked' : 'plain';
      return { start: a, end: b, look, classes: '', findings: '', anchor: undefined, combinations: '', groups: '', planned: false, after: undefined };
    }
    const singles = covering.filter((f) => f.kind === 'single');
    const classes = [
      singles.length > 0 ? `single df-${Math.min(3, ...singles.map((f) => f.documents))}` : '',
      covering.some((f) => f.kind === 'combination') ? 'combo' : '',
      inPlan ? 'planned' : '',
      preview !== undefined ? 'previewed' : '',
      alike(p, p - 1) ? 'join-l' : '',
      alike(p, p + 1) ? 'join-r' : '',
    ].filter(Boolean);
    return {
      start: a,
      end: b,
      look: 'mark',
      classes: classes.join(' '),
      findings: covering.map((f) => f.id).join(' '),
      anchor: anchor?.id,
      combinations: covering
        .filter((f) => f.kind === 'combination')
        .map((f) => `g${f.id}`)
        .join(' '),
      groups: groups.map((f) => `g${f.id}`).join(' '),
      planned: inPlan,
      after: preview !== undefined && preview.end === b ? preview.after : undefined,
    };
  });
}

/** drawText's runs, with their places from the text's start. */
function runsOf(blocks: readonly DrawnBlock[]): Run[] {
  return blocks.flatMap((block) => {
    let start = block.start;
    return block.content.runs.map((run) => {
      const absolute = { ...run, start, end: block.start + run.end };
      start = absolute.end;
      return absolute;
    });
  });
}

const spanArb = (min: number) =>
  fc.tuple(fc.integer({ min: 0, max: LENGTH }), fc.integer({ min, max: 12 })).map(([start, length]) => ({ start, end: Math.min(LENGTH, start + length) }));
const words = ['the', 'applicant', 'court', 'of', 'was'];
const findingArb = fc
  .record({
    span: spanArb(1),
    kind: fc.constantFrom('single' as const, 'combination' as const),
    documents: fc.integer({ min: 1, max: 5 }),
    word: fc.constantFrom(...words),
    members: fc.array(spanArb(1), { maxLength: 3 }),
  })
  .filter(({ span }) => span.end > span.start)
  .map(({ span, kind, documents, word, members }) => ({
    kind,
    start: span.start,
    end: span.end,
    text: word,
    documents,
    documentIds: [],
    members: kind === 'combination' ? [span, ...members.filter((m) => m.end > m.start)].map((m) => ({ ...m, text: word })) : [],
  }));

/** Findings named as findingsOf names them, in text order. */
function named(findings: readonly Omit<Finding, 'id'>[]): Finding[] {
  const sorted = findings.map((f) => ({ ...f, id: '' })).sort(compareFindings);
  const ids = findingIds(sorted);
  return sorted.map((f, i) => ({ ...f, id: ids[i]! }));
}

const sourcesArb: fc.Arbitrary<TextSources> = fc
  .record({
    findings: fc.array(findingArb, { maxLength: 10 }),
    starts: fc.uniqueArray(fc.integer({ min: 1, max: LENGTH - 1 }), { maxLength: 6 }),
    cuts: fc.uniqueArray(fc.integer({ min: 0, max: LENGTH }), { maxLength: 8 }),
    showPlan: fc.boolean(),
    previews: fc.array(fc.record({ span: spanArb(0), after: fc.constantFrom('[A]', '[B]', '') }), { maxLength: 6 }),
    uncheckedFrom: fc.option(fc.integer({ min: 0, max: LENGTH }), { nil: undefined }),
  })
  .map(({ findings, starts, cuts, showPlan, previews, uncheckedFrom }) => {
    // The plan's runs are ascending and do not overlap: pairs of sorted points.
    const points = [...cuts].sort((a, b) => a - b);
    const runs: Mark[] = [];
    for (let i = 0; i + 1 < points.length; i += 2) runs.push({ start: points[i]!, end: points[i + 1]! });
    return {
      text: 'abcdefghij'.repeat(LENGTH / 10),
      findings: named(findings),
      starts: [0, ...starts.sort((a, b) => a - b)],
      cuts: runs,
      showPlan,
      previews: previewMarks(previews.map(({ span, after }): Preview => ({ ...span, after }))).marks,
      uncheckedFrom,
    };
  });

describe('drawText', () => {
  it('draws every block as the whole text cut at once would draw it', () => {
    fc.assert(
      fc.property(sourcesArb, (sources) => {
        const blocks = drawText(sources);
        expect(blocks.map((b) => [b.start, b.end])).toEqual(sources.starts.map((s, c) => [s, sources.starts[c + 1] ?? LENGTH]));
        expect(blocks.map((b) => b.content.text).join('')).toBe(sources.text);
        expect(runsOf(blocks)).toEqual(reference(sources));
      }),
      { numRuns: 3000 },
    );
  });

  /** A drawing, and one a little different: findings with other documents or gone, the plan shown or not, other previews. */
  const changedArb = sourcesArb.chain((first) => {
    const n = first.findings.length;
    return fc
      .record({
        documents: fc.array(fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }), { minLength: n, maxLength: n }),
        kept: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
        showPlan: fc.boolean(),
        after: fc.option(fc.constantFrom('[A]', '[C]'), { nil: undefined }),
        uncheckedFrom: fc.option(fc.integer({ min: 0, max: LENGTH }), { nil: undefined }),
        other: sourcesArb,
        whole: fc.boolean(),
      })
      .map(({ documents, kept, showPlan, after, uncheckedFrom, other, whole }): [TextSources, TextSources] => {
        if (whole) return [first, { ...other, text: other.text.toUpperCase() }];
        const findings = first.findings.flatMap((f, i) => (kept[i] ? [{ ...f, documents: documents[i] ?? f.documents }] : []));
        const previews = first.previews?.map((p, i) => (i === 0 && after !== undefined ? { ...p, after } : p));
        return [first, { ...first, findings: named(findings), showPlan, previews, uncheckedFrom }];
      });
  });

  it('never keeps a stale block: drawn after another drawing, it draws as if drawn afresh', () => {
    fc.assert(
      fc.property(changedArb, ([first, next]) => {
        const kept = drawText(next, drawText(first));
        expect(kept.map((b) => [b.start, b.end, b.content, b.ruler, [...b.ids]])).toEqual(
          drawText(next).map((b) => [b.start, b.end, b.content, b.ruler, [...b.ids]]),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the drawing of every block after an edit, wherever the edit moved it', () => {
    fc.assert(
      fc.property(sourcesArb, fc.integer({ min: 1, max: 5 }), (sources, inserted) => {
        // Words typed at the start of the text: every span after them moves, as the blocks do.
        const firstEnd = sources.starts[1] ?? LENGTH;
        const move = <S extends Mark>(span: S): S => ({ ...span, start: span.start + inserted, end: span.end + inserted });
        const after = (span: Mark) => span.start >= firstEnd;
        const edited: TextSources = {
          text: 'x'.repeat(inserted) + sources.text,
          // Those in the first block go (the edit touched them); the others move.
          findings: named(sources.findings.filter((f) => after(f) && f.members.every(after)).map((f) => ({ ...move(f), members: f.members.map(move) }))),
          starts: [0, ...sources.starts.slice(1).map((s) => s + inserted)],
          cuts: sources.cuts?.filter(after).map(move),
          showPlan: sources.showPlan,
          previews: sources.previews?.filter(after).map(move),
          uncheckedFrom: sources.uncheckedFrom === undefined ? undefined : Math.max(firstEnd, sources.uncheckedFrom) + inserted,
        };
        const unedited: TextSources = {
          ...sources,
          findings: named(sources.findings.filter((f) => after(f) && f.members.every(after))),
          cuts: sources.cuts?.filter(after),
          previews: sources.previews?.filter(after),
          uncheckedFrom: sources.uncheckedFrom === undefined ? undefined : Math.max(firstEnd, sources.uncheckedFrom),
        };
        const before = drawText(unedited);
        const now = drawText(edited, before);
        for (let c = 1; c < now.length; c++) expect(now[c]!.content).toBe(before[c]!.content);
        expect(now[0]!.content).not.toBe(before[0]!.content);
      }),
      { numRuns: 1000 },
    );
  });

  it('says what a mark is from its findings’ ids', () => {
    const [finding] = named([{ kind: 'single', start: 0, end: 3, text: 'the', documents: 1, documentIds: ['d1'], members: [] }]);
    const byId = new Map([[finding!.id, finding!]]);
    expect(explainMark(finding!.id, byId)).toEqual(['“the”: a rare phrase, found in 1 document (d1).']);
    expect(explainMark('', byId)).toEqual([]);
    expect(explainMark(undefined, byId)).toEqual([]);
  });
});

describe('findingIds', () => {
  const finding = (kind: Finding['kind'], text: string, start: number) => ({ kind, text, start, end: start + text.length });

  it('names findings uniquely, by kind, phrase and how many alike come before, not by place', () => {
    const ids = findingIds([finding('single', 'the', 0), finding('single', 'the', 10), finding('combination', 'the', 20), finding('single', 'of', 30)]);
    expect(new Set(ids).size).toBe(4);
    expect(
      findingIds([finding('single', 'the', 100), finding('single', 'the', 110), finding('combination', 'the', 120), finding('single', 'of', 130)]),
    ).toEqual(ids);
    // Taking out the first "the" renumbers only the findings of the same kind and phrase.
    expect(findingIds([finding('single', 'the', 10), finding('combination', 'the', 20), finding('single', 'of', 30)])).toEqual([ids[0], ids[2], ids[3]]);
  });

  it('stays unique over many phrases', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('single' as const, 'combination' as const), fc.string({ maxLength: 4 })), { maxLength: 300 }), (list) => {
        const ids = findingIds(list.map(([kind, text], i) => finding(kind, text, i)));
        expect(new Set(ids).size).toBe(ids.length);
      }),
    );
  });
});
