/**
 * `npm run serve`: the browser host. Prints the address (with its one-time token) and
 * serves until Ctrl-C.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AppError } from '../../shared/errors.js';
import { EXIT } from '../cli/exit-codes.js';
import { modelFolders } from '../rewriter/model-manager.js';
import { appVersion } from '../runtime/app-version.js';
import { defaultWorkspaceFolder } from '../runtime/workspace-folder.js';
import { AppServices } from '../services/app-services.js';
import { seedDemo } from '../services/demo.js';
import { defaultRendererFolder, startHost } from './host-server.js';

/** Ends the host with a message the clerk can act on (a damaged workspace, a port in use, a bad option), without a stack trace. */
function fail(message: string, code: number): never {
  process.stderr.write(`unlinkable: ${message}\n`);
  process.exit(code);
}

const OPTIONS = {
  workspace: { type: 'string' },
  demo: { type: 'string' },
  port: { type: 'string' },
  'export-folder': { type: 'string' },
  renderer: { type: 'string' },
  json: { type: 'boolean' },
} as const;
let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
try {
  ({ values } = parseArgs({ options: OPTIONS }));
} catch (error) {
  fail(`${(error as Error).message}. Options: --workspace DIR, --demo DIR, --port N, --export-folder DIR, --renderer DIR, --json.`, EXIT.usage);
}
const port = values.port === undefined ? 0 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port takes a port number (0 to 65535), not "${values.port}".`, EXIT.usage);

const workspaceFolder = values.workspace ?? defaultWorkspaceFolder();
let services: AppServices;
try {
  services = new AppServices({
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
} catch (error) {
  // A damaged, foreign or newer workspace, or a folder that cannot be made: the message says what to do.
  if (error instanceof AppError) fail(error.message, EXIT.input);
  throw error;
}
if (values.demo !== undefined) {
  try {
    await seedDemo(services, values.demo);
  } catch (error) {
    process.stderr.write(`unlinkable: the demo data could not be set up (${error instanceof Error ? error.message : String(error)}); starting without it.\n`);
  }
}
services.loadRecentCollection();
let host: Awaited<ReturnType<typeof startHost>>;
try {
  host = await startHost({ services, rendererFolder: values.renderer ?? defaultRendererFolder(import.meta.url), port });
} catch (error) {
  if ((error as { code?: string }).code === 'EADDRINUSE')
    fail(`port ${port} is in use. Choose another with --port, or leave it out for a free one.`, EXIT.usage);
  throw error;
}

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
