import { describe, expect, it } from 'vitest';
import { parseSavedRewriteSettings } from '../../../electron/services/saved-rewrite-settings.js';
import { DEFAULT_REWRITE_SETTINGS } from '../../../shared/ipc/types.js';

describe('parseSavedRewriteSettings', () => {
  it('gives the defaults when nothing is saved, and fills fields an older save lacks', () => {
    expect(parseSavedRewriteSettings(undefined)).toEqual(DEFAULT_REWRITE_SETTINGS);
    expect(parseSavedRewriteSettings(JSON.stringify({ temperature: 0.7 }))).toEqual({ ...DEFAULT_REWRITE_SETTINGS, temperature: 0.7 });
  });

  it.each(['{not json', 'null', '"text"', '[0.7]', '42', JSON.stringify({ temperature: 'hot' })])(
    'refuses the damaged row %s with a message that says what to do',
    (saved) => {
      expect(() => parseSavedRewriteSettings(saved)).toThrow(/damaged\. Set them again on the Model screen/u);
    },
  );
});
