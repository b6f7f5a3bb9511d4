import { describe, expect, it } from 'vitest';
import { DEFAULT_REWRITE_SETTINGS } from '../../shared/ipc/types.js';
import { rewriteSettingsSchema } from '../../shared/ipc/schemas.js';
import { draftOf, readDraft, type RewriteDraft } from '../../renderer/models/rewrite-settings-draft.js';

const defaults = draftOf(DEFAULT_REWRITE_SETTINGS);

describe('readDraft', () => {
  it('reads the defaults back as they were, with empty seed and answer length left to the app', () => {
    expect(defaults).toEqual({ temperature: '1.2', seed: '', maxPasses: '4', fewShot: '4', maxTokens: '' });
    expect(readDraft(defaults)).toEqual({ settings: DEFAULT_REWRITE_SETTINGS });
  });

  it('reads what a clerk types, spaces around it included', () => {
    const read = readDraft({ temperature: ' 0.8 ', seed: '42', maxPasses: '10', fewShot: '0', maxTokens: '8192' });
    expect(read).toEqual({ settings: { temperature: 0.8, seed: 42, maxPasses: 10, fewShot: 0, maxTokens: 8192 } });
  });

  it.each<[keyof RewriteDraft, string, string]>([
    ['temperature', '', 'A number from 0 to 2, such as 1.2.'],
    ['temperature', '1.', 'A number from 0 to 2, such as 1.2.'],
    ['temperature', '2.5', 'A number from 0 to 2, such as 1.2.'],
    ['temperature', '1e0', 'A number from 0 to 2, such as 1.2.'],
    ['temperature', '-0.5', 'A number from 0 to 2, such as 1.2.'],
    ['seed', '1.5', 'A whole number from 0 to 2147483647.'],
    ['seed', '2147483648', 'A whole number from 0 to 2147483647.'],
    ['maxPasses', '', 'A whole number from 1 to 10.'],
    ['maxPasses', '0', 'A whole number from 1 to 10.'],
    ['maxPasses', '0x3', 'A whole number from 1 to 10.'],
    ['fewShot', '5', 'A whole number from 0 to 4.'],
    ['maxTokens', '7', 'A whole number from 8 to 8192.'],
  ])('refuses %s = %j with the reason beside it, and only that field', (key, text, problem) => {
    expect(readDraft({ ...defaults, [key]: text })).toEqual({ problems: { [key]: problem } });
  });

  it('gives settings the contract accepts, at both ends of every bound', () => {
    for (const draft of [
      { temperature: '0', seed: '0', maxPasses: '1', fewShot: '0', maxTokens: '8' },
      { temperature: '2', seed: '2147483647', maxPasses: '10', fewShot: '4', maxTokens: '8192' },
      { temperature: '.5', seed: '', maxPasses: '3', fewShot: '2', maxTokens: '' },
    ]) {
      const read = readDraft(draft);
      if (!('settings' in read)) throw new Error(`refused ${JSON.stringify(draft)}`);
      expect(rewriteSettingsSchema.safeParse(read.settings).success).toBe(true);
    }
  });
});
