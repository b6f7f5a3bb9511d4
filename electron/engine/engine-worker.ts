/**
 * Worker thread holding the open collections: checks, combinations, statistics and
 * document lists run here so the main process (and the UI) never waits on them.
 */
import type { ReviewSettings } from '../../shared/ipc/types.js';
import { EngineState } from './engine-state.js';
import { serveOperations, type OperationContext, type Operations } from './worker-host.js';

const state = new EngineState();

interface CheckArgs {
  path: string;
  text: string;
  settings: ReviewSettings;
  documentKey: string;
}

/** What the engine worker does; the main process's client is typed from this object. */
export const engineOperations = {
  info: (args: { path: string }) => state.info(args.path),
  load: (args: { path: string }, context: OperationContext) => state.load(args.path, context.signal, context.progress),
  close: (args: { path: string }) => state.close(args.path),
  check: (args: CheckArgs) => state.check(args.path, args.text, args.settings, args.documentKey),
  combinations: (args: CheckArgs, context: OperationContext) => state.combinations(args.path, args.text, args.settings, args.documentKey, context.signal),
  statistics: (args: { path: string }, context: OperationContext) => state.statistics(args.path, context.signal, context.progress),
  suggestSource: (args: { path: string; text: string; settings: ReviewSettings }) => state.suggestSource(args.path, args.text, args.settings),
  fuzzyRank: (args: { path: string; text: string; sourceId: string | null }) => state.fuzzyRank(args.path, args.text, args.sourceId),
  documents: (args: { path: string; search: string; offset: number; limit: number }) => state.documents(args.path, args.search, args.offset, args.limit),
  hasDocument: (args: { path: string; id: string }) => state.hasDocument(args.path, args.id),
  plan: (args: CheckArgs & { keep: { start: number; end: number }[] }, context: OperationContext) =>
    state.plan(args.path, args.text, args.settings, args.documentKey, args.keep, context.signal),
} satisfies Operations;

export type EngineOperations = typeof engineOperations;

serveOperations(engineOperations);
