/**
 * A native <dialog> shown modally while its component is mounted: it traps focus and Esc
 * closes it, and on unmount focus goes back to what had it before (the button that opened
 * it), as desktop dialogs do. Every dialog of the app opens this way.
 */
import { useEffect, useRef } from 'react';

export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.showModal();
    return () => opener?.focus();
  }, []);
  return dialog;
}
