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
      expect(roles).toEqual(expect.arrayContaining(['fileMenu', 'editMenu', 'windowMenu', 'zoomIn', 'zoomOut', 'resetZoom']));
      for (const developerRole of ['reload', 'forceReload', 'toggleDevTools'] as const) expect(roles.includes(developerRole)).toBe(!context.packaged);
      expect(roles.includes('appMenu')).toBe(context.platform === 'darwin');
    }
  });
});
