/**
 * What each block of the highlighted text draws (HighlightedText.tsx, TextChunk.tsx), in
 * terms of the block alone: its own characters, its runs' places counted from the block's
 * start, and its findings by id, never by place in the text or in the findings list.
 *
 * Why: a change that moves the text after it (an accepted suggestion, typing) leaves every
 * later block drawing exactly what it drew, only somewhere else. With the places counted
 * from the start of the text, and the findings named by their index in the list, every
 * later block looked new, and accepting one card on the 35,117-word text of BENCHMARKS.md
 * drew the whole text again (42,000 nodes made anew). And working out every block's runs
 * again took about 180 ms there at each change, most of what an accept then cost.
 *
 * So each block first gathers what it is drawn from (`BlockInputs`: its text, the findings,
 * members, planned runs and previews that reach into it, relative to it). Where these are
 * what they were for the block at the same place in the list, the block keeps its drawing,
 * the same object, and TextChunk (a memo) is not drawn again; only the other blocks are
 * cut into runs and drawn. A block is cut exactly as the whole text would be: every run of
 * the text lies in one block (blocks begin at cuts), and what covers a run is decided by
 * the spans that reach into its block.
 */
import { explainFinding, highlightSegments, type Finding, type HighlightSegment } from '../../shared/review/findings.js';
import { rulerEntry, rulerKinds } from './block-ruler-marks.js';
import { coversSorted, previewCovering, type Mark, type Preview } from './sorted-marks.js';

/** One run of a block as it is drawn. Places are counted from the block's start. */
export interface DrawnRun {
  /** Where the run ends (it begins where the one before it ends, the first at 0). */
  readonly end: number;
  /** Plain text, text the paused check has not reached yet (dimmed), or a mark. */
  readonly look: 'plain' | 'unchecked' | 'mark';
  /** The mark's classes, but for the focus (which moves without the block changing otherwise). */
  readonly classes: string;
  /** Ids of the findings covering the run, separated by spaces. */
  readonly findings: string;
  /** The finding whose first run this is, if any: its mark takes the focus. */
  readonly anchor: string | undefined;
  /** The combinations the run is the rephrased member of, as group names (`g` and the id). */
  readonly combinations: string;
  /** The combinations the run is any member of, as group names. */
  readonly groups: string;
  readonly planned: boolean;
  /** The replacement previewed after the run, where a preview's words end with it. */
  readonly after: string | undefined;
}

/** What a block draws, all of it relative to the block. */
export interface BlockContent {
  readonly text: string;
  readonly runs: readonly DrawnRun[];
}

/** A block: where it lies in the text now, what it draws, and what that was drawn from. */
export interface DrawnBlock {
  readonly start: number;
  readonly end: number;
  readonly content: BlockContent;
  /** The findings the block marks: the focus draws again only the blocks that mark it. */
  readonly ids: ReadonlySet<string>;
  /** The overview strip's marks for this block while the browser has not laid it out (block-ruler-marks.ts). */
  readonly ruler: string;
  /** What the block was drawn from, and the pieces it was cut into (kept for the next drawing). */
  readonly inputs: BlockInputs;
  readonly pieces: readonly Piece[];
}

/** What the highlighted text is drawn from. */
export interface TextSources {
  readonly text: string;
  /** In text order (findingsOf). */
  readonly findings: readonly Finding[];
  /** Where each block begins (chunkStarts): 0, then ascending. */
  readonly starts: readonly number[];
  /** The plan's runs that cut the text, shown or not (HighlightedText's PLAN_CUTS_LONG_TEXT), ascending. */
  readonly cuts: readonly Mark[] | undefined;
  /** Whether the plan's runs are shown as boxes. */
  readonly showPlan: boolean;
  /** Ordered by where they start (previewMarks). */
  readonly previews: readonly Preview[] | undefined;
  /** Where the text a paused check has not reached begins (dimmed from there). */
  readonly uncheckedFrom: number | undefined;
}

/** The group name of a combination, as the marks' data-combination and data-groups say it. */
const groupName = (id: string): string => `g${id}`;

/**
 * Every block's drawing. Blocks of `before` (the last drawing, in list order) whose inputs
 * are the same are kept as they were, their content the same object.
 */
export function drawText(sources: TextSources, before?: readonly DrawnBlock[]): DrawnBlock[] {
  const inputs = blockInputs(sources);
  return inputs.map((own, c) => {
    const start = sources.starts[c]!;
    const end = sources.starts[c + 1] ?? sources.text.length;
    const old = before?.[c];
    if (old !== undefined && sameInputs(old.inputs, own)) return old.start === start && old.end === end ? old : { ...old, start, end };
    // Showing or hiding the plan changes how pieces look, not where the block is cut.
    const pieces = old !== undefined && sameCuts(old.inputs, own) ? old.pieces : cutBlock(own);
    return { start, end, ...drawBlock(own, pieces), inputs: own, pieces };
  });
}

/** A span reaching into a block, clipped to it, relative to its start. */
interface LocalSpan {
  readonly start: number;
  readonly end: number;
}

/** A finding, as a block sees it. */
interface LocalFinding extends LocalSpan {
  readonly id: string;
  readonly kind: Finding['kind'];
  /** Its documents, as the mark's colour says them (up to 3: darker for fewer). */
  readonly shade: number;
  /** Whether it begins in this block (its first run, which takes the focus, is here). */
  readonly beginsHere: boolean;
  /** Its members that reach into this block (combinations). */
  readonly members: readonly LocalSpan[];
}

/** A preview, as a block sees it: its replacement shows in the block where its words end. */
interface LocalPreview extends Preview {
  readonly endsHere: boolean;
}

const NO_SPANS: readonly LocalSpan[] = [];

/** Everything a block is drawn from. */
export interface BlockInputs {
  readonly text: string;
  /** The findings whose span or a member's reaches into the block, in text order. */
  readonly findings: readonly LocalFinding[];
  readonly cuts: readonly LocalSpan[];
  /** Whether the cuts are shown as planned words. */
  readonly showPlan: boolean;
  readonly previews: readonly LocalPreview[];
  /** Where the unchecked text begins in the block (past its end: none of it). */
  readonly uncheckedFrom: number;
}

/** The blocks' inputs, gathered in one pass over the findings, the plan and the previews. */
function blockInputs({ text, findings, starts, cuts, showPlan, previews, uncheckedFrom }: TextSources): BlockInputs[] {
  const count = starts.length;
  const endOf = (c: number) => starts[c + 1] ?? text.length;
  /** The block holding offset `at` (the last one that begins at or before it). */
  const blockAt = (at: number): number => {
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  /** Calls `each` for every block that [start, end) reaches into (an empty span: the block it is in). */
  const reaching = (start: number, end: number, each: (c: number) => void) => {
    const first = blockAt(Math.max(0, start));
    each(first);
    for (let c = first + 1; c < count && starts[c]! < end; c++) each(c);
  };
  const clip = (c: number, span: { start: number; end: number }): LocalSpan => {
    const length = endOf(c) - starts[c]!;
    return { start: Math.min(length, Math.max(0, span.start - starts[c]!)), end: Math.min(length, Math.max(0, span.end - starts[c]!)) };
  };
  const ownFindings: LocalFinding[][] = starts.map(() => []);
  const add = (c: number, f: Finding) =>
    ownFindings[c]!.push({
      id: f.id,
      kind: f.kind,
      shade: Math.min(f.documents, 3),
      beginsHere: f.start >= starts[c]! && f.start < endOf(c),
      members: f.members.length === 0 ? NO_SPANS : f.members.filter((m) => m.start < endOf(c) && m.end > starts[c]!).map((m) => clip(c, m)),
      ...clip(c, f),
    });
  const reached: number[] = [];
  for (const f of findings) {
    if (f.members.length === 0) {
      reaching(f.start, f.end, (c) => add(c, f));
      continue;
    }
    // A combination reaches the blocks of its members too, each once, in order.
    reached.length = 0;
    reaching(f.start, f.end, (c) => reached.push(c));
    for (const m of f.members) reaching(m.start, m.end, (c) => reached.push(c));
    reached.sort((a, b) => a - b);
    for (let i = 0; i < reached.length; i++) if (i === 0 || reached[i] !== reached[i - 1]) add(reached[i]!, f);
  }
  const ownCuts: LocalSpan[][] = starts.map(() => []);
  for (const cut of cuts ?? []) reaching(cut.start, cut.end, (c) => ownCuts[c]!.push(clip(c, cut)));
  // In the order given, which decides between previews that overlap (previewCovering).
  const ownPreviews: LocalPreview[][] = starts.map(() => []);
  for (const preview of previews ?? [])
    reaching(preview.start, preview.end, (c) => ownPreviews[c]!.push({ ...clip(c, preview), after: preview.after, endsHere: preview.end <= endOf(c) }));
  return starts.map((start, c) => ({
    text: text.slice(start, endOf(c)),
    findings: ownFindings[c]!,
    cuts: ownCuts[c]!,
    showPlan: showPlan && ownCuts[c]!.length > 0,
    previews: ownPreviews[c]!,
    uncheckedFrom: uncheckedFrom === undefined ? Infinity : Math.max(0, uncheckedFrom - start),
  }));
}

function sameSpan(a: LocalSpan, b: LocalSpan): boolean {
  return a.start === b.start && a.end === b.end;
}

function sameList<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): boolean {
  return a.length === b.length && a.every((x, i) => same(x, b[i]!));
}

/** Whether a block drawn from `a` draws as one drawn from `b`. */
function sameInputs(a: BlockInputs, b: BlockInputs): boolean {
  return a.showPlan === b.showPlan && sameCuts(a, b);
}

/** Whether blocks drawn from `a` and `b` are cut into the same pieces, and look alike but for the plan shown or not. */
function sameCuts(a: BlockInputs, b: BlockInputs): boolean {
  return (
    a.text === b.text &&
    (a.uncheckedFrom === b.uncheckedFrom || (a.uncheckedFrom >= a.text.length && b.uncheckedFrom >= b.text.length)) &&
    sameList(a.cuts, b.cuts, sameSpan) &&
    sameList(a.previews, b.previews, (x, y) => sameSpan(x, y) && x.after === y.after && x.endsHere === y.endsHere) &&
    sameList(
      a.findings,
      b.findings,
      (x, y) =>
        x.id === y.id &&
        x.kind === y.kind &&
        x.shade === y.shade &&
        x.beginsHere === y.beginsHere &&
        sameSpan(x, y) &&
        sameList(x.members, y.members, sameSpan),
    )
  );
}

/** A block's runs, from its inputs alone. */
function drawBlock(inputs: BlockInputs, pieces: readonly Piece[]): Pick<DrawnBlock, 'content' | 'ids' | 'ruler'> {
  const { text, findings, cuts, showPlan, uncheckedFrom } = inputs;
  const { previews: marks } = inputs;
  const previews = marks.length === 0 ? undefined : { marks, overlapping: marks.some((m, i) => i > 0 && m.start < marks[i - 1]!.end) };
  const ids = new Set<string>();
  const ruler: string[] = [];
  const shown = pieces.map((piece) => ({
    inPlan: showPlan && coversSorted(cuts, piece.start, piece.end) >= 0,
    preview: previewCovering(previews, piece.start, piece.end),
  }));
  // A phrase that the plan, a preview or the unchecked part cuts in pieces draws as one mark:
  // the inner ends of neighbouring pieces that look alike are squared off, and an outline
  // round them is clipped there (app.css, join-l and join-r). Before, the pieces showed
  // notches between them, and the focus outline boxed each piece.
  const alike = (a: number, b: number): boolean => {
    const x = pieces[a];
    const y = pieces[b];
    if (x === undefined || y === undefined || (x.findings.length === 0 && x.groups.length === 0)) return false;
    return (
      sameNumbers(x.findings, y.findings) && sameNumbers(x.groups, y.groups) && shown[a]!.inPlan === shown[b]!.inPlan && shown[a]!.preview === shown[b]!.preview
    );
  };
  const runs = pieces.map((piece, p): DrawnRun => {
    const { inPlan, preview } = shown[p]!;
    const after = preview !== undefined && preview.endsHere && preview.end === piece.end ? preview.after : undefined;
    if (piece.findings.length === 0 && piece.groups.length === 0 && !inPlan && preview === undefined) {
      const look = piece.start >= uncheckedFrom ? 'unchecked' : 'plain';
      return { end: piece.end, look, classes: '', findings: '', anchor: undefined, combinations: '', groups: '', planned: false, after: undefined };
    }
    // In one pass over the covering findings, without lists made on the way: a long text
    // has tens of thousands of marks, and showing or hiding the plan draws most of them.
    let ofFindings = '';
    let combinations = '';
    let shade = Infinity;
    for (const f of piece.findings) {
      const finding = findings[f]!;
      ids.add(finding.id);
      ofFindings = ofFindings === '' ? finding.id : `${ofFindings} ${finding.id}`;
      if (finding.kind === 'single') shade = Math.min(shade, finding.shade);
      else combinations = combinations === '' ? groupName(finding.id) : `${combinations} ${groupName(finding.id)}`;
    }
    let groups = '';
    for (const g of piece.groups) groups = groups === '' ? groupName(findings[g]!.id) : `${groups} ${groupName(findings[g]!.id)}`;
    const single = shade !== Infinity;
    const combo = combinations !== '';
    const entry = rulerEntry(piece.start, piece.end - piece.start, rulerKinds(inPlan, single, combo));
    if (entry !== undefined) ruler.push(entry);
    let classes = single ? `single df-${shade}` : '';
    const add = (name: string) => (classes = classes === '' ? name : `${classes} ${name}`);
    if (combo) add('combo');
    if (inPlan) add('planned');
    if (preview !== undefined) add('previewed');
    if (alike(p, p - 1)) add('join-l');
    if (alike(p, p + 1)) add('join-r');
    return {
      end: piece.end,
      look: 'mark',
      classes,
      findings: ofFindings,
      anchor: piece.anchor === undefined ? undefined : findings[piece.anchor]!.id,
      combinations,
      groups,
      planned: inPlan,
      after,
    };
  });
  return { content: { text, runs }, ids, ruler: ruler.join(';') };
}

/** A run of a block drawn alike, and the finding whose first run it is (that mark takes the focus). */
interface Piece extends HighlightSegment {
  readonly anchor: number | undefined;
}

/**
 * The block cut into pieces drawn alike: at every finding's and member's ends, and at the
 * ends of the plan's runs, the previews and the unchecked text. Each piece names the
 * findings covering it by their index in the block's inputs.
 */
function cutBlock({ text, findings, cuts, previews, uncheckedFrom }: BlockInputs): Piece[] {
  // The other cuts go in as findings of no length of their own, and are taken out again.
  const unchecked = uncheckedFrom < text.length ? [{ start: uncheckedFrom, end: text.length }] : [];
  const extra = [...cuts, ...previews, ...unchecked].map((m): Finding => ({
    id: '',
    kind: 'single',
    start: m.start,
    end: m.end,
    text: '',
    documents: 0,
    documentIds: [],
    members: [],
  }));
  const asFindings = findings.map((f): Finding => ({ ...f, text: '', documents: 0, documentIds: [], members: f.members.map((m) => ({ ...m, text: '' })) }));
  const seen = new Set<number>();
  return highlightSegments(text.length, [...asFindings, ...extra]).map((s): Piece => {
    const own = s.findings.filter((f) => f < findings.length);
    // A finding's first run is in the block it begins in.
    const anchor = own.find((f) => !seen.has(f) && findings[f]!.beginsHere);
    own.forEach((f) => seen.add(f));
    return { ...s, findings: own, anchor };
  });
}

/** What the tooltip says about a mark whose data-findings are `ids`. */
export function explainMark(ids: string | undefined, findingsById: ReadonlyMap<string, Finding>): string[] {
  return (ids ?? '')
    .split(' ')
    .filter(Boolean)
    .flatMap((id) => {
      const finding = findingsById.get(id);
      return finding === undefined ? [] : explainFinding(finding);
    });
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
