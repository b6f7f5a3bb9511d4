/**
 * Worker thread for one collection import (create or add), removal or compaction: reading,
 * tokenizing and sorting run here, with progress, so the main process stays responsive.
 */
import { addInputs, compact, createFromInputs, removeIds } from '../index-store/collection-files.js';
import { serveOperations, type OperationContext, type Operations } from './worker-host.js';

interface ImportArgs {
  path: string;
  inputs: string[];
  name?: string;
  replace?: boolean;
}

/** What an import worker does; its client is typed from this object. */
export const importOperations = {
  create: (args: ImportArgs, context: OperationContext) =>
    createFromInputs(args.path, args.inputs, { name: args.name, signal: context.signal, onProgress: context.progress }),
  add: (args: ImportArgs, context: OperationContext) =>
    addInputs(args.path, args.inputs, { replace: args.replace, signal: context.signal, onProgress: context.progress }),
  remove: (args: { path: string; ids: string[] }, context: OperationContext) =>
    removeIds(args.path, args.ids, { signal: context.signal, onProgress: context.progress }),
  compact: (args: { path: string }, context: OperationContext) => compact(args.path, { signal: context.signal, onProgress: context.progress }),
} satisfies Operations;

export type ImportOperations = typeof importOperations;

serveOperations(importOperations);
