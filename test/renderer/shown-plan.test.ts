/**
 * The plan's runs drawn on the text move with it while the plan of the new text is on its
 * way (shown-plan.ts), and only then: a plan that will not come draws nothing.
 */
import { describe, expect, it } from 'vitest';
import { nextShownPlan } from '../../renderer/review/shown-plan.js';

const text = 'The applicant lives in Oslo and works as a teacher in Bergen.';
const runOf = (on: string, word: string) => ({ start: on.indexOf(word), end: on.indexOf(word) + word.length });
const words = (runs: readonly { start: number; end: number }[] | undefined, on: string) => runs?.map((r) => on.slice(r.start, r.end));
const plan = [runOf(text, 'Oslo'), runOf(text, 'teacher'), runOf(text, 'Bergen')];
const accepted = text.replace('Oslo', '[PLACE]');

describe('nextShownPlan', () => {
  it('draws the plan made for the text', () => {
    expect(words(nextShownPlan(undefined, plan, true, text, 'k=2').runs, text)).toEqual(['Oslo', 'teacher', 'Bergen']);
  });

  it('moves the last plan with the text while the new one comes: runs the edit touched go, the others shift', () => {
    const shown = nextShownPlan(undefined, plan, true, text, 'k=2');
    const moved = nextShownPlan(shown, undefined, true, accepted, 'k=2');
    expect(words(moved.runs, accepted)).toEqual(['teacher', 'Bergen']);
    // Asked again with nothing new, it is the same object (the hook keeps it as its state).
    expect(nextShownPlan(moved, undefined, true, accepted, 'k=2')).toBe(moved);
    // The plan that comes and draws the same keeps the same array: the text is not cut again.
    const fresh = [runOf(accepted, 'teacher'), runOf(accepted, 'Bergen')];
    expect(nextShownPlan(moved, fresh, true, accepted, 'k=2').runs).toBe(moved.runs);
    // One that draws otherwise is drawn.
    const other = [runOf(accepted, 'works')];
    expect(nextShownPlan(moved, other, true, accepted, 'k=2').runs).toBe(other);
  });

  it('moves nothing onto a plan for other settings or other kept words: a kept word must not look planned', () => {
    const shown = nextShownPlan(undefined, plan, true, text, 'k=2');
    expect(nextShownPlan(shown, undefined, true, text, 'k=2|kept Oslo').runs).toBeUndefined();
    expect(nextShownPlan(shown, undefined, true, accepted, 'k=3').runs).toBeUndefined();
  });

  it('draws nothing when no plan of the text is coming (a failed or stopped plan, the phrases listed)', () => {
    const shown = nextShownPlan(undefined, plan, true, text, 'k=2');
    expect(nextShownPlan(shown, undefined, false, accepted, 'k=2').runs).toBeUndefined();
    expect(nextShownPlan(shown, undefined, false, text, 'k=2').runs).toBeUndefined();
  });
});
