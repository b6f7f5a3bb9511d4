/** The plan's words for the clerk: the summary line, and why each planned run is there. */
import { describe, expect, it } from 'vitest';
import { buildMemoryIndex } from '../../../../electron/index-store/memory-index.js';
import { planEdits } from '../../../../shared/linkage/plan/edit-plan.js';
import { plannedRunReason, planSummary } from '../../../../shared/linkage/plan/plan-summary.js';

describe('plannedRunReason', () => {
  it('names what a run breaks, up to three phrases', () => {
    const reason = plannedRunReason({ spans: 2, combinations: 1, phrases: ['alpha beta', 'gamma', 'delta', 'epsilon'] }, undefined);
    expect(reason).toBe('breaks 2 rare phrases and 1 combination: “alpha beta”, “gamma”, “delta”, …');
  });

  it('says why a run of the cover plan is there when it breaks nothing the check listed', () => {
    expect(plannedRunReason({ spans: 0, combinations: 0, phrases: [] }, ['doc-7'])).toBe(
      'its phrases are not in doc-7: kept, they could combine with other phrases into a linkage',
    );
    expect(plannedRunReason({ spans: 0, combinations: 0, phrases: [] }, undefined)).toBe('breaks what the last check found');
  });
});

describe('planSummary', () => {
  it('names the document whose phrases a cover plan keeps', () => {
    // The source shares "the court held that" with doc-b only; the rest is its own.
    const documents = [
      { id: 'source', text: 'the court held that the applicant was detained in moorland prison' },
      { id: 'doc-b', text: 'the court held that the claim failed' },
      { id: 'doc-c', text: 'the applicant was heard. the court sat' },
    ];
    const index = buildMemoryIndex(documents);
    const text = documents[0]!.text;
    const plan = planEdits(index, text, { k: 2, arity: 3, maxN: 8, sourceId: 'source' });
    expect(plan.clean).toBe(true);
    if (plan.cover === undefined) throw new Error('expected the cover plan');
    expect(planSummary(text, plan)).toMatch(
      new RegExp(
        `^Change ${plan.tokens.length} words? \\(edit ratio 0\\.\\d\\d\\) and nothing links at k=2, arity ≤3, keeping only phrases that ${plan.cover[0]} also holds$`,
        'u',
      ),
    );
  });

  it('groups the words to change in thousands, as the sentence around them is English', () => {
    // Every word of the text only its source holds is a rare phrase of its own.
    const text = Array.from({ length: 1_200 }, (_, i) => `w${i}x`).join(' ');
    const index = buildMemoryIndex([
      { id: 'source', text },
      { id: 'other', text: 'nothing in common here' },
    ]);
    const plan = planEdits(index, text, { k: 2, arity: 1, maxN: 8, sourceId: 'source' });
    expect(plan.tokens).toHaveLength(1_200);
    expect(planSummary(text, plan)).toMatch(/^Change 1,200 words \(edit ratio 1\.00\) and nothing links at k=2, arity 1/u);
  });
});
