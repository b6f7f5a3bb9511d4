/**
 * Where the clerk's workspace lives when the shell does not say (Electron uses its
 * userData folder): $UNLINKABLE_WORKSPACE, else the platform's per-user data folder.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultWorkspaceFolder(): string {
  if (process.env.UNLINKABLE_WORKSPACE) return process.env.UNLINKABLE_WORKSPACE;
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Unlinkable');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Unlinkable');
  return join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'unlinkable');
}
