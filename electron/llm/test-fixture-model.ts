/**
 * Recognises the tiny random-weight model the tests generate (models/tiny-qwen3.ts). It
 * drives pipelines in tests, but what it produces is noise: anything that reports results
 * (the evaluation) must refuse it or mark its figures as a fixture's.
 */
import type { ModelInfo } from './gguf-metadata.js';

/** `general.name` written by models/tiny-qwen3.ts. */
export const TEST_FIXTURE_MODEL_NAME = 'Unlinkable tiny test model';

/** True for the generated test model (by its `general.name`). */
export function isTestFixtureModel(info: Pick<ModelInfo, 'name'>): boolean {
  return info.name === TEST_FIXTURE_MODEL_NAME;
}
