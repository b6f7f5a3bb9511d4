/** The section of BENCHMARKS.md on the long text in the review screen. */
import { describe, expect, it } from 'vitest';
import { renderUiLongTextSection } from '../../bench/report-ui-long-text.js';

describe('renderUiLongTextSection', () => {
  it('gives what the clerk waits for, in seconds, and says why a run measured nothing', () => {
    const results = {
      words: 37097,
      marks: 38961,
      findingsShownSeconds: 2.16,
      planShownSeconds: 8.83,
      toPhrasesMs: 1390.1,
      toPlanMs: 45.2,
      nextFindingMs: 45.78,
      scrollFrameMs: 16.9,
      scrollLongestTaskMs: 0,
      editingFrameMs: 16.7,
      keystrokeMedianMs: 352.08,
      keystrokeMaxMs: 484.9,
      chromium: '156.0.8078.114',
    };
    const section = renderUiLongTextSection(results);
    expect(section).toContain('(37,097 words)');
    expect(section).toContain('shows 38,961 highlighted stretches');
    expect(section).toContain('| drops the text: its findings on screen | 2.2 s |');
    expect(section).toContain('| … and the plan ready | 8.8 s |');
    expect(section).toContain('| scrolls 20,000 px, 100 px a frame: mean frame, longest task | 17 ms, none over 50 ms |');
    expect(section).toContain('| switches from the plan to the phrases | 1.39 s |');
    expect(section).toContain('| J to the next finding | 0.05 s |');
    expect(section).toContain('| switches back to the plan | 0.05 s |');
    expect(section).toContain('| a frame while editing, when only the caret or a spinner repaints (median of 60) | 17 ms |');
    expect(section).toContain('| types a key in the editor (median of 5, slowest) | 0.35 s, 0.48 s |');
    expect(renderUiLongTextSection({ ...results, scrollLongestTaskMs: 126.4 })).toContain('| 17 ms, 126 ms |');
    expect(section).not.toContain('Changes tab');
    expect(renderUiLongTextSection({ ...results, changesTabMs: 812.3, changesShown: 10830 })).toContain(
      '| accepts the plan, then opens the Changes tab: the text word by word, 10,830 additions shown | 0.81 s |',
    );
    expect(section).not.toContain('placeholder suggestions');
    const suggested = renderUiLongTextSection({ ...results, suggestions: { shownMs: 1612.4, count: 6152, tabAgainMs: 151.2, acceptOneMs: 2712.9 } });
    expect(suggested).toContain('| asks for placeholder suggestions: 6,152 cards, those near the screen drawn | 1.61 s |');
    expect(suggested).toContain('| opens the Suggestions tab again | 0.15 s |');
    expect(suggested).toContain('| accepts one suggestion, until the list has one fewer | 2.71 s |');
    expect(suggested).not.toContain('rejects one');
    expect(
      renderUiLongTextSection({ ...results, suggestions: { shownMs: 1612.4, count: 6152, tabAgainMs: 151.2, acceptOneMs: 2712.9, rejectOneMs: 612.2 } }),
    ).toContain('| rejects one suggestion, until the list has one fewer | 0.61 s |\n| accepts one suggestion, until the list has one fewer | 2.71 s |\n');
    expect(renderUiLongTextSection({ skipped: 'no Chromium at /usr/bin/chromium (set CHROMIUM_PATH)' })).toContain(
      'Not measured in this run: no Chromium at /usr/bin/chromium (set CHROMIUM_PATH).',
    );
    expect(renderUiLongTextSection(undefined)).toContain('Not measured in this run.');
  });
});
