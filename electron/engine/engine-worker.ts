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
  /** The single-N-gram check only: answer partially after this long (EngineState.check). */
  pauseAfterMs?: number | undefined;
}

/** `operation` once no load of its collection is under way (see EngineState.whenLoaded). */
function afterLoad<A extends { path: string }, R>(operation: (args: A, context: OperationContext) => R) {
  return async (args: A, context: OperationContext): Promise<Awaited<R>> => {
    await state.whenLoaded(args.path);
    return await operation(args, context);
  };
}

/** What the engine worker does; the main process's client is typed from this object. */
export const engineOperations = {
  info: afterLoad((args: { path: string }) => state.info(args.path)),
  load: (args: { path: string }, context: OperationContext) => state.load(args.path, context.signal, context.progress),
  close: afterLoad((args: { path: string }) => state.close(args.path)),
  check: afterLoad((args: CheckArgs) => state.check(args.path, args.text, args.settings, args.documentKey, args.pauseAfterMs)),
  combinations: afterLoad((args: CheckArgs, context) =>
    state.combinations(args.path, args.text, args.settings, args.documentKey, context.signal, context.progress),
  ),
  statistics: afterLoad((args: { path: string }, context) => state.statistics(args.path, context.signal, context.progress)),
  suggestSource: afterLoad((args: { path: string; text: string; settings: ReviewSettings }) => state.suggestSource(args.path, args.text, args.settings)),
  fuzzyRank: afterLoad((args: { path: string; text: string; sourceId: string | null }) => state.fuzzyRank(args.path, args.text, args.sourceId)),
  documents: (args: { path: string; search: string; offset: number; limit: number }) => state.documents(args.path, args.search, args.offset, args.limit),
  hasDocument: afterLoad((args: { path: string; id: string }) => state.hasDocument(args.path, args.id)),
  knownWords: afterLoad((args: { path: string; keys: string[] }) => state.knownWords(args.path, args.keys)),
  plan: afterLoad((args: CheckArgs & { keep: { start: number; end: number }[] }, context) =>
    state.plan(args.path, args.text, args.settings, args.documentKey, args.keep, context.signal, context.progress),
  ),
} satisfies Operations;

export type EngineOperations = typeof engineOperations;

serveOperations(engineOperations);
