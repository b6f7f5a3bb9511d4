/**
 * Every keyboard shortcut of the app, in one list: the shortcuts dialog (?) shows it, and a
 * test holds the README's "Keyboard" paragraph to it, so neither can quietly fall behind
 * the handlers (App.tsx, use-workspace-keys.ts, ItemBlock.tsx, SidePanel.tsx).
 */
export interface KeyboardShortcut {
  /** The keys as written for people, e.g. "Alt+1" or "Ctrl+Shift+Z". */
  readonly keys: string;
  readonly action: string;
}

export interface ShortcutGroup {
  /** Where the shortcuts work. */
  readonly where: string;
  readonly shortcuts: readonly KeyboardShortcut[];
}

export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    where: 'Anywhere',
    shortcuts: [
      { keys: 'Alt+1', action: 'Review screen' },
      { keys: 'Alt+2', action: 'Collections screen' },
      { keys: 'Alt+3', action: 'Model screen' },
      { keys: '?', action: 'This list of shortcuts' },
    ],
  },
  {
    where: 'Reviewing a document (outside text fields)',
    shortcuts: [
      { keys: 'J', action: 'Next finding in the text' },
      { keys: 'K', action: 'Previous finding in the text' },
      { keys: 'E', action: 'Edit the text by hand' },
      { keys: 'Ctrl+F', action: 'Find in the text' },
      { keys: 'F3', action: 'Next match (Shift+F3: previous; Enter and Shift+Enter in the find field)' },
      { keys: 'Esc', action: 'Stop editing (in the editor)' },
      { keys: 'Ctrl+Z', action: 'Undo a change to the text, or a rejection, keep or withdrawal made here' },
      { keys: 'Ctrl+Shift+Z', action: 'Redo' },
      { keys: 'Ctrl+Y', action: 'Redo (the key Windows uses)' },
    ],
  },
  {
    where: 'In the findings list',
    shortcuts: [
      { keys: '↑ ↓', action: 'Previous / next item' },
      { keys: 'Enter', action: 'Show the phrase in the text' },
      { keys: 'P', action: 'Replace it with the placeholder (the focus goes on to the next row)' },
      { keys: 'M', action: 'Send it to the model' },
      { keys: 'K', action: 'Keep it, with a reason (the focus goes on to the next row)' },
    ],
  },
  {
    where: 'In the suggestions',
    shortcuts: [
      { keys: 'Tab', action: 'Next button or card' },
      { keys: 'Enter', action: 'Press the focused button: after Accept or Reject, the focus is on the same button of the next card' },
    ],
  },
  {
    where: 'On the side panel’s tabs',
    shortcuts: [{ keys: '← →', action: 'Previous / next tab' }],
  },
];

/**
 * True when a key press belongs to a text field or to an open dialog, not to the app's
 * single-key shortcuts (J, K, E, ?…): the one guard every shortcut handler uses.
 */
export function keyIsForFieldOrDialog(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('dialog[open]') !== null;
}
