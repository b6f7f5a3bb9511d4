/**
 * How the plan moved when the kept words changed (plan-shift.ts), against a word-by-word
 * brute force on random plans of the same text; the rows marked new (planItems); the
 * sentence the clerk reads; and when a shift is worked out at all (nextSeenPlan).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlannedRunView, PlanView } from '../../shared/ipc/types.js';
import { tokenize } from '../../shared/tokenizer/tokenize.js';
import { planItems } from '../../renderer/review/finding-items.js';
import { nextSeenPlan, planShift } from '../../renderer/review/plan-shift.js';
import { planShiftSentence } from '../../renderer/review/PlanShiftNote.js';
import { keepCostSentence } from '../../renderer/review/KeepForm.js';

const WORDS = ['the', 'court', 'held', ',', 'applicant', '.', 'Oslo', '(', 'tax', ')'];

/** A plan of `text` as the engine sends it: runs of planned tokens that only whitespace separates. */
function runsOf(text: string, starts: Int32Array, ends: Int32Array, planned: readonly boolean[]): PlannedRunView[] {
  const runs: PlannedRunView[] = [];
  let words: number[] = [];
  const close = (): void => {
    if (words.length === 0) return;
    const start = words[0]!;
    const end = words.at(-1)!;
    runs.push({ start, end, words, text: text.slice(start, end), spans: 1, combinations: 0, phrases: [] });
    words = [];
  };
  for (let t = 0; t < starts.length; t++) {
    if (!planned[t]) {
      close();
      continue;
    }
    // A token not planned, or anything but whitespace, between two planned ones ends the run.
    if (words.length > 0 && text.slice(words.at(-1)!, starts[t]!).trim() !== '') close();
    words.push(starts[t]!, ends[t]!);
  }
  close();
  return runs;
}

const instanceArb = fc
  .record({
    words: fc.array(fc.integer({ min: 0, max: WORDS.length - 1 }), { minLength: 1, maxLength: 40 }),
    glue: fc.array(fc.constantFrom(' ', '', '  ', '\n'), { minLength: 40, maxLength: 40 }),
    before: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
    after: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
    kept: fc.array(fc.tuple(fc.nat(200), fc.integer({ min: 1, max: 12 })), { maxLength: 3 }),
  })
  .map(({ words, glue, before, after, kept }) => {
    const text = words.map((w, i) => WORDS[w]! + (i + 1 < words.length ? glue[i]! || ' ' : '')).join('');
    const tokens = tokenize(text, {});
    const ranges = kept.map(([at, length]) => ({ start: at % text.length, end: Math.min(text.length, (at % text.length) + length) }));
    return { text, tokens, before, after, kept: ranges };
  });

describe('planShift', () => {
  it('counts and shades, word by word, what a brute force finds, and the figures add up', () => {
    let moved = 0;
    fc.assert(
      fc.property(instanceArb, ({ text, tokens, before, after, kept }) => {
        const count = tokens.count;
        const inBefore = (t: number) => before[t]!;
        const inAfter = (t: number) => after[t]!;
        const isKept = (t: number) => kept.some((r) => r.start < tokens.ends[t]! && r.end > tokens.starts[t]!);
        const old = runsOf(text, tokens.starts, tokens.ends, before);
        const now = runsOf(text, tokens.starts, tokens.ends, after);
        const shift = planShift(old, now, kept);

        const all = Array.from({ length: count }, (_, t) => t);
        const fresh = all.filter((t) => inAfter(t) && !inBefore(t));
        expect(shift.before).toBe(all.filter(inBefore).length);
        expect(shift.after).toBe(all.filter(inAfter).length);
        expect(shift.newlyPlannedWords).toBe(fresh.length);
        expect(shift.keptWords).toBe(all.filter((t) => inBefore(t) && !inAfter(t) && isKept(t)).length);
        expect(shift.releasedWords).toBe(all.filter((t) => inBefore(t) && !inAfter(t) && !isKept(t)).length);
        expect(shift.after).toBe(shift.before + shift.newlyPlannedWords - shift.releasedWords - shift.keptWords);

        // The shaded spans: ascending, apart, each inside one run of the new plan, holding
        // every newly planned word and no word planned before; and as few as that allows.
        const shaded = (t: number) => shift.newlyPlanned.some((s) => s.start <= tokens.starts[t]! && tokens.ends[t]! <= s.end);
        for (const t of all) expect(shaded(t)).toBe(fresh.includes(t));
        shift.newlyPlanned.forEach((span, i) => {
          if (i > 0) expect(span.start).toBeGreaterThan(shift.newlyPlanned[i - 1]!.end);
          expect(now.some((run) => run.start <= span.start && span.end <= run.end)).toBe(true);
        });
        // Two new words of one run with no old planned word between them share a span.
        for (let i = 1; i < fresh.length; i++) {
          const [a, b] = [fresh[i - 1]!, fresh[i]!];
          const sameRun = now.some((run) => run.start <= tokens.starts[a]! && tokens.ends[b]! <= run.end);
          const oldBetween = all.some((t) => t > a && t < b && inAfter(t));
          const together = shift.newlyPlanned.some((s) => s.start <= tokens.starts[a]! && tokens.ends[b]! <= s.end);
          expect(together).toBe(sameRun && !oldBetween);
        }

        // A row is new exactly when its run holds a newly planned word.
        const view = { runs: now, cover: undefined } as unknown as PlanView;
        const rows = planItems(view, shift.newlyPlanned);
        rows.forEach((row, r) => {
          const run = now[r]!;
          const holdsNew = fresh.some((t) => run.start <= tokens.starts[t]! && tokens.ends[t]! <= run.end);
          expect(row.newlyPlanned === true).toBe(holdsNew);
        });
        if (fresh.length > 0 && shift.releasedWords > 0) moved++;
      }),
      { numRuns: 2000 },
    );
    // The property saw plans that moved both ways, not only empty or equal ones.
    expect(moved).toBeGreaterThan(100);
  });

  it('says the figures in a sentence, and says when the rest of the plan stayed', () => {
    const moved = { before: 357, after: 445, newlyPlanned: [], newlyPlannedWords: 165, releasedWords: 76, keptWords: 1 };
    expect(planShiftSentence(moved)).toBe(
      'The kept words changed, and the plan moved: 445 words to change instead of 357. 165 words newly planned (shaded in the text, “new” in the list), 76 words no longer planned; 1 word of the last plan now kept.',
    );
    const stayed = { before: 12, after: 11, newlyPlanned: [], newlyPlannedWords: 0, releasedWords: 0, keptWords: 1 };
    expect(planShiftSentence(stayed)).toBe(
      'The kept words changed, and the rest of the plan stayed: 11 words to change instead of 12; 1 word of the last plan now kept.',
    );
    expect(planShiftSentence({ ...stayed, after: 12, keptWords: 0 })).toBe('The kept words changed, and the plan stayed as it was (12 words to change).');
  });
});

describe('nextSeenPlan', () => {
  const text = 'The applicant lives in Oslo and works in Bergen.';
  const run = (word: string, on = text): PlannedRunView => {
    const start = on.indexOf(word);
    return { start, end: start + word.length, words: [start, start + word.length], text: word, spans: 1, combinations: 0, phrases: [] };
  };
  const first = [run('Oslo'), run('Bergen')];
  const oslo = { start: text.indexOf('Oslo'), end: text.indexOf('Oslo') + 4 };

  it('works out a shift only between two plans of the same text and settings made around other kept words', () => {
    const seen = nextSeenPlan(undefined, first, text, 'k=2', '', []);
    expect(seen?.shift).toBeUndefined();
    // The clerk keeps "Oslo"; the plan moves to "lives".
    const second = [run('lives'), run('Bergen')];
    const kept = nextSeenPlan(seen, second, text, 'k=2', '7', [oslo]);
    expect(kept?.shift).toMatchObject({ before: 2, after: 2, newlyPlannedWords: 1, releasedWords: 0, keptWords: 1 });
    // Asked again with the same plan, or while no plan is ready, nothing new is worked out.
    expect(nextSeenPlan(kept, second, text, 'k=2', '7', [oslo])).toBe(kept);
    expect(nextSeenPlan(kept, undefined, text, 'k=2', '', [])).toBe(kept);
    // A new check of the same text and kept words plans again: no shift to tell.
    expect(nextSeenPlan(kept, [...second], text, 'k=2', '7', [oslo])?.shift).toBeUndefined();
    // Nor after other settings, or an edit.
    expect(nextSeenPlan(kept, first, text, 'k=3', '', [])?.shift).toBeUndefined();
    const edited = text.replace('Bergen', 'Trondheim');
    expect(nextSeenPlan(kept, [run('Trondheim', edited)], edited, 'k=2', '', [])?.shift).toBeUndefined();
  });
});

describe('keepCostSentence', () => {
  it('says what keeping would do, and nothing when there is no plan to compare with', () => {
    const shift = { before: 357, after: 445, newlyPlanned: [], newlyPlannedWords: 165, releasedWords: 76, keptWords: 1 };
    expect(keepCostSentence({ status: 'none' })).toBeUndefined();
    expect(keepCostSentence({ status: 'working', job: undefined })).toBe('Working out how keeping it would move the plan…');
    const job = { id: 'j', kind: 'plan-preview', state: 'running', phase: 'detection 2', done: 40, total: 100, startedAt: '' } as const;
    expect(keepCostSentence({ status: 'working', job })).toBe('Working out how keeping it would move the plan… (check 2: 40 %)');
    expect(keepCostSentence({ status: 'working', job: { ...job, phase: 'starting' } })).toBe('Working out how keeping it would move the plan…');
    expect(keepCostSentence({ status: 'ready', shift, clean: true })).toBe(
      'Kept, the plan would change 445 words instead of 357: 165 words newly planned, 76 words no longer.',
    );
    expect(keepCostSentence({ status: 'ready', shift: { ...shift, after: 356, newlyPlannedWords: 0, releasedWords: 0 }, clean: false })).toBe(
      'Kept, the plan would change 356 words instead of 357: no other word would move. Linkages would remain that only kept words could break.',
    );
    // A phrase none of whose words is planned, kept without moving the plan.
    expect(keepCostSentence({ status: 'ready', shift: { ...shift, after: 357, newlyPlannedWords: 0, releasedWords: 0, keptWords: 0 }, clean: true })).toBe(
      'Kept, the plan would stay as it is (357 words).',
    );
    expect(keepCostSentence({ status: 'failed' })).toMatch(/could not be worked out; it can be kept all the same/u);
  });
});
