/**
 * The minimal plan at arity ≤ 3 on a real judgment: its source and 100 other court
 * judgments from ../shared/data as the collection, in memory.
 * - Without the cover plan, greedy rounds only add words; pruning again after each
 *   linkage a pruned plan exposes takes back the ones later rounds made unnecessary (on
 *   echr-001-100188 against this collection: 147 words → 106).
 * - The cover plan (keep only what one other judgment also holds) is smaller still: 94.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMemoryIndex } from '../../../../electron/index-store/memory-index.js';
import { detectLinkage } from '../../../../shared/linkage/detect.js';
import type { PhraseIndex } from '../../../../shared/linkage/phrase-index.js';
import { planEdits } from '../../../../shared/linkage/plan/edit-plan.js';
import { readJsonlGz } from '../../../helpers/shared-data.js';
import { join } from '../../../helpers/temp-dir.js';
import { dataDir, hasSharedData, warnIfNoSharedData } from '../../../spec-paths.js';

interface Released {
  id: string;
  text: string;
  original_id: string;
}

const JUDGMENT = 'echr-001-100188-deid';
let index: PhraseIndex;
let released: Released;

beforeAll(() => {
  warnIfNoSharedData('the minimal plan on a real judgment');
  if (!hasSharedData) return;
  released = readJsonlGz<Released>(join(dataDir, 'court', 'deidentified.jsonl.gz')).find((d) => d.id === JUDGMENT)!;
  const all = readJsonlGz<{ id: string; text: string }>(join(dataDir, 'court', 'collection.jsonl.gz'));
  const collection = [...all.filter((d) => d.id === released.original_id), ...all.filter((d) => d.id !== released.original_id).slice(0, 100)];
  index = buildMemoryIndex(collection.map((d) => ({ id: d.id, text: d.text })));
});

describe.skipIf(!hasSharedData)('the minimal plan on a court judgment at arity ≤ 3', () => {
  it('ends clean and smaller when the greedy plan is pruned again after each exposed linkage', () => {
    const settings = { k: 2, arity: 3 as const, maxN: 8, sourceId: released.original_id };
    const once = planEdits(index, released.text, settings, { pruneAttempts: 1, cover: false });
    const again = planEdits(index, released.text, settings, { cover: false });
    for (const plan of [once, again]) {
      expect(plan.clean).toBe(true);
      const after = detectLinkage(index, plan.redacted, settings);
      expect([...after.minimal, ...after.combinations]).toEqual([]);
      expect(plan.tokens.length).toBeGreaterThanOrEqual(plan.lowerBound);
    }
    expect(again.tokens.length).toBeLessThan(once.tokens.length * 0.9);
  });

  it('takes the cover plan where it is smaller than the rounds, and names the judgment it keeps from', () => {
    const settings = { k: 2, arity: 3 as const, maxN: 8, sourceId: released.original_id };
    const rounds = planEdits(index, released.text, settings, { cover: false });
    const covered = planEdits(index, released.text, settings);
    expect(covered.clean).toBe(true);
    const after = detectLinkage(index, covered.redacted, settings);
    expect([...after.minimal, ...after.combinations]).toEqual([]);
    expect(covered.cover).toHaveLength(1);
    expect(covered.cover![0]).not.toBe(released.original_id);
    expect(covered.tokens.length).toBeLessThan(rounds.tokens.length);
    expect(covered.tokens.length).toBeGreaterThanOrEqual(covered.lowerBound);
    // Fewer detections: the rounds stop once the cover plan is known to be smaller.
    expect(covered.rounds).toBeLessThan(rounds.rounds);
  });
});
