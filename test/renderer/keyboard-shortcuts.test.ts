/** The README's "Keyboard" paragraph names every shortcut the app's list (and its ? dialog) shows. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHORTCUT_GROUPS } from '../../renderer/common/keyboard-shortcuts.js';
import { projectRoot } from '../spec-paths.js';

/** The README paragraph that starts with "Keyboard:". */
function readmeKeyboardParagraph(): string {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
  const paragraph = readme.split(/\n\s*\n/u).find((p) => p.startsWith('Keyboard:'));
  if (paragraph === undefined) throw new Error('README.md has no paragraph starting with "Keyboard:"');
  return paragraph.replace(/\s+/gu, ' ');
}

/** The shortcuts of the list that `text` does not name ("Alt+1 / Alt+2" names both; "↑ ↓" names the pair). */
function unnamed(text: string): string[] {
  const keys = SHORTCUT_GROUPS.flatMap((group) => group.shortcuts.map((shortcut) => shortcut.keys));
  return [...new Set(keys)].filter((keys) => !new RegExp(`(^|[\\s(;,/])${keys.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}($|[\\s);,/.])`, 'u').test(text));
}

describe('keyboard shortcuts', () => {
  it('are each listed once per group', () => {
    for (const group of SHORTCUT_GROUPS) {
      const keys = group.shortcuts.map((shortcut) => shortcut.keys);
      expect(new Set(keys).size, group.where).toBe(keys.length);
    }
  });

  it('are all named in the README', () => {
    expect(unnamed(readmeKeyboardParagraph())).toEqual([]);
  });

  it('would catch one the README leaves out (the check can fail)', () => {
    expect(unnamed('Keyboard: Alt+1 / Alt+2 switch screens; J / K move.')).toEqual(expect.arrayContaining(['Alt+3', 'Ctrl+Z', 'Ctrl+Shift+Z', '?', 'E']));
    // "Ctrl+Shift+Z" does not name Ctrl+Z, nor "Alt+10" Alt+1.
    expect(unnamed('Ctrl+Shift+Z, Alt+10')).toEqual(expect.arrayContaining(['Ctrl+Z', 'Alt+1']));
  });
});
