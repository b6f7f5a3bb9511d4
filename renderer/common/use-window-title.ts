/**
 * The window's title names what is on screen, as desktop apps do (Electron takes the
 * page's title); the title before comes back when it goes.
 */
import { useEffect } from 'react';

export function useWindowTitle(title: string): void {
  useEffect(() => {
    const previous = window.document.title;
    window.document.title = title;
    return () => {
      window.document.title = previous;
    };
  }, [title]);
}
