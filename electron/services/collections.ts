/**
 * Collection services shared by the CLI, the Electron main process and the browser host.
 * The steps themselves live in index-store/collection-files.ts, below the engine's import
 * worker that runs them off the main process; the front doors reach them through here.
 */
export {
  addInputs,
  compact,
  createFromInputs,
  isWritable,
  openCollection,
  removeIds,
  type FileCount,
  type ImportOptions,
  type InputsReport,
  type JobProgress,
} from '../index-store/collection-files.js';
