/**
 * The in-context rewriter (paper §3.3): what the app, the CLI, the evaluation and the
 * benchmark import.
 */
export { chunkText, type Chunk, type ChunkOptions } from './chunking.js';
export { cachedSha256, identityOf } from './model-identity.js';
export {
  describeBackend,
  loadForRewriting,
  modelFolders,
  ModelManager,
  type ModelFileEntry,
  type ModelPreference,
  type RewriteLoadOptions,
} from './model-manager.js';
export { ModelSuggestionSource, type ModelSourceOptions } from './model-source.js';
export { describeProgress } from './progress.js';
export { rewriteBaseline, rewriteDocument, type BaselineInput, type RewriteInput, type RewriteResult } from './rewrite-document.js';
export { DEFAULT_BASELINE_PASSES, DEFAULT_MAX_PASSES, DEFAULT_MAX_RETRIES, DEFAULT_TEMPERATURE } from './settings.js';
export type * from './types.js';
