/**
 * Worker thread holding the open collections: checks, combinations, statistics and
 * document lists run here so the main process (and the UI) never waits on them.
 */
import type { ReviewSettings } from '../../shared/ipc/types.js';
import { EngineState } from './engine-state.js';
import { serveOperations } from './worker-host.js';

const state = new EngineState();

interface CheckArgs {
  path: string;
  text: string;
  settings: ReviewSettings;
  documentKey: string;
}

serveOperations({
  info: (args: { path: string }) => state.info(args.path),
  close: (args: { path: string }) => state.close(args.path),
  check: (args: CheckArgs) => state.check(args.path, args.text, args.settings, args.documentKey),
  combinations: (args: CheckArgs, context) => state.combinations(args.path, args.text, args.settings, args.documentKey, context.signal),
  statistics: (args: { path: string }, context) => state.statistics(args.path, context.signal, context.progress),
  suggestSource: (args: { path: string; text: string; settings: ReviewSettings }) => state.suggestSource(args.path, args.text, args.settings),
  fuzzyRank: (args: { path: string; text: string; sourceId: string | null }) => state.fuzzyRank(args.path, args.text, args.sourceId),
  documents: (args: { path: string; search: string; offset: number; limit: number }) => state.documents(args.path, args.search, args.offset, args.limit),
  hasDocument: (args: { path: string; id: string }) => state.hasDocument(args.path, args.id),
});
