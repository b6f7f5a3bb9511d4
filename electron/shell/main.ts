/**
 * The Electron main process: the thin shell around the same services the browser host
 * uses. Only electron/shell/ imports 'electron' (test/architecture checks it): the
 * services, engine and renderer run the same under the browser host and the CLI.
 */
import { app, BrowserWindow, dialog, Menu, screen, session } from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppServices, type PickPaths } from '../services/app-services.js';
import { seedDemo } from '../services/demo.js';
import { appMenuTemplate } from './app-menu.js';
import { registerAppScheme, serveRenderer } from './app-protocol.js';
import { setupIpc } from './ipc.js';
import { APP_ORIGIN } from './network-policy.js';
import { utilityLauncher } from './utility-launcher.js';
import { modelFolders } from '../rewriter/model-manager.js';
import { setupContentsSecurity, setupSessionSecurity } from './security.js';
import { MINIMUM_WINDOW_SIZE, readWindowState, saveWindowState, windowPlacement } from './window-state.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const windows: BrowserWindow[] = [];

registerAppScheme();
setupContentsSecurity();
if (!app.requestSingleInstanceLock()) app.quit();

function demoFolder(): string | undefined {
  const candidates = [process.env.UNLINKABLE_DEMO, join(process.resourcesPath ?? '', 'demo'), join(here, '..', 'demo')];
  return candidates.find((c): c is string => c !== undefined && existsSync(join(c, 'collection.jsonl.gz')));
}

const pickPaths: PickPaths = async (purpose) => {
  const window = BrowserWindow.getFocusedWindow() ?? windows[0];
  const options: Electron.OpenDialogOptions = {
    'collection-open': { title: 'Open a collection', properties: ['openFile'], filters: [{ name: 'Unlinkable collections', extensions: ['unl'] }] },
    'import-files': {
      title: 'Import documents',
      properties: ['openFile', 'multiSelections'],
      filters: [{ name: 'Documents', extensions: ['jsonl', 'gz', 'txt', 'md'] }],
    },
    'import-folder': { title: 'Import a folder of .jsonl, .jsonl.gz, .txt and .md files', properties: ['openDirectory'] },
    document: { title: 'Open a de-identified document', properties: ['openFile'], filters: [{ name: 'Documents', extensions: ['txt', 'md', 'jsonl', 'gz'] }] },
    'export-folder': { title: 'Export to folder', properties: ['openDirectory', 'createDirectory'] },
    model: { title: 'Choose a language model (GGUF)', properties: ['openFile'], filters: [{ name: 'GGUF models', extensions: ['gguf'] }] },
  }[purpose] as Electron.OpenDialogOptions;
  const result = window === undefined ? await dialog.showOpenDialog(options) : await dialog.showOpenDialog(window, options);
  return result.canceled ? [] : result.filePaths;
};

function createWindow(onPageGone: () => void): void {
  // The first window opens where the last one closed (window-state.ts); others at the default size.
  const userData = app.getPath('userData');
  const remembered = windows.length === 0;
  const placement = windowPlacement(
    remembered ? readWindowState(userData) : undefined,
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const window = new BrowserWindow({
    width: placement.width,
    height: placement.height,
    ...(placement.x !== undefined && placement.y !== undefined ? { x: placement.x, y: placement.y } : {}),
    minWidth: MINIMUM_WINDOW_SIZE.width,
    minHeight: MINIMUM_WINDOW_SIZE.height,
    title: 'Unlinkable',
    show: false,
    webPreferences: {
      preload: join(here, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  windows.push(window);
  if (remembered) window.on('close', () => saveWindowState(userData, { bounds: window.getNormalBounds(), maximized: window.isMaximized() }));
  window.on('closed', () => {
    windows.splice(windows.indexOf(window), 1);
    onPageGone();
  });
  // A reload or a crashed page no longer waits for the checks and plans it asked for (AppServices.pageGone).
  window.webContents.on('did-start-loading', onPageGone);
  window.webContents.on('render-process-gone', onPageGone);
  // maximize() would also show the window, so it waits for the first paint like show() does.
  window.once('ready-to-show', () => {
    if (placement.maximized) window.maximize();
    window.show();
  });
  void window.loadURL(`${APP_ORIGIN}/index.html`);
}

void app.whenReady().then(async () => {
  setupSessionSecurity(session.defaultSession);
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate({ platform: process.platform, packaged: app.isPackaged })));
  serveRenderer(join(here, 'renderer'));
  let services: AppServices;
  try {
    services = new AppServices({
      workspaceFolder: join(app.getPath('userData'), 'workspace'),
      shell: 'electron',
      version: app.getVersion(),
      pickPaths,
      modelFolders: modelFolders({ packaged: app.isPackaged, appRoot: join(here, '..'), userData: app.getPath('userData') }),
      llmLauncher: utilityLauncher,
    });
  } catch (error) {
    // A damaged or newer workspace: say what to do (the message does) rather than start without a window.
    dialog.showErrorBox('Unlinkable could not start', error instanceof Error ? error.message : String(error));
    app.quit();
    return;
  }
  setupIpc(services, () => windows);
  const demo = demoFolder();
  // As in the browser host: demo data that cannot be set up must not keep the window from opening.
  if (demo !== undefined) {
    await seedDemo(services, demo).catch((error: unknown) =>
      process.stderr.write(`unlinkable: the demo data could not be set up (${error instanceof Error ? error.message : String(error)}); starting without it.\n`),
    );
  }
  services.loadRecentCollection();
  const pageGone = (): void => services.pageGone();
  createWindow(pageGone);
  // Opening the app again brings the open window forward, out of the dock or taskbar if minimised.
  app.on('second-instance', () => {
    const window = windows[0];
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('activate', () => {
    if (windows.length === 0) createWindow(pageGone);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => void services.dispose());
});
