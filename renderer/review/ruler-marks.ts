/**
 * Where the overview strip's marks are (OverviewRuler.tsx), read from the highlighted text
 * block by block (text-chunks.ts), and kept per block between reads.
 *
 * A block the browser has laid out has its marks measured, from the block's top. One it has
 * skipped (content-visibility: auto) is not: measuring would lay out the whole text again,
 * seconds on a long judgment. Its marks are placed by their share of the block's
 * characters, as the block itself lists them (block-ruler-marks.ts), until it is laid out.
 * A block is read once per drawing of the text: marks measured stay right from the block's
 * top whatever happens above it, so scrolling over the text measures only the blocks laid
 * out for the first time, and places every mark again from the blocks' tops. (Measuring
 * all 39,000 marks of a long text each time a block was laid out or skipped took about
 * 0.15 s, and made scrolling stutter.)
 */
import { readRulerEntries, rulerKinds } from './block-ruler-marks.js';
import type { RulerKind, RulerMark } from './overview-ruler.js';
import { BLOCK_CLASS } from './text-chunks.js';

const HIGHLIGHTED = 'mark.single, mark.combo, mark.planned';

/** One mark of a block: from the block's top in pixels (measured), or as a share of its height. */
interface BlockMark {
  readonly at: number;
  readonly size: number;
  readonly kind: RulerKind;
}

interface BlockMarks {
  readonly measured: boolean;
  readonly marks: readonly BlockMark[];
}

/** A highlighted element's kinds on the strip, from its classes (block-drawing.ts gives them alike). */
function kindsOf(element: HTMLElement): RulerKind[] {
  const classes = element.classList;
  return rulerKinds(classes.contains('planned'), classes.contains('single'), classes.contains('combo'));
}

/** Whether the browser has skipped laying out a block's content. */
function skipped(block: Element): boolean {
  const inside = block.firstElementChild;
  return inside !== null && typeof inside.checkVisibility === 'function' && !inside.checkVisibility({ contentVisibilityAuto: true });
}

function readBlock(block: HTMLElement): BlockMarks {
  if (skipped(block)) {
    // From the block's own account of its marks: reading each mark cost 0.3 s on a long text.
    const length = Number(block.dataset.end) - Number(block.dataset.start);
    const marks = readRulerEntries(block.dataset.ruler, length);
    // A block without marks needs no measuring once laid out.
    return { measured: marks.length === 0, marks };
  }
  const marks: BlockMark[] = [];
  const elements = block.querySelectorAll<HTMLElement>(HIGHLIGHTED);
  if (elements.length === 0) return { measured: true, marks };
  const top = block.getBoundingClientRect().top;
  for (const element of elements) {
    const box = element.getBoundingClientRect();
    for (const kind of kindsOf(element)) marks.push({ at: box.top - top, size: box.height, kind });
  }
  return { measured: true, marks };
}

/** The marks of the text in `frame`, read block by block and kept until `forget`. */
export class RulerMarks {
  private readonly blocks = new Map<HTMLElement, BlockMarks>();

  constructor(private readonly frame: HTMLElement) {}

  /** Reads every block anew (the text was drawn again, or rewrapped). */
  forget(): void {
    this.blocks.clear();
  }

  /**
   * Reads the blocks not read yet, and those read while skipped that the browser has laid
   * out since. Whether anything was read: if not, no mark has moved.
   */
  update(): boolean {
    let read = false;
    for (const block of this.frame.querySelectorAll<HTMLElement>(`.${BLOCK_CLASS}`)) {
      const known = this.blocks.get(block);
      if (known !== undefined && (known.measured || skipped(block))) continue;
      this.blocks.set(block, readBlock(block));
      read = true;
    }
    return read;
  }

  /** Every mark, in pixels from the top of the scrolled text, from the blocks' boxes now. */
  placed(): RulerMark[] {
    const contentTop = this.frame.getBoundingClientRect().top + this.frame.clientTop - this.frame.scrollTop;
    const marks: RulerMark[] = [];
    for (const [block, { measured, marks: inBlock }] of this.blocks) {
      if (inBlock.length === 0 || !block.isConnected) continue;
      const box = block.getBoundingClientRect();
      const top = box.top - contentTop;
      for (const mark of inBlock) {
        marks.push(
          measured
            ? { top: top + mark.at, height: mark.size, kind: mark.kind }
            : { top: top + box.height * mark.at, height: Math.max(1, box.height * mark.size), kind: mark.kind },
        );
      }
    }
    return marks;
  }
}
