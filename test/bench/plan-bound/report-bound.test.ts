/** The optimality study's table: counts by status, and the mean plan beside its mean bound. */
import { describe, expect, it } from 'vitest';
import { boundTable, type BoundRow } from '../../../bench/plan-bound/report-bound.js';

const row = (id: string, words: number, planned: number, bound: number, status: BoundRow['status']): BoundRow => ({
  id,
  words,
  planned,
  planRatio: planned / words,
  bound,
  status,
  rounds: 1,
  constraints: 3,
  seconds: 0.5,
});

describe('boundTable', () => {
  it('counts each status and averages the ratios per judgment', () => {
    const table = boundTable([row('a', 100, 10, 10, 'minimum'), row('b', 200, 40, 20, 'open')], { capSeconds: 45, judgments: 144 });
    expect(table).toContain('the 2 shortest of 144 judgments, at most 45 s each');
    expect(table).toContain('| plan proven minimal | 1 |');
    expect(table).toContain('| open at the time cap | 1 |');
    expect(table).toContain('| a smaller clean plan found | 0 |');
    // (0.1 + 0.2) / 2 and (0.1 + 0.1) / 2.
    expect(table).toContain('edit ratio of the plan 0.1500');
    expect(table).toContain('below 0.1000');
    expect(table).toContain('| b | 200 | 40 | 20 | open | 1 | 3 | 0.5 |');
  });
});
