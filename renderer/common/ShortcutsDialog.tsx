/**
 * The list of keyboard shortcuts, opened with ? or the top bar's button. A native modal
 * dialog: it traps focus, Esc closes it, and focus returns to where it was.
 */
import { SHORTCUT_GROUPS } from './keyboard-shortcuts.js';
import { useModalDialog } from './use-modal-dialog.js';

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const dialog = useModalDialog();
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="shortcuts-title" data-testid="shortcuts-dialog" className="shortcuts">
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      {SHORTCUT_GROUPS.map((group) => (
        <section key={group.where}>
          <h3>{group.where}</h3>
          <dl>
            {group.shortcuts.map((shortcut) => (
              <div key={shortcut.keys + shortcut.action}>
                <dt>
                  <kbd>{shortcut.keys}</kbd>
                </dt>
                <dd>{shortcut.action}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <div className="actions">
        <button type="button" className="primary" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
