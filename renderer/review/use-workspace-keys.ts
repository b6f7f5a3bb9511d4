/**
 * The workspace's shortcuts: Ctrl+F find and F3 next match (Shift+F3 the one before),
 * Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, E edit, J/K next/previous finding. A text field
 * or a dialog (the export, the shortcuts list) has the keys while it has the focus.
 */
import { useEffect } from 'react';
import type { Finding } from '../../shared/review/findings.js';
import { keyIsForFieldOrDialog } from '../common/keyboard-shortcuts.js';
import { nextFinding, type FocusPlace } from './next-finding.js';
import type { FindState } from './use-find.js';

export interface WorkspaceKeys {
  /** The export dialog is open: it has the keys. */
  readonly exporting: boolean;
  readonly editing: boolean;
  readonly find: FindState;
  readonly undo: () => void;
  readonly redo: () => void;
  readonly edit: () => void;
  readonly findings: readonly Finding[];
  readonly focusedId: string | null;
  /** Where the focused finding began (J and K go on from there once an edit has taken it), read at the key. */
  readonly focusPlace: { readonly current: FocusPlace | null };
  readonly text: string;
  readonly jumpTo: (start: number, id: string) => void;
}

export function useWorkspaceKeys(keys: WorkspaceKeys): void {
  // Registered anew at each render, so that the handler sees this render's state.
  useEffect(() => {
    const { exporting, editing, find, undo, redo, edit, findings, focusedId, focusPlace, text, jumpTo } = keys;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (exporting || keyIsForFieldOrDialog(target)) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f' && !editing) {
        event.preventDefault();
        find.show();
      } else if (event.key === 'F3' && find.open && !editing) {
        event.preventDefault();
        find.step(event.shiftKey ? -1 : 1);
      } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        if (event.shiftKey) redo();
        else undo();
      } else if (event.ctrlKey && !event.shiftKey && event.key.toLowerCase() === 'y') {
        // Redo's key on Windows, as Electron's Edit menu shows it there.
        event.preventDefault();
        redo();
      } else if (event.key === 'e' && !event.ctrlKey && !event.metaKey && !editing) {
        event.preventDefault();
        edit();
      } else if ((event.key === 'j' || event.key === 'k') && findings.length > 0 && target.dataset.item === undefined) {
        // Not on a row of the findings list (data-item), where K keeps the row's phrase.
        const next = nextFinding(findings, focusedId, focusPlace.current, text, event.key === 'j' ? 1 : -1)!;
        jumpTo(next.start, next.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}
