/**
 * The channel names of the IPC contract, without its schemas: what the preload needs to
 * build window.api (a test keeps this list equal to the contract's).
 */
export const CHANNEL_NAMES = [
  'app:info',
  'collections:list',
  'collections:open',
  'collections:forget',
  'collections:create',
  'collections:add',
  'collections:remove-documents',
  'collections:documents',
  'collections:statistics',
  'files:upload',
  'dialog:pick',
  'documents:list',
  'documents:open',
  'documents:get',
  'documents:edit',
  'documents:undo',
  'documents:redo',
  'documents:versions',
  'documents:restore',
  'documents:settings',
  'documents:delete',
  'detection:check',
  'detection:combinations',
  'detection:suggest-source',
  'detection:fuzzy-rank',
  'suggestions:generate',
  'suggestions:list',
  'suggestions:accept',
  'suggestions:reject',
  'suggestions:accept-all',
  'export:run',
  'models:list',
  'models:choose',
  'models:settings',
  'models:hash',
  'jobs:get',
  'jobs:cancel',
] as const;

/** The one channel the main process pushes events on. */
export const EVENT_CHANNEL = 'app:event';
