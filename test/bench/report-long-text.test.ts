/** The long-text section of BENCHMARKS.md. */
import { describe, expect, it } from 'vitest';
import { renderLongTextSection } from '../../bench/report-long-text.js';

describe('renderLongTextSection', () => {
  it('gives each step its seconds and what it found, and says when something still links', () => {
    const results = {
      judgments: 60,
      words: 36903,
      checkSeconds: 10.44,
      spans: 9078,
      combinations: 12190,
      planSeconds: 21.26,
      longestPauseMs: 812.4,
      planned: 15728,
      clean: true,
      editRatio: 0.42634,
      ratioSeconds: 0.512,
    };
    const section = renderLongTextSection(results);
    expect(section).toContain('the first 60 de-identified judgments');
    expect(section).toContain('(36,903 words)');
    expect(section).toContain('| check | 10.4 | 9,078 rare phrases, 12,190 combinations |');
    expect(section).toContain('| edit plan | 21.3 | 15,728 words to change, nothing links after it; longest time between two steps 812 ms |');
    expect(section).toContain('| edit ratio of the plan | 0.51 | 0.426 |');
    expect(renderLongTextSection({ ...results, clean: false })).toContain('**something still links after it**');
    expect(renderLongTextSection(undefined)).toContain('Not measured');
    expect(section).not.toContain('repeats itself');
    const repeated = { judgments: 6, copies: 8, words: 40123, checkSeconds: 3.14, spans: 11144, combinations: 13249 };
    expect(renderLongTextSection({ ...results, repeated })).toContain(
      '| check of a text that repeats itself (the first 6 judgments 8 times over, 40,123 words) | 3.1 | 11,144 rare phrases, 13,249 combinations |',
    );
  });
});
