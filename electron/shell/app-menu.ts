/**
 * The application menu, in place of Electron's default one. That one's View menu offers
 * reload and the developer tools in every build, and unpackaged builds get a Help menu
 * whose items open electronjs.org and GitHub in the system browser: an app for an
 * air-gapped archive offers no way out to the network, even in development. Every item
 * here is one of Electron's standard roles, so none can run code of ours or open a URL;
 * reload and the developer tools stay with unpackaged builds.
 */
import type { MenuItemConstructorOptions } from 'electron';

type Role = NonNullable<MenuItemConstructorOptions['role']>;

export interface MenuContext {
  readonly platform: NodeJS.Platform;
  /** False in development (`npm start`): reload and the developer tools are offered. */
  readonly packaged: boolean;
}

const separator: MenuItemConstructorOptions = { type: 'separator' };

function items(roles: readonly (Role | 'separator')[]): MenuItemConstructorOptions[] {
  return roles.map((role) => (role === 'separator' ? separator : { role }));
}

/**
 * The Edit menu of Linux and Windows: Electron's own (its editMenu role), but Undo and Redo
 * leave Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y to the page. There a menu's accelerators are taken
 * in the main process before the page sees the key, and the undo role runs Chromium's undo,
 * which acts in text fields only: the review screen's Ctrl+Z (undo a version, a rejection,
 * a keep) never ran. The page's text fields undo by themselves, so nothing is lost. On macOS
 * the page sees a key before the menu does, and the menu stays Electron's.
 */
function editItems(): MenuItemConstructorOptions[] {
  return [
    { role: 'undo', registerAccelerator: false },
    { role: 'redo', registerAccelerator: false },
    ...items(['separator', 'cut', 'copy', 'paste', 'delete', 'separator', 'selectAll']),
  ];
}

export function appMenuTemplate({ platform, packaged }: MenuContext): MenuItemConstructorOptions[] {
  const view: (Role | 'separator')[] = ['resetZoom', 'zoomIn', 'zoomOut', 'separator', 'togglefullscreen'];
  if (!packaged) view.unshift('reload', 'forceReload', 'toggleDevTools', 'separator');
  return [
    ...(platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    platform === 'darwin' ? { role: 'editMenu' } : { label: 'Edit', submenu: editItems() },
    { label: 'View', submenu: items(view) },
    { role: 'windowMenu' },
  ];
}
