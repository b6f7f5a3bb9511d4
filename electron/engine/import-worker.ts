/**
 * Worker thread for one collection import (create or add): reading, tokenizing and
 * sorting run here, with progress, so the main process stays responsive.
 */
import { addInputs, createFromInputs, removeIds } from '../services/collections.js';
import { serveOperations } from './worker-host.js';

interface ImportArgs {
  path: string;
  inputs: string[];
  name?: string;
  replace?: boolean;
}

serveOperations({
  create: (args: ImportArgs, context) => createFromInputs(args.path, args.inputs, { name: args.name, signal: context.signal, onProgress: context.progress }),
  add: (args: ImportArgs, context) => addInputs(args.path, args.inputs, { replace: args.replace, signal: context.signal, onProgress: context.progress }),
  remove: (args: { path: string; ids: string[] }, context) => removeIds(args.path, args.ids, { signal: context.signal, onProgress: context.progress }),
});
