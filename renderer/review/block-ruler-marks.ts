/**
 * A block's marks for the overview strip, worked out with the block's drawing
 * (block-drawing.ts) into one attribute of the block, `data-ruler`, and read by the strip
 * (ruler-marks.ts) for the blocks the browser has not laid out.
 *
 * Why: the strip places a skipped block's marks by their share of its characters. Reading
 * that from each mark (its place, text and classes) cost 0.2–0.3 s on the 35,000-word
 * text of BENCHMARKS.md, whose 39,000 marks were read again at every drawing: after each
 * check, the plan's arrival and each accepted suggestion, several times for one edit (0.74 s
 * of one accept, against 0.18 s now). The block knows the same from what it draws, and one
 * attribute a block is read in a few milliseconds.
 *
 * The format: entries separated by ";", each "at length kinds": the mark's start from the
 * block's start and its length, in characters, and its kinds on the strip as letters (p:
 * planned, s: rare phrase, c: combination member).
 */
import type { RulerKind } from './overview-ruler.js';

const LETTER: Record<RulerKind, string> = { planned: 'p', single: 's', combo: 'c' };
const KIND_OF_LETTER: Record<string, RulerKind> = { p: 'planned', s: 'single', c: 'combo' };

/** A mark's kinds on the strip: a planned word that is also a finding shows in both lanes; a rare phrase outranks a combination member. */
export function rulerKinds(planned: boolean, single: boolean, combo: boolean): RulerKind[] {
  const kinds: RulerKind[] = [];
  if (planned) kinds.push('planned');
  if (single) kinds.push('single');
  else if (combo) kinds.push('combo');
  return kinds;
}

/** One entry of the attribute, or undefined for a mark the strip does not show (a preview, say). */
export function rulerEntry(at: number, length: number, kinds: readonly RulerKind[]): string | undefined {
  if (kinds.length === 0) return undefined;
  return `${at} ${length} ${kinds.map((kind) => LETTER[kind]).join('')}`;
}

/** One mark read back: where it starts and how long it is, as shares of the block's characters. */
export interface ShareMark {
  readonly at: number;
  readonly size: number;
  readonly kind: RulerKind;
}

/** The marks of a block of `blockLength` characters, from its attribute. */
export function readRulerEntries(attribute: string | undefined, blockLength: number): ShareMark[] {
  const marks: ShareMark[] = [];
  if (attribute === undefined || attribute === '') return marks;
  const length = Math.max(1, blockLength);
  for (const entry of attribute.split(';')) {
    const [at, size, letters] = entry.split(' ');
    for (const letter of letters ?? '') {
      const kind = KIND_OF_LETTER[letter];
      if (kind !== undefined) marks.push({ at: Number(at) / length, size: Number(size) / length, kind });
    }
  }
  return marks;
}
