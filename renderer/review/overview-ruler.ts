/**
 * Where the findings are in a long judgment, as a strip beside the text (OverviewRuler.tsx):
 * each highlighted stretch is placed at its height in the whole text, as a scroll bar
 * places the view. Marks that fall on the same pixel row of the strip merge, so a
 * judgment with 800 findings draws a few dozen bars, and the strongest kind on a row wins.
 */

/** The strip's lanes: the findings (left) and the edit plan's words (right). */
export type RulerLane = 'findings' | 'plan';

/** How a row is drawn, weakest first: a combination member, a rare phrase, a planned word. */
export type RulerKind = 'combo' | 'single' | 'planned';

const STRENGTH: Record<RulerKind, number> = { combo: 1, single: 2, planned: 3 };
const KIND_OF = ['', 'combo', 'single', 'planned'] as const;

/** A highlighted element of the text, in pixels from the top of the scrolled text. */
export interface RulerMark {
  readonly top: number;
  readonly height: number;
  readonly kind: RulerKind;
}

/** A bar of the strip, in pixels from its top. */
export interface RulerBar {
  readonly lane: RulerLane;
  readonly kind: RulerKind;
  readonly top: number;
  readonly height: number;
}

/** The lane a mark is drawn in. */
export function laneOf(kind: RulerKind): RulerLane {
  return kind === 'planned' ? 'plan' : 'findings';
}

/**
 * The bars of a strip `stripHeight` pixels tall for marks in a text `textHeight` pixels
 * tall. Every mark gets at least one row, so none is lost however long the text.
 */
export function rulerBars(marks: readonly RulerMark[], textHeight: number, stripHeight: number): RulerBar[] {
  const rows = Math.max(0, Math.floor(stripHeight));
  if (rows === 0 || textHeight <= 0) return [];
  const lanes: Record<RulerLane, Uint8Array> = { findings: new Uint8Array(rows), plan: new Uint8Array(rows) };
  for (const mark of marks) {
    const first = Math.min(rows - 1, Math.max(0, Math.floor((mark.top / textHeight) * rows)));
    const last = Math.min(rows - 1, Math.max(first, Math.ceil(((mark.top + mark.height) / textHeight) * rows) - 1));
    const lane = lanes[laneOf(mark.kind)];
    const strength = STRENGTH[mark.kind];
    for (let row = first; row <= last; row++) if (lane[row]! < strength) lane[row] = strength;
  }
  const bars: RulerBar[] = [];
  for (const lane of ['findings', 'plan'] as const) {
    const strengths = lanes[lane];
    for (let row = 0; row < rows;) {
      const strength = strengths[row]!;
      let end = row + 1;
      while (end < rows && strengths[end] === strength) end++;
      if (strength > 0) bars.push({ lane, kind: KIND_OF[strength] as RulerKind, top: row, height: end - row });
      row = end;
    }
  }
  return bars;
}

/** Where to scroll so that the text at `fraction` of its height is in the middle of the view. */
export function scrollTopFor(fraction: number, textHeight: number, viewHeight: number): number {
  const wanted = Math.min(1, Math.max(0, fraction)) * textHeight - viewHeight / 2;
  return Math.min(Math.max(0, textHeight - viewHeight), Math.max(0, wanted));
}
