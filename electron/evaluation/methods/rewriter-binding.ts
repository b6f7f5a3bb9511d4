/**
 * The rewriter the evaluation uses for its LLM methods: electron/rewriter/, the same pass
 * loop as the app. For `request.arity` 1 or 3 it rewrites the spans of
 * `request.detection` (re-checking against the evaluation's index between passes); for
 * null it runs the paper's baseline without spans.
 */
import { rewriterBinding } from '../../rewriter/evaluation-binding.js';
import type { RewriterBinding } from './llm-methods.js';

/** The rewriter binding. */
export const REWRITER_BINDING: RewriterBinding | undefined = rewriterBinding;
