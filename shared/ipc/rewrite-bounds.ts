/**
 * Bounds of the model's rewriting settings, apart from the schemas so that the renderer
 * can check a field as the clerk types it without bundling the schema library.
 */
/** The contract's bounds, for the app and the CLI alike. */
export const REWRITE_BOUNDS = {
  temperature: { min: 0, max: 2 },
  maxPasses: { min: 1, max: 10 },
  fewShot: { min: 0, max: 4 },
  maxTokens: { min: 8, max: 8192 },
  /** A seed is a 31-bit integer. */
  seed: { min: 0, max: 2 ** 31 - 1 },
} as const;
