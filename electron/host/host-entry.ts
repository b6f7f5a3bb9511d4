/**
 * `npm run serve`: the browser host. Prints the address (with its one-time token) and
 * serves until Ctrl-C.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { modelFolders } from '../rewriter/model-manager.js';
import { appVersion } from '../runtime/app-version.js';
import { defaultWorkspaceFolder } from '../runtime/workspace-folder.js';
import { AppServices } from '../services/app-services.js';
import { seedDemo } from '../services/demo.js';
import { defaultRendererFolder, startHost } from './host-server.js';

const { values } = parseArgs({
  options: {
    workspace: { type: 'string' },
    demo: { type: 'string' },
    port: { type: 'string' },
    'export-folder': { type: 'string' },
    renderer: { type: 'string' },
    json: { type: 'boolean' },
  },
});

const workspaceFolder = values.workspace ?? defaultWorkspaceFolder();
const services = new AppServices({
  workspaceFolder,
  shell: 'browser',
  version: appVersion(),
  exportFolder: values['export-folder'],
  // models/ of the checkout (beside dist/ or electron/), then the workspace's models folder.
  modelFolders: modelFolders({
    packaged: false,
    appRoot: fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../..' : '..', import.meta.url)),
    userData: workspaceFolder,
  }),
});
if (values.demo !== undefined) {
  try {
    await seedDemo(services, values.demo);
  } catch (error) {
    process.stderr.write(`unlinkable: the demo data could not be set up (${error instanceof Error ? error.message : String(error)}); starting without it.\n`);
  }
}
services.loadRecentCollection();
const host = await startHost({
  services,
  rendererFolder: values.renderer ?? defaultRendererFolder(import.meta.url),
  port: values.port === undefined ? 0 : Number(values.port),
});

if (values.json === true) process.stdout.write(`${JSON.stringify({ url: host.url, port: host.port, token: host.token })}\n`);
else {
  process.stdout.write(
    `\nUnlinkable is running in your browser at:\n\n  ${host.url}\n\n(only this computer can reach it; the address holds a one-time key). Press Ctrl-C to stop.\n`,
  );
}

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await host.close();
  await services.dispose();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
