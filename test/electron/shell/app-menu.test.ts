import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { appMenuTemplate } from '../../../electron/shell/app-menu.js';

/** Every item of a template, submenus included. */
function flatten(template: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

const contexts = (['linux', 'win32', 'darwin'] as const).flatMap((platform) => [true, false].map((packaged) => ({ platform, packaged })));

describe('application menu', () => {
  it('is made of standard roles only: nothing can open a URL or run code of ours', () => {
    for (const context of contexts) {
      for (const item of flatten(appMenuTemplate(context))) {
        expect(item.click, JSON.stringify(context)).toBeUndefined();
        expect(item.role !== undefined || item.type === 'separator' || Array.isArray(item.submenu), JSON.stringify(item)).toBe(true);
        expect(item.role).not.toBe('help');
      }
    }
  });

  it('offers editing everywhere, and reload and the developer tools only to unpackaged builds', () => {
    for (const context of contexts) {
      const roles = flatten(appMenuTemplate(context)).map((item) => item.role);
      expect(roles).toEqual(expect.arrayContaining(['fileMenu', 'windowMenu', 'zoomIn', 'zoomOut', 'resetZoom']));
      const editing = context.platform === 'darwin' ? ['editMenu'] : ['undo', 'redo', 'cut', 'copy', 'paste', 'delete', 'selectAll'];
      expect(roles).toEqual(expect.arrayContaining(editing));
      for (const developerRole of ['reload', 'forceReload', 'toggleDevTools'] as const) expect(roles.includes(developerRole)).toBe(!context.packaged);
      expect(roles.includes('appMenu')).toBe(context.platform === 'darwin');
    }
  });

  it('leaves Ctrl+Z and the redo keys to the page on Linux and Windows, where a menu takes its keys before the page', () => {
    for (const context of contexts) {
      const items = flatten(appMenuTemplate(context));
      for (const role of ['undo', 'redo'] as const) {
        const item = items.find((i) => i.role === role);
        if (context.platform === 'darwin') expect(item).toBeUndefined();
        else expect(item?.registerAccelerator, `${role} ${JSON.stringify(context)}`).toBe(false);
      }
    }
  });
});
